import { useEffect, type ReactNode } from 'react';
// The context's own module: the package's index would bring every part of the icons' runtime (~11 KB).
import IconContext from '@ant-design/icons/es/components/Context';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import idLocale from 'dayjs/locale/id';
import '../lib/date.ts';
import { applyColorMode } from '../lib/college.ts';
import { keepTabInDialogs } from '../lib/dialog-tab-cycle.ts';
import { useColorMode } from '../lib/queries/get-configuration.ts';
import { queryClient } from '../lib/query-client.ts';
import { ToastProvider } from '../components/toasts.tsx';
import '../components/base-text.css';
import './global.css';

// Weeks start on Minggu everywhere (date pickers and the dashboard calendar): spec 1 §9 names the days
// Minggu to Sabtu, and dayjs's Indonesian locale would start them on Senin. See docs/web.md.
dayjs.locale({ ...idLocale, weekStart: 0 });

/**
 * The college's `color_mode` on <html> (`data-color-mode`, `color-scheme`), for the theme's CSS variables,
 * the shell's own CSS and the browser's controls; antd's provider (components/antd-scope.tsx) reads it too.
 * Until the configuration comes, the mode of the last visit (set already by early-main.ts).
 */
function ColorMode() {
  const colorMode = useColorMode();
  useEffect(() => applyColorMode(colorMode), [colorMode]);
  return null;
}

// The icons' base rule comes with the app's CSS (main.tsx, `virtual:icon-styles.css`): without this, each
// icon checks for it and inserts it in an effect of its own, DOM lookups in the commit of every page
// (docs/performance.md "Thirteenth round"). antd's provider sets its own for what it draws.
const iconSettings = { zeroRuntime: true };

/** App-wide providers: query cache, the college's colour mode, toasts, icons without run-time styles. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => keepTabInDialogs(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <IconContext.Provider value={iconSettings}>
        <ColorMode />
        <ToastProvider>{children}</ToastProvider>
      </IconContext.Provider>
    </QueryClientProvider>
  );
}
