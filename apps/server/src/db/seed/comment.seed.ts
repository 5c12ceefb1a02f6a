import { commentGroupId, commentThreadId } from '@lms/contract/chat.rules';
import type { DemoContext } from './demo-seed.context.ts';

const hourMs = 3_600_000;

/**
 * Comment threads on the demo's tasks (spec 1 §9), as the chat area stores them: in every current class, the
 * first two students who handed in Tugas 1 each talk with the lecturer in their own thread, and the group that
 * handed in Tugas 2 talks with the lecturer in the group's thread. Run after the tasks.
 */
export function addDemoComments(ctx: DemoContext): void {
  const { rows, collegeId, uid } = ctx;
  const current = new Set(rows.classes.filter((c) => c.periode === ctx.currentPeriod).map((c) => c.id!));
  const groupNames = new Map(rows.taskGroups.map((g) => [g.id!, g.nama] as const));
  for (const task of rows.tasks) {
    if (!current.has(task.kelasId) || !task.createdBy) continue;
    const lecturer = task.createdBy;
    const submissions = rows.taskSubmissions.filter((s) => s.tugasId === task.id);
    const threads: {
      groupId: string;
      threadId: string;
      nama: string;
      jenis: 'komentar' | 'kelompok';
      student: string;
    }[] = [];
    if (task.judul.startsWith('Tugas 1')) {
      for (const s of submissions.slice(0, 2)) {
        const groupId = commentGroupId(task.id!);
        threads.push({
          groupId,
          threadId: commentThreadId({
            type: 'tugas',
            groupId,
            contentId: task.id!,
            studentId: s.mahasiswaId,
          }),
          nama: 'Komentar tugas',
          jenis: 'komentar',
          student: s.mahasiswaId,
        });
      }
    } else if (task.judul.startsWith('Tugas 2')) {
      const handed = submissions.find((s) => s.kelompokId);
      if (handed?.kelompokId) {
        const groupId = commentGroupId(task.id!, handed.kelompokId);
        threads.push({
          groupId,
          threadId: commentThreadId({ type: 'tugas', groupId, contentId: task.id! }),
          nama: groupNames.get(handed.kelompokId) ?? 'Kelompok',
          jenis: 'kelompok',
          student: handed.mahasiswaId,
        });
      }
    }
    for (const thread of threads) {
      if (!rows.chatGroups.some((g) => g.id === thread.groupId)) {
        rows.chatGroups.push({
          collegeId,
          id: thread.groupId,
          kelasId: task.kelasId,
          jenis: thread.jenis,
          nama: thread.nama,
          createdAt: task.waktuMulai,
        });
      }
      const asked = new Date(task.waktuMulai.getTime() + 2 * hourMs);
      const answered = new Date(asked.getTime() + 3 * hourMs);
      rows.chatThreads.push({
        collegeId,
        groupId: thread.groupId,
        id: thread.threadId,
        createdAt: asked,
        lastMessageAt: answered,
      });
      rows.chatMessages.push(
        {
          id: uid(`komentar:${thread.threadId}:1`),
          collegeId,
          groupId: thread.groupId,
          threadId: thread.threadId,
          authorId: thread.student,
          isi: '<p>Pak/Bu, apakah jawaban boleh dilengkapi dengan diagram?</p>',
          createdAt: asked,
        },
        {
          id: uid(`komentar:${thread.threadId}:2`),
          collegeId,
          groupId: thread.groupId,
          threadId: thread.threadId,
          authorId: lecturer,
          isi: '<p>Boleh, lampirkan sebagai gambar PNG atau di dalam PDF.</p>',
          createdAt: answered,
        },
      );
    }
  }
}
