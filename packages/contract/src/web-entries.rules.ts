/**
 * Client routes with an HTML entry of their own in the web build, far lighter than the app shell
 * (docs/web.md "Own entries"): the sign-in page every phone downloads first and the exam page 2,000
 * students open at 08:00. Every other client route gets index.html. The server, the service worker
 * (through the build) and vite's dev and preview servers all decide by this one list.
 */
export const ownEntryPages: readonly { page: string; path: RegExp }[] = [
  { page: 'exam.html', path: /^\/ujian\/[^/]+\/soal\/?$/ },
  // The sign-in page and the forgotten-password pages it links to (issue 41).
  { page: 'login.html', path: /^\/(login|lupa-kata-sandi|reset-kata-sandi)\/?$/ },
];

/** The HTML file (in the build's root) that a client route's path, without its query, is served. */
export function entryPageFor(pathname: string): string {
  return ownEntryPages.find((entry) => entry.path.test(pathname))?.page ?? 'index.html';
}
