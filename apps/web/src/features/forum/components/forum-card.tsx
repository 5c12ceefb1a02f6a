import { CommentOutlined } from '@ant-design/icons';
import { ContentCardEditButtons } from '../../../components/content-card-edit-buttons.tsx';
import type { ContentCardActions } from '../../../components/meeting-content-list.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainCollapse } from '../../../components/plain-collapse.tsx';
import { PlainRow } from '../../../components/plain-row.tsx';
import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { forumStatusLabels, type ForumStatus } from '@lms/contract/forum.rules';
import type { Forum } from '@lms/contract/forum.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { formatContentPlace } from '../../../lib/content-place.ts';

/** antd's status colours (processing, success) as the plain tag's presets. */
const statusColors: Record<ForumStatus, PlainTagColor> = {
  belum_dimulai: 'default',
  berlangsung: 'blue',
  selesai: 'green',
};

/** The discussion's address of spec 2 §2: /forum?groupId={id_group_chat}&forumId={id_forum_chat}&referer=kelas-kuliah. */
export function forumHref(forum: Forum): string {
  const params = new URLSearchParams({
    groupId: forum.id_group_chat,
    forumId: forum.id_forum_chat,
    referer: 'kelas-kuliah',
  });
  return `/forum?${params.toString()}`;
}

/**
 * A forum (spec 2 §2): title, time and status, what is asked (minimal comments), the link to the
 * discussion, and for those who write edit and delete. For a student it starts collapsed while the forum
 * has not started. Plain markup in antd's look: the meeting page's first screen loads no antd.
 */
export function ForumCard({
  forum,
  timeZone,
  student,
  showClass = false,
  onEdit,
  onDelete,
}: {
  forum: Forum;
  timeZone: string;
  student: boolean;
  showClass?: boolean;
} & ContentCardActions) {
  const details = (
    <>
      <RichText html={forum.deskripsi} />
      <PlainText type="secondary" style={{ display: 'block', marginTop: 4 }}>
        Minimal {forum.minimal_post} komentar
        {forum.penilaian_keaktifan ? ' · keaktifan dinilai' : ''}
        {student && forum.post_saya !== null ? ` · komentar Anda: ${forum.post_saya}` : ''}
        {!student ? ` · ${forum.jumlah_peserta_join} dari ${forum.jumlah_peserta} peserta membuka` : ''}
      </PlainText>
      <PlainRow style={{ marginTop: 12 }}>
        {forum.status === 'belum_dimulai' && student ? null : (
          <PlainButton variant="primary" icon={<CommentOutlined />} to={forumHref(forum)}>
            Buka Diskusi
          </PlainButton>
        )}
        <ContentCardEditButtons onEdit={onEdit} onDelete={onDelete} />
      </PlainRow>
    </>
  );
  // Spans only: when collapsed, the header is the label of the panel's button.
  const header = (
    <span style={{ display: 'block' }}>
      <PlainText strong style={{ fontSize: 15, display: 'block', overflowWrap: 'anywhere' }}>
        {forum.judul}
      </PlainText>
      {showClass ? (
        <PlainText type="secondary" style={{ display: 'block' }}>
          {formatContentPlace(forum)}
        </PlainText>
      ) : null}
      <PlainRow gap={4} style={{ margin: '4px 0' }}>
        <PlainTag color={statusColors[forum.status]}>{forumStatusLabels[forum.status]}</PlainTag>
        <PlainText type="secondary" style={{ fontSize: 13 }}>
          {formatDateTimeRange(forum.waktu_mulai, forum.waktu_selesai, timeZone)}
        </PlainText>
      </PlainRow>
    </span>
  );
  const collapsed = student && forum.status === 'belum_dimulai';
  return (
    <PlainCard size="small" data-testid="forum-card">
      {collapsed ? (
        <PlainCollapse ghost items={[{ key: 'forum', label: header, children: details }]} />
      ) : (
        <>
          {header}
          {details}
        </>
      )}
    </PlainCard>
  );
}
