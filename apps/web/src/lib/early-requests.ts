import { collegeLogoRequest } from './college-logo-request.ts';
import { dashboardFollowUpRequests, matchFirstScreen } from './first-screens.ts';
import { isSuccessStatus, sendHttpRequest, type HttpRequest, type HttpResponse } from './http-request.ts';
import { isFresh, readTokens, tokenClaims } from './session/token-store.ts';

// The answers every page of the app waits for before it shows anything: the college, the user (the
// auth middleware), the current period (menu and dashboard) and, for students, the access restrictions.
// index.html starts them from a small entry of its own (`early-main.ts`), ahead of the app's libraries,
// so on a slow link these answers arrive while the app's scripts still download instead of after them,
// one round trip after another; the app's client takes them instead of asking again. See docs/web.md
// "Answers asked for early". On a first screen (first-screens.ts) the page's own answers go out too, and
// for a signed-in visitor the college's logo, which the shell shows.
const publicPaths = ['/v1/configuration'];
const signedInPaths = ['/v2/user_info', '/v1/semester_akademik_berjalan'];
const studentPaths = ['/v2/lms/check_pembatasan'];

/**
 * An early answer not taken by then is dropped: the app asks for what it shows later itself (a page the
 * route guards turned away, a meeting opened again an hour on must not get the answer of the page load).
 */
const earlyAnswerLifetimeMs = 30_000;

interface EarlyRequest {
  accessToken: string | null;
  answer: Promise<HttpResponse<unknown> | undefined>;
}

const pending = new Map<string, EarlyRequest>();
/**
 * GETs the app has sent itself within the early answers' lifetime (cleared with them): an answer the
 * early entry asks for later (the dashboard's follow-ups) would otherwise come twice.
 */
const askedByApp = new Set<string>();

let startedAt: number | undefined;

/**
 * Asks for the start-up answers (and a first screen's, by the page's path; the dashboard's calendar and
 * classes once the college's and the period's answers are in) once, with the stored token while it is
 * fresh (a refresh is the app's).
 */
export function startEarlyRequests(pathname = location.pathname): void {
  if (startedAt !== undefined) return;
  startedAt = Date.now();
  const tokens = readTokens();
  const accessToken = tokens && isFresh(tokens) ? tokens.accessToken : null;
  const ask = (path: string, token: string | null, request: HttpRequest = { method: 'GET', url: path }) =>
    pending.set(path, {
      accessToken: token,
      // A failure is the app's to report: it asks again in its own way.
      answer: sendHttpRequest<unknown>({ ...request, accessToken: token }).catch(() => undefined),
    });
  for (const path of publicPaths) ask(path, null);
  if (!accessToken) return;
  for (const path of signedInPaths) ask(path, accessToken);
  const role = tokenClaims(accessToken)?.role;
  if (role === 'mahasiswa') for (const path of studentPaths) ask(path, accessToken);
  const firstScreen = matchFirstScreen(pathname);
  for (const path of firstScreen?.requests ?? []) ask(path, accessToken);
  // Public, so without the token; after the page's own answers, which its first screen waits for.
  ask(collegeLogoRequest.url, null, collegeLogoRequest);
  if (firstScreen?.screen === 'dashboard') {
    const configuration = dataOf<{ time_zone: string }>('/v1/configuration');
    const semester = dataOf<{ periode: number } | null>('/v1/semester_akademik_berjalan');
    void Promise.all([configuration, semester]).then(([college, period]) => {
      if (!college) return;
      const requests = dashboardFollowUpRequests({
        timeZone: college.time_zone,
        periode: period?.periode ?? null,
        listsClasses: role !== 'operator',
      });
      // The app may have started first (its scripts from the phone's cache) and asked already.
      for (const path of requests) if (!askedByApp.has(path)) ask(path, accessToken);
    });
  }
}

/** The data of an early answer (its envelope's `data`), taken or not; undefined when it failed. */
async function dataOf<T>(path: string): Promise<T | undefined> {
  const answer = await pending.get(path)?.answer;
  return answer && isSuccessStatus(answer.status) ? (answer.data as { data?: T }).data : undefined;
}

/**
 * The early answer to a GET of `url` (with its query string) sent with the same token, once, within 30 s
 * of the page's load; undefined when there is none, it failed or was refused (the caller then sends the
 * request itself and handles the failure as always).
 */
export async function takeEarlyAnswer<T>(
  url: string,
  accessToken: string | null,
): Promise<HttpResponse<T> | undefined> {
  if (startedAt !== undefined && Date.now() - startedAt > earlyAnswerLifetimeMs) {
    pending.clear();
    askedByApp.clear();
  }
  const early = pending.get(url);
  if (!early || early.accessToken !== accessToken) {
    askedByApp.add(url);
    return undefined;
  }
  pending.delete(url);
  const answer = await early.answer;
  return answer && isSuccessStatus(answer.status) ? (answer as HttpResponse<T>) : undefined;
}
