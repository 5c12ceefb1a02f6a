import type { HTMLAttributes } from 'react';
import './plain-tag.css';

/** The colours the app's tags use: antd's presets of the same names. */
export type PlainTagColor = 'default' | 'blue' | 'green' | 'gold' | 'orange' | 'red' | 'purple' | 'cyan';

/**
 * A tag in antd Tag's look (its preset colours from the theme's palette, so the contrast shades of
 * `antd-theme.ts` and the dark theme apply) as plain markup: the shell, the dashboard, the class page and
 * the status tags draw it on the first screens, where antd's Tag brought antd's style runtime.
 */
export function PlainTag({
  color = 'default',
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: PlainTagColor }) {
  return (
    <span className={`plain-tag plain-tag--${color}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </span>
  );
}
