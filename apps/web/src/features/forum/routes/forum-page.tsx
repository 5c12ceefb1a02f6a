import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Result, Segmented, Space, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { forumStatusLabels, forumStatuses, type ForumStatus } from '@lms/contract/forum.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useForum } from '../api/get-forum.ts';
import { useMyForums } from '../api/list-my-forums.ts';
import { ForumCard } from '../components/forum-card.tsx';
import { ForumDiscussion } from '../components/forum-discussion.tsx';
import { formatContentPlace } from '../../../lib/content-place.ts';

/** Where a discussion's back link leads: the meeting, the grade recap or the forum list. */
type ForumReferer = 'kelas' | 'nilai' | null;

/**
 * /forum: the forums of the user's classes; /forum?groupId=…&forumId=…&referer=kelas-kuliah opens one
 * discussion (spec 2 §2). The grade recap's link (spec 3 §2) names the forum `FORUM__{id}` with
 * `ref=nilai`: the prefix is the activity kind's, not part of the id.
 */
export function ForumPage() {
  const [params] = useSearchParams();
  const forumId = params.get('forumId')?.replace(/^FORUM__/, '');
  const referer: ForumReferer =
    params.get('referer') === 'kelas-kuliah' ? 'kelas' : params.get('ref') === 'nilai' ? 'nilai' : null;
  return forumId ? <ForumDiscussionPage forumId={forumId} referer={referer} /> : <ForumListPage />;
}

function ForumListPage() {
  const timeZone = useTimeZone();
  const user = useCurrentUser();
  const [status, setStatus] = useState<ForumStatus | 'semua'>('semua');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useMyForums({ page, per_page: pageSize, status: status === 'semua' ? undefined : status });
  return (
    <Card title="Forum">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as ForumStatus | 'semua');
            setPage(1);
          }}
          options={[
            { value: 'semua', label: 'Semua' },
            ...forumStatuses.map((s) => ({ value: s, label: forumStatusLabels[s] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        {list.isPending ? <Spin /> : null}
        {list.data?.data.length === 0 ? <EmptyState description="Tidak ada forum pada kelas Anda." /> : null}
        {list.data?.data.map((forum) => (
          <ForumCard
            key={forum.id}
            forum={forum}
            timeZone={timeZone}
            student={user.role === 'mahasiswa'}
            showClass
          />
        ))}
        <Pagination
          page={page}
          pageSize={pageSize}
          totalItems={list.data?.meta.total_items ?? 0}
          onChange={(p, size) => {
            setPage(p);
            setPageSize(size);
          }}
        />
      </Space>
    </Card>
  );
}

function ForumDiscussionPage({ forumId, referer }: { forumId: string; referer: ForumReferer }) {
  const timeZone = useTimeZone();
  const user = useCurrentUser();
  const forum = useForum(forumId);
  useCrumbLabel(forum.data?.judul);
  if (forum.isPending) return <Spin />;
  if (forum.error || !forum.data) {
    return (
      <Card>
        <Result status="404" title="Forum tidak ditemukan" subTitle={forum.error?.message} />
      </Card>
    );
  }
  const data = forum.data;
  const classId = encodeURIComponent(data.id_kelas_kuliah);
  const back =
    referer === 'kelas'
      ? `/kelas/${classId}/${data.id_pertemuan}`
      : referer === 'nilai'
        ? `/nilai/${classId}`
        : '/forum';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Link to={back} style={{ display: 'inline-flex', gap: 6 }}>
          <ArrowLeftOutlined aria-hidden />
          <span>{formatContentPlace(data)}</span>
        </Link>
        <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
          {data.judul}
        </Typography.Title>
        <Typography.Text type="secondary">
          {forumStatusLabels[data.status]} ·{' '}
          {formatDateTimeRange(data.waktu_mulai, data.waktu_selesai, timeZone)} · minimal {data.minimal_post}{' '}
          komentar
        </Typography.Text>
        <RichText html={data.deskripsi} />
      </Card>
      <ForumDiscussion forum={data} timeZone={timeZone} member={user.role !== 'operator'} />
    </Space>
  );
}
