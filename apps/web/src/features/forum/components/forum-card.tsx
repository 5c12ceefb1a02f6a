import { CommentOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Collapse, Space, Tag, Typography } from 'antd';
import { PlainCard } from '../../../components/plain-card.tsx';
import { Link } from 'react-router';
import { forumStatusLabels, type ForumStatus } from '@lms/contract/forum.rules';
import type { Forum } from '@lms/contract/forum.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTimeRange } from '../../../lib/date.ts';

const statusColors: Record<ForumStatus, string> = {
  belum_dimulai: 'default',
  berlangsung: 'processing',
  selesai: 'success',
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
 * has not started.
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
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const details = (
    <>
      <RichText html={forum.deskripsi} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
        Minimal {forum.minimal_post} komentar
        {forum.penilaian_keaktifan ? ' · keaktifan dinilai' : ''}
        {student && forum.post_saya !== null ? ` · komentar Anda: ${forum.post_saya}` : ''}
        {!student ? ` · ${forum.jumlah_peserta_join} dari ${forum.jumlah_peserta} peserta membuka` : ''}
      </Typography.Text>
      <Space wrap style={{ marginTop: 12 }}>
        {forum.status === 'belum_dimulai' && student ? null : (
          <Link to={forumHref(forum)}>
            <Button type="primary" icon={<CommentOutlined />}>
              Buka Diskusi
            </Button>
          </Link>
        )}
        {onEdit ? (
          <Button icon={<EditOutlined />} onClick={onEdit}>
            Ubah
          </Button>
        ) : null}
        {onDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            Hapus
          </Button>
        ) : null}
      </Space>
    </>
  );
  const header = (
    <div>
      <Typography.Text strong style={{ fontSize: 15, display: 'block', overflowWrap: 'anywhere' }}>
        {forum.judul}
      </Typography.Text>
      {showClass ? (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {forum.kelas_kuliah.mata_kuliah.kode} {forum.kelas_kuliah.mata_kuliah.nama} · Kelas{' '}
          {forum.kelas_kuliah.nama} · Pertemuan {forum.pertemuan.nomor}
        </Typography.Text>
      ) : null}
      <Space size={[4, 4]} wrap style={{ margin: '4px 0' }}>
        <Tag color={statusColors[forum.status]}>{forumStatusLabels[forum.status]}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {formatDateTimeRange(forum.waktu_mulai, forum.waktu_selesai, timeZone)}
        </Typography.Text>
      </Space>
    </div>
  );
  const collapsed = student && forum.status === 'belum_dimulai';
  return (
    <PlainCard size="small" data-testid="forum-card">
      {collapsed ? (
        <Collapse ghost items={[{ key: 'forum', label: header, children: details }]} />
      ) : (
        <>
          {header}
          {details}
        </>
      )}
    </PlainCard>
  );
}
