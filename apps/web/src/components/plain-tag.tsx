import type { ReactNode } from 'react';
import './plain-tag.css';

/** The colours the app's tags use: antd's presets of the same names. */
export type PlainTagColor = 'default' | 'blue' | 'green' | 'gold' | 'orange';

/**
 * A tag in antd Tag's look (its preset colours from the theme's palette, so the contrast shades of
 * `theme.ts` and the dark theme apply) as plain markup: the shell, the dashboard and the status tags
 * draw it on the first screens, where antd's Tag brought antd's style runtime.
 */
export function PlainTag({
  color = 'default',
  className,
  children,
}: {
  color?: PlainTagColor;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`plain-tag plain-tag--${color}${className ? ` ${className}` : ''}`}>{children}</span>
  );
}
