import { Card, Collapse, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { useMeetingForums } from '../api/get-meeting-forums.ts';

/**
 * The attendance page's forum collapse list (spec 2 §2): one panel per forum of the meeting with how many
 * enrolled students completed it (posted its minimal comments) and, opened, who did and who did not.
 * Nothing is drawn for a meeting without forums.
 */
export function MeetingForumList({ meetingId, timeZone }: { meetingId: string; timeZone: string }) {
  const forums = useMeetingForums(meetingId);
  if (!forums.data?.length) return null;
  return (
    <Card title="Forum Pertemuan">
      <Collapse
        items={forums.data.map((forum) => ({
          key: forum.id_forum_chat,
          label: (
            <Space wrap size={[8, 4]}>
              <Typography.Text strong>{forum.judul}</Typography.Text>
              <Tag color={forum.completed ? 'green' : undefined}>
                {forum.jumlah_selesai} dari {forum.jumlah_peserta} mahasiswa selesai
              </Tag>
            </Space>
          ),
          children: (
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                Pertemuan {forum.pertemuan.nomor} ·{' '}
                {formatDateTimeRange(forum.waktu_mulai, forum.waktu_selesai, timeZone)} · Minimal{' '}
                {forum.minimal_post} komentar ·{' '}
                <Link
                  to={`/forum?groupId=${encodeURIComponent(forum.id_group_chat)}&forumId=${encodeURIComponent(forum.id_forum_chat)}&referer=kelas-kuliah`}
                >
                  Buka Forum
                </Link>
              </Typography.Text>
              <List
                size="small"
                bordered
                dataSource={forum.mahasiswa}
                locale={{ emptyText: 'Tidak ada mahasiswa yang tersedia pada kelas ini.' }}
                renderItem={(m) => (
                  <List.Item
                    aria-label={`${m.mahasiswa.nama} ${m.completed ? 'Selesai' : 'Belum'}`}
                    extra={m.completed ? <Tag color="green">Selesai</Tag> : <Tag color="red">Belum</Tag>}
                  >
                    <Space orientation="vertical" size={0}>
                      <Typography.Text>{m.mahasiswa.nama}</Typography.Text>
                      <Typography.Text type="secondary">
                        {m.mahasiswa.nim} · {m.jumlah_post} komentar
                      </Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            </Space>
          ),
        }))}
      />
    </Card>
  );
}
