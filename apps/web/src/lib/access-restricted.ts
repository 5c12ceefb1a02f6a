/**
 * The server's answer to a student restricted for unpaid fees on every route but its allow-list
 * (403 `akses_dibatasi_tunggakan`): a flag set while the app is open shows /forbidden at the next call,
 * as the access-restriction middleware does on navigation.
 */
export const feeRestrictionCode = 'akses_dibatasi_tunggakan';

/** Shows /forbidden with a full load, so the middleware and the restriction status start afresh. */
export function showAccessRestriction(): void {
  if (window.location.pathname.startsWith('/forbidden')) return;
  window.location.assign('/forbidden');
}
