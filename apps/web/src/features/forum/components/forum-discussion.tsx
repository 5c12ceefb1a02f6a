import { useEffect, useState } from 'react';
import { DeleteOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Progress, Space, Spin, Tag, Typography } from 'antd';
import { forumMessages } from '@lms/contract/forum.rules';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import type { Forum, ForumPost } from '@lms/contract/forum.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { joinForum, useForumPostActions, useForumPosts } from '../api/forum-posts.ts';
import { useForumEvents } from '../api/use-forum-events.ts';
import { AttachmentPicker, PostAttachments } from './forum-attachments.tsx';
import { useToasts } from '../../../components/toasts.tsx';

const roleLabels: Record<string, string> = { dosen: 'Dosen', operator: 'Operator', mahasiswa: 'Mahasiswa' };

/** A rich-text box with Kirim (and, for new posts and replies, files); empties itself once sent. */
function Composer({
  label,
  initial = '',
  submitText = 'Kirim',
  withFiles = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitText?: string;
  withFiles?: boolean;
  onSubmit: (html: string, files: File[], onProgress: (percent: number) => void) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [key, setKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const { notification } = useToasts();
  const send = async () => {
    // A post may be files only.
    if (isBlankRichText(text) && files.length === 0) {
      notification.error({ title: forumMessages.postEmpty, placement: 'bottom' });
      return;
    }
    setBusy(true);
    try {
      if (files.length > 0) setPercent(0);
      await onSubmit(text, files, (p) => setPercent(Math.min(100, Math.round(p))));
      setText('');
      setFiles([]);
      setKey((k) => k + 1);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };
  return (
    <div>
      <RichTextEditor key={key} label={label} value={text} onChange={setText} />
      {withFiles ? (
        <div style={{ marginTop: 8 }}>
          <AttachmentPicker files={files} onChange={setFiles} />
        </div>
      ) : null}
      {percent !== null ? (
        <Progress percent={percent} size="small" aria-label="Progres unggah" style={{ marginTop: 8 }} />
      ) : null}
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" loading={busy} onClick={() => void send()}>
          {submitText}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Batal</Button> : null}
      </Space>
    </div>
  );
}

function PostItem({
  post,
  replies,
  forum,
  timeZone,
  actions,
}: {
  post: ForumPost;
  replies: ForumPost[];
  forum: Forum;
  timeZone: string;
  actions: ReturnType<typeof useForumPostActions>;
}) {
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ForumPost | null>(null);
  const one = (p: ForumPost, reply: boolean) => (
    <div
      key={p.id}
      data-testid="forum-post"
      style={{ display: 'flex', gap: 10, marginLeft: reply ? 36 : 0, marginTop: reply ? 12 : 0 }}
    >
      <UserAvatar alt={p.penulis.nama} src={p.penulis.avatar_url} size={reply ? 28 : 36} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Space size={[6, 0]} wrap>
          <Typography.Text strong>{p.penulis.nama}</Typography.Text>
          {p.penulis.role !== 'mahasiswa' ? (
            <Tag color="blue">{roleLabels[p.penulis.role] ?? p.penulis.role}</Tag>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(p.created_at, timeZone)}
            {p.diubah ? ' · diubah' : ''}
          </Typography.Text>
        </Space>
        {editing === p.id ? (
          <Composer
            label="Ubah komentar"
            initial={p.isi}
            submitText="Simpan"
            onCancel={() => setEditing(null)}
            onSubmit={async (isi) => {
              await actions.edit.mutateAsync({ id: p.id, isi });
              setEditing(null);
            }}
          />
        ) : p.dihapus ? (
          <Typography.Text type="secondary" italic>
            Komentar ini telah dihapus.
          </Typography.Text>
        ) : (
          <>
            <RichText html={p.isi} />
            <PostAttachments attachments={p.lampiran} />
          </>
        )}
        <Space size={0} wrap>
          {!reply && forum.akses.posting ? (
            <Button
              type="link"
              size="small"
              icon={<MessageOutlined />}
              onClick={() => setReplying((r) => !r)}
            >
              Balas
            </Button>
          ) : null}
          {p.akses.ubah && editing !== p.id ? (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(p.id)}>
              Ubah
            </Button>
          ) : null}
          {p.akses.hapus ? (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(p)}>
              Hapus
            </Button>
          ) : null}
        </Space>
      </div>
    </div>
  );
  return (
    <Card size="small">
      {one(post, false)}
      {replies.map((r) => one(r, true))}
      {replying ? (
        <div style={{ marginLeft: 36, marginTop: 12 }}>
          <Composer
            label={`Balas ${post.penulis.nama}`}
            submitText="Balas"
            withFiles
            onCancel={() => setReplying(false)}
            onSubmit={async (isi, files, onProgress) => {
              await actions.create.mutateAsync({ isi, parent_id: post.id, files, onProgress });
              setReplying(false);
            }}
          />
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus Komentar"
        confirmText="Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          await actions.remove.mutateAsync(deleting!.id);
          setDeleting(null);
        }}
      >
        Hapus komentar ini? Balasannya tetap ditampilkan.
      </ConfirmDialog>
    </Card>
  );
}

/**
 * The discussion of a forum: posts with their replies in order, a box to post (rich text), edit and
 * delete of one's own posts; other people's posts appear live through the forum's event stream. Opening
 * it records the join (daftar_join_detail).
 */
export function ForumDiscussion({
  forum,
  timeZone,
  member,
}: {
  forum: Forum;
  timeZone: string;
  member: boolean;
}) {
  const readable = !(forum.status === 'belum_dimulai' && forum.post_saya !== null);
  const posts = useForumPosts(forum.id, readable);
  const actions = useForumPostActions(forum.id);
  useForumEvents(forum.id, readable);

  useEffect(() => {
    if (member) void joinForum(forum.id).catch(() => undefined);
  }, [forum.id, member]);

  if (!readable) return <Alert type="info" showIcon title={forumMessages.notOpenYet} />;
  const list = posts.data ?? [];
  const top = list.filter((p) => !p.parent_id);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {forum.status === 'selesai' && forum.post_saya !== null ? (
        <Alert type="warning" showIcon title={forumMessages.closed} />
      ) : null}
      {forum.akses.posting ? (
        <Card size="small" title="Tulis komentar">
          <Composer
            label="Komentar baru"
            withFiles
            onSubmit={(isi, files, onProgress) => actions.create.mutateAsync({ isi, files, onProgress })}
          />
        </Card>
      ) : null}
      {posts.isPending ? <Spin /> : null}
      {!posts.isPending && top.length === 0 ? <Empty description="Belum ada komentar." /> : null}
      <div aria-live="polite" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {top.map((post) => (
          <PostItem
            key={post.id}
            post={post}
            replies={list.filter((p) => p.parent_id === post.id)}
            forum={forum}
            timeZone={timeZone}
            actions={actions}
          />
        ))}
      </div>
    </Space>
  );
}
