import type { ReactNode } from 'react';
import { Empty, theme } from 'antd';

/** The empty-state title of spec 1 §2, letter for letter. */
export const emptyStateTitle = 'Ups! Data Kosong';

/** A table's `locale` that shows the empty-state title when it has no rows. */
export const emptyTableLocale = { emptyText: emptyStateTitle };

/** The context sentence for a class without participants (spec 1 §2). */
export const noParticipantsSentence = 'Tidak ada mahasiswa yang tersedia pada kelas ini.';

/** 'Ups! Data Kosong' with a sentence saying what is missing, and an optional action below. */
export function EmptyState({ description, action }: { description: ReactNode; action?: ReactNode }) {
  // Theme colours, so the texts stay readable in the dark colour mode.
  const { token } = theme.useToken();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '24px 0' }}
      description={
        <span role="status" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <strong style={{ color: token.colorText, fontSize: 16 }}>{emptyStateTitle}</strong>
          <span style={{ color: token.colorTextSecondary }}>{description}</span>
        </span>
      }
    >
      {action}
    </Empty>
  );
}
