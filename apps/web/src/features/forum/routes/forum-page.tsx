import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Result, Space, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { forumStatusLabels, forumStatuses } from '@lms/contract/forum.rules';
import { StatusFilteredListPage } from '../../../components/status-filtered-list-page.tsx';
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
  return (
    <StatusFilteredListPage
      title="Forum"
      statuses={forumStatuses}
      statusLabels={forumStatusLabels}
      emptyText="Tidak ada forum pada kelas Anda."
      useList={useMyForums}
      card={(forum) => (
        <ForumCard forum={forum} timeZone={timeZone} student={user.role === 'mahasiswa'} showClass />
      )}
    />
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
