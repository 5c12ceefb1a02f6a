import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import '../lib/date.ts';
import { queryClient } from '../lib/query-client.ts';
import { appTheme } from './theme.ts';
import './global.css';

/** App-wide providers: query cache, antd with the Indonesian locale and the app theme. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={idID} theme={appTheme}>
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
