import {
  CommentOutlined,
  FileTextOutlined,
  FormOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { MeetingExams } from '../features/exam/components/meeting-exams.tsx';
import { MeetingForums } from '../features/forum/components/meeting-forums.tsx';
import { MeetingMaterials } from '../features/material/components/meeting-materials.tsx';
import type { MeetingContentBlock } from '../features/meeting/components/meeting-content-blocks.tsx';
import { MeetingTasks } from '../features/task/components/meeting-tasks.tsx';
import { MeetingVidcons } from '../features/vidcon/components/meeting-vidcons.tsx';
import type { MeetingContentKind } from '../lib/meeting-content-lists.ts';

/**
 * The meeting page's content blocks, one per kind, in the order lecturers fill them: the app composes
 * the areas' blocks (features never import each other). What each block's list is (its GET and query
 * key, which the route's loader and the early entry ask for ahead) is lib/meeting-content-lists.ts. The
 * icons are hidden from screen readers: their own names ('read', 'form') came before the block's.
 */
const blocks: { [Kind in MeetingContentKind]: Omit<MeetingContentBlock, 'kind'> } = {
  materi: { label: 'Materi', noun: 'materi', icon: <ReadOutlined aria-hidden />, Block: MeetingMaterials },
  tugas: { label: 'Tugas', noun: 'tugas', icon: <FormOutlined aria-hidden />, Block: MeetingTasks },
  ujian: {
    label: 'Kuis/Ujian',
    noun: 'kuis atau ujian',
    icon: <FileTextOutlined aria-hidden />,
    Block: MeetingExams,
  },
  forum: { label: 'Forum', noun: 'forum', icon: <CommentOutlined aria-hidden />, Block: MeetingForums },
  vidcon: {
    label: 'Vidcon',
    noun: 'vidcon',
    icon: <VideoCameraOutlined aria-hidden />,
    Block: MeetingVidcons,
  },
};

export const meetingContentBlocks: MeetingContentBlock[] = Object.entries(blocks).map(([kind, block]) => ({
  kind: kind as MeetingContentKind,
  ...block,
}));
