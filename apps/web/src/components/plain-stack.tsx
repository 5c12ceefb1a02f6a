import type { ReactNode } from 'react';
import './plain-stack.css';

/**
 * antd Space's vertical stack as plain markup (the whole width, `gap` between items), for the meeting
 * page's first screen and its content blocks. An item that keeps its own width (a button) takes
 * `alignSelf: 'flex-start'`.
 */
export function PlainStack({ gap = 12, children }: { gap?: number; children: ReactNode }) {
  return (
    <div className="plain-stack" style={{ gap }}>
      {children}
    </div>
  );
}
