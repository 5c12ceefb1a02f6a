import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Page title in the header, and the route's crumb in the breadcrumb until the page names it. */
  title: string;
}

/** One level of the breadcrumb: its label and the path it links to. */
export interface Crumb {
  title: string;
  path: string;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

// Labels pages give their crumbs (path → label). A module-level store rather than a context: the
// breadcrumb sits in the header, outside the page that knows the label, and both live in one router.
const crumbLabels = new Map<string, string>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, string> = new Map();

function publish() {
  snapshot = new Map(crumbLabels);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Without a trailing slash and with each segment decoded, so a route's match (React Router decodes it)
 * and a page's location or its own `/kelas/${encodeURIComponent(id)}` name the same crumb.
 */
function crumbPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed
    .split('/')
    .map((segment) => {
      try {
        // As React Router does: a decoded '/' inside a segment stays escaped.
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Names a crumb with what the page loaded, e.g. a class page gives '/kelas/{id}' the course name instead
 * of 'Detail Kelas', and a meeting page can name its class's crumb too. `path` defaults to the page's own
 * path. The label goes when the page unmounts or passes `undefined`.
 */
export function useCrumbLabel(label: string | undefined, path?: string): void {
  const { pathname } = useLocation();
  const target = crumbPath(path ?? pathname);
  useEffect(() => {
    if (!label) return;
    crumbLabels.set(target, label);
    publish();
    return () => {
      if (crumbLabels.get(target) === label) crumbLabels.delete(target);
      publish();
    };
  }, [target, label]);
}

/**
 * The breadcrumb of the current page, outermost first: one crumb per matched route with a handle (nested
 * routes chain: Kelas Kuliah › class › meeting), each linking to the path it matched, labelled by the
 * page when it named it (`useCrumbLabel`), else by the route's title.
 */
export function useRouteCrumbs(): Crumb[] {
  const matches = useMatches();
  const labels = useSyncExternalStore(subscribe, () => snapshot);
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (!handle?.title) continue;
    const path = crumbPath(match.pathname);
    const crumb = { title: labels.get(path) ?? handle.title, path };
    // A pathless or index route with a handle repeats its parent's path: the deeper one names it.
    if (crumbs.at(-1)?.path === path) crumbs[crumbs.length - 1] = crumb;
    else crumbs.push(crumb);
  }
  return crumbs;
}
