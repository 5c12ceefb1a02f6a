import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import { Outlet } from 'react-router';
import { useConfiguration } from '../lib/queries/get-configuration.ts';
// antd's styles of the first screens' components, built ahead (build/antd-styles.plugin.ts): they come
// with this module, so a screen without antd (the dashboard) neither downloads nor parses them.
import 'virtual:antd-first-screen-styles';
import { themeFor } from './theme.ts';

/**
 * antd with the Indonesian locale and the theme of the college's `color_mode`, around the parts of the
 * app that use antd. Loaded with them rather than at start: the shell and the dashboard are plain markup,
 * and antd's provider and styles are a third of a first screen's script (docs/performance.md).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const colorMode = useConfiguration().data?.color_mode;
  return (
    <ConfigProvider locale={idID} theme={themeFor(colorMode)}>
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
