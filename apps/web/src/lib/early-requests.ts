import { isSuccessStatus, sendHttpRequest, type HttpResponse } from './http-request.ts';
import { isFresh, readTokens, tokenClaims } from './session/token-store.ts';

// The answers every page of the app waits for before it shows anything: the college, the user (the
// auth middleware), the current period (menu and dashboard) and, for students, the access restrictions.
// index.html starts them from a small entry of its own (`early-main.ts`), ahead of the app's libraries,
// so on a slow link these answers arrive while the app's scripts still download instead of after them,
// one round trip after another; the app's client takes them instead of asking again. See docs/web.md
// "Answers asked for early".
const publicPaths = ['/v1/configuration'];
const signedInPaths = ['/v2/user_info', '/v1/semester_akademik_berjalan'];
const studentPaths = ['/v2/lms/check_pembatasan'];

interface EarlyRequest {
  accessToken: string | null;
  answer: Promise<HttpResponse<unknown> | undefined>;
}

const pending = new Map<string, EarlyRequest>();

let started = false;

/** Asks for the start-up answers once, with the stored token while it is fresh (a refresh is the app's). */
export function startEarlyRequests(): void {
  if (started) return;
  started = true;
  const tokens = readTokens();
  const accessToken = tokens && isFresh(tokens) ? tokens.accessToken : null;
  const ask = (path: string, token: string | null) =>
    pending.set(path, {
      accessToken: token,
      // A failure is the app's to report: it asks again in its own way.
      answer: sendHttpRequest<unknown>({ method: 'GET', url: path, accessToken: token }).catch(
        () => undefined,
      ),
    });
  for (const path of publicPaths) ask(path, null);
  if (!accessToken) return;
  for (const path of signedInPaths) ask(path, accessToken);
  if (tokenClaims(accessToken)?.role === 'mahasiswa') for (const path of studentPaths) ask(path, accessToken);
}

/**
 * The early answer to a GET of `url` sent with the same token, once; undefined when there is none, it
 * failed or was refused (the caller then sends the request itself and handles the failure as always).
 */
export async function takeEarlyAnswer<T>(
  url: string,
  accessToken: string | null,
): Promise<HttpResponse<T> | undefined> {
  const early = pending.get(url);
  if (!early || early.accessToken !== accessToken) return undefined;
  pending.delete(url);
  const answer = await early.answer;
  return answer && isSuccessStatus(answer.status) ? (answer as HttpResponse<T>) : undefined;
}
