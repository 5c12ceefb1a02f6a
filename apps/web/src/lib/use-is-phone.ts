import { useSyncExternalStore } from 'react';

/** Phones are narrower than the tablet breakpoint of spec 1 §9 (768 px). */
const phoneQuery = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(phoneQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the viewport is phone-sized; exact from the first render, unlike antd's useBreakpoint. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(phoneQuery).matches);
}
