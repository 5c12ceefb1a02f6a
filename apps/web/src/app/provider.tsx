import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import dayjs from 'dayjs';
import idLocale from 'dayjs/locale/id';
import '../lib/date.ts';
import { queryClient } from '../lib/query-client.ts';
import { appTheme } from './theme.ts';
import './global.css';

// Weeks start on Minggu everywhere (date pickers and the dashboard calendar): spec 1 §9 names the days
// Minggu to Sabtu, and dayjs's Indonesian locale would start them on Senin. See docs/web.md.
dayjs.locale({ ...idLocale, weekStart: 0 });

/**
 * Toasts sit at the bottom of the screen (spec 2 §8, spec 3 §8) for every `App.useApp()` caller: bottom
 * for notifications here, and for messages, which antd always places at the top, in global.css.
 */
const toastConfig = { notification: { placement: 'bottom' as const }, message: { maxCount: 3 } };

/** App-wide providers: query cache, antd with the Indonesian locale and the app theme. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={idID} theme={appTheme}>
        <AntdApp {...toastConfig}>{children}</AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
