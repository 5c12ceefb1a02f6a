import type { SiakadAuthorizeRequest } from '@lms/contract/auth.schema';
import { webClientId } from '@lms/contract/auth.rules';
import type { CollegeConfiguration } from '@lms/contract/college.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { randomUrlSafe } from '../../../lib/pkce.ts';

/** The query of /sso (spec 1 §2). */
export interface SsoRequest {
  app: string;
  legacy: boolean;
  role: string;
  path: string;
}

/** Reads /sso's query. */
export function parseSsoRequest(params: URLSearchParams): SsoRequest {
  return {
    app: params.get('app') ?? 'siakad',
    legacy: params.get('legacy') === 'true',
    role: params.get('role') ?? '',
    path: params.get('path') ?? '',
  };
}

/**
 * Where on SIAKAD to land. The server keeps a redirect_uri only on SIAKAD's own origin and otherwise
 * answers with SIAKAD's address, so an empty path (students: SIAKAD's home) sends the configured
 * address when the configuration names one, else a value that names no page there.
 */
export function siakadRedirectUri(path: string, configuration: CollegeConfiguration | undefined): string {
  if (path) return path;
  return configuration?.url_sikad_legacy || 'about:blank';
}

/**
 * SIAKAD single sign-on: a one-time code from POST /v2/authorize/sikad (form data, spec 1 §7), then
 * the keluar_ke_sikad log call (its failure only logged); answers the address to send the browser to.
 */
export async function authorizeSiakad(
  request: SsoRequest,
  configuration: CollegeConfiguration | undefined,
): Promise<string> {
  const form: SiakadAuthorizeRequest = {
    response_type: 'code',
    client_id: webClientId,
    state: randomUrlSafe(16),
    redirect_uri: siakadRedirectUri(request.path, configuration),
    ...(request.role ? { as_role: request.role } : {}),
  };
  const response = await apiClient.post<{ data: { redirect_url: string } }>(
    '/v2/authorize/sikad',
    new URLSearchParams(form as Record<string, string>),
  );
  try {
    await apiClient.post('/v2/lms/log_aktivitas/keluar_ke_sikad');
  } catch (error) {
    console.warn('Log keluar_ke_sikad failed', error);
  }
  return response.data.data.redirect_url;
}
