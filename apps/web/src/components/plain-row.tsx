import type { CSSProperties, ReactNode } from 'react';
import './plain-row.css';

/**
 * antd Space's horizontal row as plain markup: inline, centred, wrapping, with its gap; like Space, it is
 * not drawn (nor its margin) when nothing is in it. A span, so it can sit in a button's label.
 */
export function PlainRow({
  gap = 8,
  style,
  children,
}: {
  gap?: number;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <span className="plain-row" style={{ gap, ...style }}>
      {children}
    </span>
  );
}
