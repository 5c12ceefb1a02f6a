import type { ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import './plain-alert.css';

const icons = {
  error: <CloseCircleFilled />,
  warning: <ExclamationCircleFilled />,
  info: <InfoCircleFilled />,
  success: <CheckCircleFilled />,
};

/**
 * An alert in antd Alert's look with its icon (a title, an optional description and action) as plain
 * markup, for the first screens' "could not load" boxes; errors are announced (`role="alert"`).
 */
export function PlainAlert({
  type,
  title,
  description,
  action,
  className,
}: {
  type: keyof typeof icons;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const classes = [
    'plain-alert',
    `plain-alert--${type}`,
    description ? 'plain-alert--with-description' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div role={type === 'error' || type === 'warning' ? 'alert' : 'status'} className={classes}>
      <span className="plain-alert__icon" aria-hidden>
        {icons[type]}
      </span>
      <div className="plain-alert__content">
        <div className="plain-alert__title">{title}</div>
        {description ? <div className="plain-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="plain-alert__action">{action}</div> : null}
    </div>
  );
}
