import { useId, type ReactNode } from 'react';

/**
 * A titled card of the dashboard with an optional link on the right of the title. Plain markup in antd
 * Card's look: antd's Card brings its Tabs (about 14 KB gzip) to the first screen for a title bar.
 */
export function DashboardPanel({
  title,
  extra,
  className,
  children,
}: {
  title: string;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={className ? `dashboard-panel ${className}` : 'dashboard-panel'}
      aria-labelledby={titleId}
    >
      <div className="dashboard-panel__head">
        <h2 id={titleId} className="dashboard-panel__title">
          {title}
        </h2>
        {extra}
      </div>
      <div className="dashboard-panel__body">{children}</div>
    </section>
  );
}
