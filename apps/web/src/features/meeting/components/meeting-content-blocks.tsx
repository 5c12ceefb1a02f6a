import type { ReactNode } from 'react';
import {
  CommentOutlined,
  FileTextOutlined,
  FormOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Badge, Collapse, Typography } from 'antd';
import type { MeetingDetail } from '@lms/contract/meeting.schema';

type ActivityKind = keyof MeetingDetail['count_activity'];

/** The content kinds of a meeting, in the order lecturers fill them. */
const blocks: { kind: ActivityKind; label: string; noun: string; icon: ReactNode }[] = [
  { kind: 'materi', label: 'Materi', noun: 'materi', icon: <ReadOutlined /> },
  { kind: 'tugas', label: 'Tugas', noun: 'tugas', icon: <FormOutlined /> },
  { kind: 'ujian', label: 'Kuis/Ujian', noun: 'kuis atau ujian', icon: <FileTextOutlined /> },
  { kind: 'forum', label: 'Forum', noun: 'forum', icon: <CommentOutlined /> },
  { kind: 'vidcon', label: 'Vidcon', noun: 'vidcon', icon: <VideoCameraOutlined /> },
];

/**
 * Collapsible blocks for the meeting's materials, tasks, exams, forums and vidcons with their real
 * counts. Their lists arrive with the issues of those areas; until then a block says what it holds.
 */
export function MeetingContentBlocks({ counts }: { counts: MeetingDetail['count_activity'] }) {
  return (
    <Collapse
      defaultActiveKey={blocks.filter((b) => counts[b.kind] > 0).map((b) => b.kind)}
      items={blocks.map((block) => {
        const count = counts[block.kind];
        return {
          key: block.kind,
          label: (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              {block.icon}
              <span>{block.label}</span>
            </span>
          ),
          extra: (
            <Badge
              count={count}
              showZero
              color={count > 0 ? '#1d4ed8' : '#bfbfbf'}
              aria-label={`${count} ${block.noun}`}
            />
          ),
          children:
            count > 0 ? (
              <Typography.Text>
                Ada {count} {block.noun} pada pertemuan ini.
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">Belum ada {block.noun} pada pertemuan ini.</Typography.Text>
            ),
        };
      })}
    />
  );
}
