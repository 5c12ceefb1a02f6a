import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import { Outlet } from 'react-router';
import { useColorMode } from '../lib/queries/get-configuration.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { themeFor } from './antd-theme.ts';
// antd's styles of its commonest components, built ahead (build/antd-styles.plugin.ts): they come with
// this module, so the first screens (without antd) neither download nor parse them.
import 'virtual:antd-common-styles';

/**
 * antd with the Indonesian locale and the theme of the college's `color_mode` (without motion for users
 * who prefer reduced motion), around the parts of the app that use antd. Loaded with them rather than at
 * start: the shell and the dashboard are plain markup, and antd's runtime was a third of a first screen's
 * script (docs/performance.md "Ninth round").
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const colorMode = useColorMode();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider locale={idID} theme={themeFor(colorMode, { reducedMotion })}>
      {children}
    </ConfigProvider>
  );
}

/** The route around every page that uses antd (app/router.tsx). */
export function AntdScopeRoute() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}
