import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';
import { SessionWatcher } from './session-watcher.tsx';

/** Root component: providers, the session watcher and the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <SessionWatcher router={router} />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
