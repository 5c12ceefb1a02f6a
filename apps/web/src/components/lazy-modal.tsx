import { Suspense, useState, type ComponentType } from 'react';
import { lazyWithAntd } from './lazy-with-antd.tsx';
import { PageLoader } from './page-loader.tsx';

/**
 * Wraps a dialog so that its code (forms, editors, date pickers, uploads, tables) is fetched the first
 * time it opens, not with the page (docs/web.md, "Lazy dialogs and editors"). Until then it renders
 * nothing, as a closed antd Modal does; once opened it stays mounted, so it closes with its animation
 * and keeps its state as the eager dialog did. While the code loads a spinner covers the page, which
 * moves nothing beneath it. The dialog brings antd's provider with it: the class page, which opens most
 * of them, is drawn without antd.
 */
export function lazyModal<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazyWithAntd(load);
  function LazyModal(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Remembered during render (React's pattern for state derived from props): no closed frame between.
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={<PageLoader overlay />}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
