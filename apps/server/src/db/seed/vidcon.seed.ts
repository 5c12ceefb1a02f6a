import { defaultOnlineAttendance } from '@lms/contract/college-settings.rules';
import { vidconDueAt } from '@lms/contract/vidcon.rules';
import type { DemoContext } from './demo-seed.context.ts';

/**
 * A vidcon in every current class, at its next meeting that has not ended (or its last), with its
 * activity: the demo then always has one coming up or running.
 */
export function addDemoVidcons(ctx: DemoContext): void {
  const { rows, collegeId, uid, now } = ctx;
  const current = new Set(rows.classes.filter((c) => c.periode === ctx.currentPeriod).map((c) => c.id!));
  const teacherOf = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) teacherOf.set(t.kelasId, t.dosenId);
  const meetingOf = new Map<string, (typeof rows.meetings)[number]>();
  for (const meeting of [...rows.meetings].sort((a, b) => a.nomor - b.nomor)) {
    if (!current.has(meeting.kelasId)) continue;
    const chosen = meetingOf.get(meeting.kelasId);
    if (!chosen || chosen.waktuSelesai! < now) meetingOf.set(meeting.kelasId, meeting);
  }
  for (const [kelasId, meeting] of meetingOf) {
    const id = uid(`vidcon:${meeting.id}`);
    const judul = `Diskusi Daring Pertemuan ${meeting.nomor}`;
    rows.vidcons.push({
      id,
      collegeId,
      kelasId,
      pertemuanId: meeting.id!,
      judul,
      aplikasi: 'gmeet',
      link: `https://meet.google.com/lms-${meeting.nomor}-demo`,
      catatan: 'Gunakan nama lengkap dan NIM saat bergabung.',
      waktuMulai: meeting.waktuMulai!,
      waktuSelesai: meeting.waktuSelesai!,
      createdBy: teacherOf.get(kelasId) ?? null,
      createdAt: ctx.createdAt,
      updatedAt: ctx.createdAt,
    });
    rows.activities.push({
      id: uid(`aktivitas:vidcon:${id}`),
      collegeId,
      kind: 'vidcon',
      contentId: id,
      kelasId,
      pertemuanId: meeting.id!,
      title: judul,
      countsForAttendance: true,
      opensAt: meeting.waktuMulai!,
      closesAt: meeting.waktuSelesai!,
      dueAt: vidconDueAt(meeting.waktuMulai!, defaultOnlineAttendance.terlambat_vidcon_menit),
      createdAt: ctx.createdAt,
      updatedAt: ctx.createdAt,
    });
  }
}
