import type { ComponentType, ReactNode } from 'react';
import { PlainCollapse } from '../../../components/plain-collapse.tsx';
import type { MeetingContentKind } from '../../../lib/meeting-content-lists.ts';
import './meeting-content-blocks.css';
import type { MeetingDetail } from '@lms/contract/meeting.schema';

/** A content block of the meeting page, from the app's registry (app/meeting-content-registry.tsx). */
export interface MeetingContentBlock {
  kind: MeetingContentKind;
  /** The block's title. */
  label: string;
  /** What its count counts, in a sentence ('3 materi'). */
  noun: string;
  icon: ReactNode;
  /** The block's content: its area's list of this meeting. */
  Block: ComponentType<{ meeting: MeetingDetail }>;
}

/** Collapsible blocks for the meeting's content (materials, tasks, …), each with its real count. */
export function MeetingContentBlocks({
  meeting,
  blocks,
}: {
  meeting: MeetingDetail;
  blocks: readonly MeetingContentBlock[];
}) {
  return (
    <PlainCollapse
      defaultActiveKey={blocks.map((block) => block.kind)}
      items={blocks.map(({ kind, label, noun, icon, Block }) => {
        const count = meeting.count_activity[kind];
        return {
          key: kind,
          label: (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              {icon}
              <span>{label}</span>
            </span>
          ),
          // A plain count: antd's Badge (its motion and ~11 KB of generated CSS) for five numbers.
          extra: (
            <span className={count > 0 ? 'meeting-block-count' : 'meeting-block-count is-zero'}>
              {count}
              <span className="meeting-block-count__noun"> {noun}</span>
            </span>
          ),
          children: <Block meeting={meeting} />,
        };
      })}
    />
  );
}
