import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classIdParamsSchema } from '@lms/contract/class.schema';
import {
  classMeetingListQuerySchema,
  meetingDetailResponseSchema,
  meetingIdParamsSchema,
  meetingListResponseSchema,
  meetingUpdateSchema,
} from '@lms/contract/meeting.schema';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels } from '@lms/contract/meeting.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import {
  listChanges,
  localTimeText,
  recordMeetingOpened,
  recordRequestActivity,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import {
  advanceMeeting,
  getMeetingDetail,
  listClassMeetings,
  saveMeetingText,
  updateMeeting,
} from './meeting.service.ts';
import { getMeetingPage } from './meeting-page.service.ts';
import { z } from 'zod';
import { onResource } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['pertemuan'];

const labelIn = (labels: Record<string, string>) => (v: unknown) => labels[v as string] ?? v;
const shortened = (v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…` : v);
const teachingNames = (v: unknown) =>
  (v as MeetingDetail['pengajar_kelas']).filter((t) => t.is_pengajar).map((t) => t.nama);
const flag = (label: string) => `Syarat kehadiran: ${label}`;

/** The meeting fields an operator's Ubah Data Pertemuan is audited on, times in the college's zone. */
function meetingFields(timeZone: string): ChangeFields {
  return {
    judul: 'Judul',
    deskripsi: { label: 'Deskripsi', tampil: shortened },
    kategori: { label: 'Kategori', tampil: labelIn(meetingCategoryLabels) },
    jenis: { label: 'Jenis Pertemuan', tampil: labelIn(lectureModeLabels) },
    metode: 'Metode',
    waktu_mulai: { label: 'Waktu Mulai', tampil: localTimeText(timeZone) },
    waktu_selesai: { label: 'Waktu Selesai', tampil: localTimeText(timeZone) },
    'sesi.nama': 'Sesi',
    'ruangan.nama': 'Ruangan',
    pengajar_kelas: { label: 'Pengajar', tampil: teachingNames },
    'parameter_kehadiran.hadir_vidcon': flag('hadir vidcon'),
    'parameter_kehadiran.kerjakan_kuis_ujian': flag('kerjakan kuis/ujian'),
    'parameter_kehadiran.kerjakan_tugas': flag('kerjakan tugas'),
    'parameter_kehadiran.posting_forum': flag('posting forum'),
    'parameter_kehadiran.unduh_materi': flag('unduh materi'),
  };
}

/** Meetings: detail, edit, start and end, and a class's meeting list. */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/pertemuan/:id',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Detail pertemuan (403 pembatasan_ujian_kehadiran bila mahasiswa dibatasi)',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: meetingDetailResponseSchema },
      },
    },
    async (request) => {
      const data = await getMeetingPage(app.db, request.actor, request.college, request.params.id);
      await recordMeetingOpened(app.db, request, data);
      return { data };
    },
  );

  app.put(
    '/v2/lms/pertemuan/:id',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah Data Pertemuan (aturan spesifikasi 2 §5)',
        security: bearer,
        params: meetingIdParamsSchema,
        body: meetingUpdateSchema,
        response: { 200: meetingDetailResponseSchema },
      },
    },
    async (request) => {
      const { actor, college } = request;
      // An operator's edit is audited with what changed, old → new; lecturers' edits are not.
      const before =
        actor.role === 'operator'
          ? await getMeetingDetail(app.db, actor, college, request.params.id)
          : undefined;
      const data = await updateMeeting(app.db, actor, college, request.params.id, request.body);
      const perubahan = before ? listChanges(before, data, meetingFields(college.timeZone)) : [];
      if (perubahan.length > 0) {
        const kelas = data.kelas_kuliah;
        await recordRequestActivity(
          app.db,
          request,
          'ubah_pertemuan',
          `Mengubah data Pertemuan ${data.nomor}: ${data.judul} (${kelas.mata_kuliah.nama} ${kelas.kelas.nama})`,
          { periode: kelas.periode, id_kelas: kelas.id, id_pertemuan: data.id, perubahan },
        );
      }
      return { data };
    },
  );

  app.put(
    '/v2/lms/pertemuan/:id/teks',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Teks pertemuan (rich text); kosong menghapusnya',
        security: bearer,
        params: meetingIdParamsSchema,
        body: z.object({ teks: z.string().max(20_000).nullable() }),
        response: { 200: meetingDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await saveMeetingText(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.body.teks,
      ),
    }),
  );

  for (const action of ['start', 'end'] as const) {
    app.put(
      `/v2/lms/pertemuan/:id/${action}`,
      {
        config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
        schema: {
          tags,
          summary:
            action === 'start'
              ? 'Mulai kuliah (mulai_kuliah, status berlangsung)'
              : 'Akhiri kuliah (selesai_kuliah, status selesai)',
          security: bearer,
          params: meetingIdParamsSchema,
          response: { 200: meetingDetailResponseSchema },
        },
      },
      async (request) => ({
        data: await advanceMeeting(app.db, request.actor, request.college, request.params.id, action),
      }),
    );
  }

  app.get(
    '/v2/lms/kelas_kuliah/:id/pertemuan',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Data Pertemuan sebuah kelas (cari judul pertemuan)',
        security: bearer,
        params: classIdParamsSchema,
        querystring: classMeetingListQuerySchema,
        response: { 200: meetingListResponseSchema },
      },
    },
    async (request) => listClassMeetings(app.db, request.actor, request.params.id, request.query),
  );
};
