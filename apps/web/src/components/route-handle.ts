import { useMatches } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Page title in the header and the breadcrumb. */
  title: string;
  /** A parent crumb between the home icon and this page. */
  parent?: { title: string; path: string };
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
