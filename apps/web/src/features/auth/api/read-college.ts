import type { CollegeConfiguration } from '@lms/contract/college.schema';
import { collegeLogoRequest } from '../../../lib/college-logo-request.ts';
import { forgetCollegeId, rememberCollege } from '../../../lib/college.ts';
import { sendSuccessfulRequest } from '../../../lib/http-request.ts';
import { fetchPublicData } from './auth-http.ts';

/**
 * GET /v1/configuration for the sign-in page (name, copyright, demo accounts); remembers the college id,
 * name and colour mode as the app's `getConfiguration` does, and forgets a remembered college the server
 * no longer knows (a 400) and asks again.
 */
export async function readCollegeConfiguration(): Promise<CollegeConfiguration> {
  let configuration: CollegeConfiguration;
  try {
    configuration = await fetchPublicData<CollegeConfiguration>('/v1/configuration');
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 400) throw error;
    forgetCollegeId();
    configuration = await fetchPublicData<CollegeConfiguration>('/v1/configuration');
  }
  rememberCollege(configuration);
  return configuration;
}

/** GET /v1/logo_perguruan_tinggi as an object URL (it takes the role header, as in the app). */
export async function readCollegeLogo(): Promise<string> {
  const logo = await sendSuccessfulRequest<Blob>(collegeLogoRequest);
  return URL.createObjectURL(logo);
}
