import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { RightOutlined } from '@ant-design/icons';
import './plain-collapse.css';

export interface PlainCollapseItem {
  key: string;
  label: ReactNode;
  /** On the header's right (a count, a button). */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * Panels that open and close in antd Collapse's look (bordered, or `ghost`; middle or small) as plain
 * markup, for the meeting page's first screen. As in antd, a panel's content is drawn the first time it
 * opens (a closed panel can hold code fetched on opening) and is kept, hidden, when it closes.
 */
export function PlainCollapse({
  items,
  defaultActiveKey = [],
  ghost = false,
  size = 'middle',
  style,
}: {
  items: PlainCollapseItem[];
  defaultActiveKey?: string[];
  ghost?: boolean;
  size?: 'middle' | 'small';
  style?: CSSProperties;
}) {
  const [open, setOpen] = useState(() => new Set(defaultActiveKey));
  const [drawn, setDrawn] = useState(() => new Set(defaultActiveKey));
  const baseId = useId();
  const toggle = (key: string) => {
    setOpen((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
    setDrawn((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
  };
  const classes = [
    'plain-collapse',
    ghost ? 'plain-collapse--ghost' : '',
    size === 'small' ? 'plain-collapse--small' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} style={style}>
      {items.map((item) => {
        const isOpen = open.has(item.key);
        const panelId = `${baseId}-${item.key}`;
        return (
          <div key={item.key} className={isOpen ? 'plain-collapse__item is-open' : 'plain-collapse__item'}>
            <div className="plain-collapse__header">
              <button
                type="button"
                className="plain-collapse__toggle"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.key)}
              >
                <RightOutlined className="plain-collapse__arrow" aria-hidden />
                <span className="plain-collapse__label">{item.label}</span>
              </button>
              {item.extra !== undefined ? <div className="plain-collapse__extra">{item.extra}</div> : null}
            </div>
            {drawn.has(item.key) ? (
              <div id={panelId} className="plain-collapse__content" hidden={!isOpen}>
                {item.children}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
