import type { HttpRequest } from './http-request.ts';

/**
 * GET /v1/logo_perguruan_tinggi: the college's logo as an image, public, with the role header the app
 * has always sent. Asked by the early entry beside the start-up answers (the shell shows the logo on
 * every page), by the app's logo query, which takes that answer, and by the sign-in page.
 */
export const collegeLogoRequest: HttpRequest & { responseType: 'blob' } = {
  method: 'GET',
  url: '/v1/logo_perguruan_tinggi',
  responseType: 'blob',
  headers: { role: 'mahasiswa' },
};
