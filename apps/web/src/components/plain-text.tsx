import type { HTMLAttributes } from 'react';
import './plain-text.css';

/**
 * Text in antd Typography.Text's looks (secondary, danger, strong) as a plain span, for the first screens
 * drawn without antd (the class page).
 */
export function PlainText({
  type,
  strong = false,
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { type?: 'secondary' | 'danger'; strong?: boolean }) {
  const classes = [type ? `plain-text--${type}` : '', strong ? 'plain-text--strong' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <span className={classes || undefined} {...rest} />;
}
