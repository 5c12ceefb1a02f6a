import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './plain-card.css';

export interface PlainCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, on the right (a link or a button). */
  extra?: ReactNode;
  size?: 'default' | 'small';
  /** The body's own style (its padding). */
  bodyStyle?: CSSProperties;
}

/**
 * A card in antd Card's look (title bar, extra, body; default and small sizes; the theme's colours) as
 * plain markup, for the first screens' many cards: antd's Card brings its Tabs, Dropdown and Menu
 * (about 23 KB gzip) and computes its styles in the phone, for a title bar. See docs/web.md.
 */
export function PlainCard({
  title,
  extra,
  size = 'default',
  className,
  bodyStyle,
  children,
  ...rest
}: PlainCardProps) {
  const classes = ['plain-card', size === 'small' ? 'plain-card--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} {...rest}>
      {title !== undefined || extra !== undefined ? (
        <div className="plain-card__head">
          <div className="plain-card__title">{title}</div>
          {extra !== undefined ? <div className="plain-card__extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className="plain-card__body" style={bodyStyle}>
        {children}
      </div>
    </div>
  );
}
