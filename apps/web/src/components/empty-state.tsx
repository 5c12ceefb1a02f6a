import type { ReactNode } from 'react';
import './empty-state.css';

/** The empty-state title of spec 1 §2, letter for letter. */
export const emptyStateTitle = 'Ups! Data Kosong';

/** A table's `locale` that shows the empty-state title when it has no rows. */
export const emptyTableLocale = { emptyText: emptyStateTitle };

/** The context sentence for a class without participants (spec 1 §2). */
export const noParticipantsSentence = 'Tidak ada mahasiswa yang tersedia pada kelas ini.';

/**
 * 'Ups! Data Kosong' with a sentence saying what is missing, and an optional action below: antd Empty's
 * simple picture and layout as plain markup (it is on the dashboard, which loads no antd), in the theme's
 * colours so the texts stay readable in the dark colour mode.
 */
export function EmptyState({ description, action }: { description: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg className="empty-state__image" width="64" height="41" viewBox="0 0 64 41" aria-hidden>
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse className="empty-state__shadow" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" className="empty-state__box">
            <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
            <path
              className="empty-state__content"
              d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
            />
          </g>
        </g>
      </svg>
      <span role="status" className="empty-state__text">
        <strong className="empty-state__title">{emptyStateTitle}</strong>
        <span className="empty-state__description">{description}</span>
      </span>
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
