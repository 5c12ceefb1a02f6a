import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageTitle } from './menus.ts';

/**
 * The frame of every route: keeps the document title on the shared rule (spec 1 §2), so pages without
 * a title of their own (the 404 page, /oauth, /dev) never keep the previous page's after client-side
 * navigation.
 */
export function PageTitleFrame() {
  const { pathname } = useLocation();
  // A layout effect runs before any page's passive effect, so a page that names itself still wins.
  useLayoutEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return <Outlet />;
}
