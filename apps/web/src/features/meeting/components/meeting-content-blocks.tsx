import type { ReactNode } from 'react';
import {
  CommentOutlined,
  FileTextOutlined,
  FormOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { PlainCollapse } from '../../../components/plain-collapse.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import './meeting-content-blocks.css';
import type { MeetingDetail } from '@lms/contract/meeting.schema';

export type MeetingContentKind = keyof MeetingDetail['count_activity'];

/**
 * The content kinds of a meeting, in the order lecturers fill them. The icons are hidden from screen readers:
 * their own names ('read', 'form') came before the block's ('read Materi').
 */
const blocks: { kind: MeetingContentKind; label: string; noun: string; icon: ReactNode }[] = [
  { kind: 'materi', label: 'Materi', noun: 'materi', icon: <ReadOutlined aria-hidden /> },
  { kind: 'tugas', label: 'Tugas', noun: 'tugas', icon: <FormOutlined aria-hidden /> },
  { kind: 'ujian', label: 'Kuis/Ujian', noun: 'kuis atau ujian', icon: <FileTextOutlined aria-hidden /> },
  { kind: 'forum', label: 'Forum', noun: 'forum', icon: <CommentOutlined aria-hidden /> },
  { kind: 'vidcon', label: 'Vidcon', noun: 'vidcon', icon: <VideoCameraOutlined aria-hidden /> },
];

/**
 * Collapsible blocks for the meeting's materials, tasks, exams, forums and vidcons with their real
 * counts. A block shows the content its area gives (`content`, composed by the app); an area not built
 * yet leaves its block saying what it holds.
 */
export function MeetingContentBlocks({
  counts,
  content = {},
}: {
  counts: MeetingDetail['count_activity'];
  content?: Partial<Record<MeetingContentKind, ReactNode>>;
}) {
  return (
    <PlainCollapse
      defaultActiveKey={blocks.filter((b) => counts[b.kind] > 0 || content[b.kind]).map((b) => b.kind)}
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
          // A plain count: antd's Badge (its motion and ~11 KB of generated CSS) for five numbers.
          extra: (
            <span className={count > 0 ? 'meeting-block-count' : 'meeting-block-count is-zero'}>
              {count}
              <span className="meeting-block-count__noun"> {block.noun}</span>
            </span>
          ),
          children:
            content[block.kind] ??
            (count > 0 ? (
              <span>
                Ada {count} {block.noun} pada pertemuan ini.
              </span>
            ) : (
              <PlainText type="secondary">Belum ada {block.noun} pada pertemuan ini.</PlainText>
            )),
        };
      })}
    />
  );
}
