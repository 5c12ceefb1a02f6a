import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { useMyForums } from '../api/list-my-forums.ts';
import { ForumCard } from './forum-card.tsx';

/**
 * Forum Kelas: every forum of a class with its meeting, for the class page opened from the grade recap's
 * forum header (spec 3 §2, `/kelas/{id}?back=forum`): the operator lands on the forums, not on the
 * meetings they would have to open one by one. A class holds a few forums; fifty cover a semester.
 */
export function ClassForumsCard({ classId, timeZone }: { classId: string; timeZone: string }) {
  const forums = useMyForums({ page: 1, per_page: 50, id_kelas_kuliah: classId });
  return (
    <PlainCard title="Forum Kelas" data-testid="class-forums">
      {forums.isPending ? <LoadingLines rows={3} /> : null}
      {forums.data?.data.length === 0 ? <EmptyState description="Belum ada forum di kelas ini." /> : null}
      {forums.data?.data.length ? (
        <PlainStack gap={12}>
          {forums.data.data.map((forum) => (
            <ForumCard key={forum.id} forum={forum} timeZone={timeZone} student={false} showClass />
          ))}
        </PlainStack>
      ) : null}
    </PlainCard>
  );
}
