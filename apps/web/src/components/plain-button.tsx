import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import './plain-button.css';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** antd Button's types: a filled primary, a bordered default, or a borderless text button. */
  variant?: 'primary' | 'default' | 'text';
  size?: 'small' | 'middle' | 'large';
  /** antd's `ghost` primary: the primary colour as outline and text on a clear background. */
  ghost?: boolean;
  /** The whole width of its container (antd's `block`). */
  block?: boolean;
  /** antd's `danger`: the error colour (a deletion). */
  danger?: boolean;
  /** A spinner instead of the icon while the click's work runs; further clicks are ignored. */
  loading?: boolean;
  /** Before the label; alone (no children) it makes a square icon button, which needs an aria-label. */
  icon?: ReactNode;
  /** A link that looks like the button (a full page load, as antd's Button with `href`). */
  href?: string;
  /** A link within the app that looks like the button (the router's `Link`). */
  to?: string;
}

function classesOf({
  variant = 'default',
  size = 'middle',
  ghost,
  block,
  danger,
  loading,
  icon,
  children,
  className,
}: PlainButtonProps) {
  return [
    'plain-button',
    `plain-button--${variant}`,
    size === 'middle' ? '' : `plain-button--${size}`,
    ghost ? 'plain-button--ghost' : '',
    block ? 'plain-button--block' : '',
    danger ? 'plain-button--danger' : '',
    loading ? 'plain-button--loading' : '',
    icon && (children === undefined || children === null) ? 'plain-button--icon-only' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button in antd Button's look (primary, default and text; small to large; the theme's colours) as
 * plain markup, for the first screens (shell, dashboard, class and meeting pages): antd's Button brings
 * its wave effect, its compact-space context and antd's style runtime to every page's first load.
 */
export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(props, ref) {
  const {
    variant: _variant,
    size: _size,
    ghost: _ghost,
    block: _block,
    danger: _danger,
    loading,
    icon,
    href,
    to,
    className: _className,
    children,
    ...rest
  } = props;
  const shownIcon = loading ? <LoadingOutlined /> : icon;
  const content = (
    <>
      {shownIcon ? <span className="plain-button__icon">{shownIcon}</span> : null}
      {children}
    </>
  );
  if (to !== undefined) {
    return (
      <Link to={to} className={classesOf(props)} aria-label={rest['aria-label']}>
        {content}
      </Link>
    );
  }
  if (href !== undefined) {
    return (
      <a href={href} className={classesOf(props)} aria-label={rest['aria-label']}>
        {content}
      </a>
    );
  }
  return (
    <button
      ref={ref}
      type="button"
      className={classesOf(props)}
      {...rest}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : rest.onClick}
    >
      {content}
    </button>
  );
});
