import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import dayjs from 'dayjs';
import idLocale from 'dayjs/locale/id';
import '../lib/date.ts';
import { useConfiguration } from '../lib/queries/get-configuration.ts';
import { queryClient } from '../lib/query-client.ts';
import { ToastProvider } from '../components/toasts.tsx';
import { themeFor } from './theme.ts';
import '../components/base-text.css';
import './global.css';

// Weeks start on Minggu everywhere (date pickers and the dashboard calendar): spec 1 §9 names the days
// Minggu to Sabtu, and dayjs's Indonesian locale would start them on Senin. See docs/web.md.
dayjs.locale({ ...idLocale, weekStart: 0 });

/**
 * antd with the Indonesian locale and the theme of the college's `color_mode`; the mode also goes on
 * <html> (`data-color-mode`, `color-scheme`) for the shell's own CSS and the browser's controls.
 */
function ThemedApp({ children }: { children: ReactNode }) {
  const colorMode = useConfiguration().data?.color_mode === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    document.documentElement.dataset.colorMode = colorMode;
    document.documentElement.style.colorScheme = colorMode;
  }, [colorMode]);
  return (
    <ConfigProvider locale={idID} theme={themeFor(colorMode)}>
      <ToastProvider>{children}</ToastProvider>
    </ConfigProvider>
  );
}

/** App-wide providers: query cache, antd with the Indonesian locale and the college's theme, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
