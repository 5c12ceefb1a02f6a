import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './plain-button.css';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** antd Button's types: a filled primary, a bordered default, or a borderless text button. */
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
  /** Before the label; alone (no children) it makes a square icon button, which needs an aria-label. */
  icon?: ReactNode;
  /** A link that looks like the button (a full page load, as antd's Button with `href`). */
  href?: string;
}

function classesOf({ variant = 'default', size = 'middle', icon, children, className }: PlainButtonProps) {
  return [
    'plain-button',
    `plain-button--${variant}`,
    size === 'large' ? 'plain-button--large' : '',
    icon && (children === undefined || children === null) ? 'plain-button--icon-only' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button in antd Button's look (primary, default and text; middle and large; the theme's colours) as
 * plain markup, for the shell and the dashboard: antd's Button brings its wave effect, its compact-space
 * context and antd's style runtime to every page's first load.
 */
export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(props, ref) {
  const { variant: _variant, size: _size, icon, href, className: _className, children, ...rest } = props;
  const content = (
    <>
      {icon ? <span className="plain-button__icon">{icon}</span> : null}
      {children}
    </>
  );
  if (href !== undefined) {
    return (
      <a href={href} className={classesOf(props)} aria-label={rest['aria-label']}>
        {content}
      </a>
    );
  }
  return (
    <button ref={ref} type="button" className={classesOf(props)} {...rest}>
      {content}
    </button>
  );
});
