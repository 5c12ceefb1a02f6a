import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceExportQuerySchema,
  attendanceKindsResponseSchema,
  attendanceListQuerySchema,
  attendanceListResponseSchema,
  bulkAttendanceInputSchema,
  classAttendanceRecapResponseSchema,
  meetingAttendanceResponseSchema,
  meetingForumParticipationResponseSchema,
  myClassAttendanceResponseSchema,
  recalculationInputSchema,
  recalculationResponseSchema,
  recalculationScopeResponseSchema,
  singleAttendanceInputSchema,
  studentAttendanceExportQuerySchema,
  studentMeetingAttendanceResponseSchema,
} from '@lms/contract/attendance.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { onResource, type RouteAccess } from '../../platform/route-access.ts';
import { attendanceStreamKey } from '../activity/activity.api.ts';
import { recordRequestActivity } from '../activity-log/activity-log.api.ts';
import { loadReadableClass } from '../class/class.api.ts';
import {
  exportAttendanceList,
  exportClassRecap,
  exportStudentAttendance,
} from './attendance-export.service.ts';
import {
  announceRecalculation,
  attendanceRecalculationJob,
  attendanceRecalculationJobName,
  collegeAttendanceStreamKey,
} from './attendance-recalculation.job.ts';
import { assertCanSeeClassAttendance } from './attendance.policy.ts';
import { presentRecalculation } from './attendance.presenter.ts';
import {
  createRecalculation,
  getClassRecap,
  getRecalculation,
  getRecalculationScope,
  getMeetingAttendance,
  getMeetingForumParticipation,
  getStudentMeetingAttendance,
  listAttendance,
  listMyClassAttendance,
  saveBulkAttendance,
  saveStudentAttendance,
  type RecalculationTarget,
} from './attendance.service.ts';
import { sendDownload } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['kehadiran'];
const staff = ['dosen', 'operator'] as const;
const base = '/v2/lms/kehadiran_mahasiswa';
const meetingParams = z.object({ id: z.uuid() });
const classParams = z.object({ id: z.string().min(1).max(100) });
const classMeetingParams = classParams.extend({ pertemuanId: z.uuid() });
const lists: RouteAccess = { roles: staff, area: 'kelas_kuliah', level: 'read' };
const operatorsOfClasses = (level: 'read' | 'write'): RouteAccess => ({
  roles: ['operator'],
  area: 'kelas_kuliah',
  level,
});

/** Student attendance (spec 2 §7 "Attendance"): lists, marks, details, recaps, exports, recalculation. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(attendanceRecalculationJob(app));

  app.get(
    `${base}/jenis_presensi`,
    {
      config: { access: { roles: staff } },
      schema: {
        tags,
        summary: 'Jenis presensi opsional (izin, sakit) dan apakah aktif',
        security: bearer,
        response: { 200: attendanceKindsResponseSchema },
      },
    },
    async (request) => {
      const kinds = readCollegeSettings(request.college).pengaturan_kelas.jenis_presensi;
      return {
        data: {
          izin: { id: 'I' as const, nama: 'Izin', is_active: kinds.izin },
          sakit: { id: 'S' as const, nama: 'Sakit', is_active: kinds.sakit },
        },
      };
    },
  );

  app.get(
    `${base}/pertemuan/:id`,
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read', staff) },
      schema: {
        tags,
        summary: 'Kehadiran mahasiswa satu pertemuan',
        security: bearer,
        params: meetingParams,
        response: { 200: meetingAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await getMeetingAttendance(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    `${base}/pertemuan/:id/forum`,
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read', staff) },
      schema: {
        tags,
        summary: 'Forum pertemuan di halaman kehadiran: siapa yang sudah menyelesaikan (minimal_post)',
        security: bearer,
        params: meetingParams,
        response: { 200: meetingForumParticipationResponseSchema },
      },
    },
    async (request) => ({
      data: await getMeetingForumParticipation(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.put(
    `${base}/pertemuan/:id`,
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', staff) },
      schema: {
        tags,
        summary:
          'Simpan kehadiran beberapa mahasiswa ({nim, presensi, ada_presensi}); ada_presensi false menghapus tanda manual',
        security: bearer,
        params: meetingParams,
        body: bulkAttendanceInputSchema,
        response: { 200: meetingAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await saveBulkAttendance(app.db, request.actor, request.college, request.params.id, request.body),
    }),
  );

  app.put(
    `${base}/pertemuan/:id/mahasiswa/:mahasiswaId`,
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', staff) },
      schema: {
        tags,
        summary: 'Simpan kehadiran satu mahasiswa (is_hadir atau presensi)',
        security: bearer,
        params: meetingParams.extend({ mahasiswaId: z.uuid() }),
        body: singleAttendanceInputSchema,
        response: { 200: meetingAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await saveStudentAttendance(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.mahasiswaId,
        request.body,
      ),
    }),
  );

  /** Records the request, queues the job and announces "processing" to the class's pages. */
  async function startRecalculation(
    request: {
      actor: Parameters<typeof createRecalculation>[1];
      college: Parameters<typeof createRecalculation>[2];
    },
    target: RecalculationTarget,
  ) {
    const { row, scope } = await createRecalculation(app.db, request.actor, request.college, target);
    await app.jobs.send(attendanceRecalculationJobName, { collegeId: row.collegeId, id: row.id });
    await announceRecalculation(app.events, row);
    return { row, scope, answer: { data: presentRecalculation(row) } };
  }

  app.post(
    `${base}/pertemuan/:id/hitung_ulang`,
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', staff) },
      schema: {
        tags,
        summary: 'Update Progress: hitung ulang progress kehadiran pertemuan (job; event calc-percentage)',
        security: bearer,
        params: meetingParams,
        response: { 202: recalculationResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send((await startRecalculation(request, { kind: 'meeting', meetingId: request.params.id })).answer),
  );

  app.get(
    `${base}/hitung_persentase/cakupan`,
    {
      // The list's "Update Kehadiran Manual" is the operators' (a lecturer recalculates a class's page).
      config: { access: operatorsOfClasses('write') },
      schema: {
        tags,
        summary:
          'Cakupan Update Kehadiran Manual untuk konfirmasinya: teks cakupan, jumlah kelas, mahasiswa dan pertemuan',
        security: bearer,
        querystring: recalculationInputSchema,
        response: { 200: recalculationScopeResponseSchema },
      },
    },
    async (request) => ({
      data: await getRecalculationScope(app.db, request.actor, request.college, request.query),
    }),
  );

  app.get(
    `${base}/hitung_persentase/:id`,
    {
      config: { access: lists },
      schema: {
        tags,
        summary: 'Status dan progres satu permintaan update kehadiran (kelas selesai dari jumlah kelas)',
        security: bearer,
        params: meetingParams,
        response: { 200: recalculationResponseSchema },
      },
    },
    async (request) => ({
      data: presentRecalculation(await getRecalculation(app.db, request.actor, request.params.id)),
    }),
  );

  app.post(
    `${base}/hitung_persentase`,
    {
      config: { access: { roles: staff, area: 'kelas_kuliah', level: 'write' } },
      schema: {
        tags,
        summary:
          'Update Kehadiran Manual: hitung ulang kelas (id_kelas_kuliah) atau semua kelas filter (operator): periode, prodi, mata kuliah, dosen, tanggal',
        security: bearer,
        body: recalculationInputSchema,
        response: { 202: recalculationResponseSchema },
      },
    },
    async (request, reply) => {
      const started = await startRecalculation(request, { kind: 'filter', input: request.body });
      const scope = started.scope!;
      const input = request.body;
      await recordRequestActivity(
        app.db,
        request,
        'hitung_ulang_kehadiran',
        `Update Kehadiran Manual: ${scope.jumlah_kelas} kelas, ${scope.jumlah_mahasiswa} mahasiswa, ${scope.jumlah_pertemuan} pertemuan`,
        {
          cakupan: scope.cakupan,
          periode: input.periode,
          id_kelas: input.id_kelas_kuliah,
          id_prodi: input.id_prodi,
          id_mata_kuliah: input.id_mata_kuliah,
          id_dosen: input.id_dosen,
          tanggal_mulai: input.tanggal_mulai,
          tanggal_selesai: input.tanggal_selesai,
          jumlah_kelas: scope.jumlah_kelas,
          jumlah_mahasiswa: scope.jumlah_mahasiswa,
          jumlah_pertemuan: scope.jumlah_pertemuan,
          id_permintaan: started.row.id,
        },
      );
      return reply.code(202).send(started.answer);
    },
  );

  app.get(
    `${base}/kelas_kuliah/:id/pertemuan/:pertemuanId/me`,
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read', ['mahasiswa']) },
      schema: {
        tags,
        summary: 'Detail kehadiran saya di satu pertemuan (aktivitas dan buktinya)',
        security: bearer,
        params: classMeetingParams,
        response: { 200: studentMeetingAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await getStudentMeetingAttendance(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.pertemuanId,
        { me: true },
      ),
    }),
  );

  app.get(
    `${base}/kelas_kuliah/:id/pertemuan/:pertemuanId/nim/:nim`,
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read', staff) },
      schema: {
        tags,
        summary: 'Detail data kehadiran seorang mahasiswa di satu pertemuan',
        security: bearer,
        params: classMeetingParams.extend({ nim: z.string().min(1).max(30) }),
        response: { 200: studentMeetingAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await getStudentMeetingAttendance(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.pertemuanId,
        { nim: request.params.nim },
      ),
    }),
  );

  app.get(
    `${base}/kelas_kuliah/:id`,
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Rekap kehadiran kelas (mahasiswa: barisnya sendiri dan syarat UTS/UAS)',
        security: bearer,
        params: classParams,
        response: { 200: classAttendanceRecapResponseSchema },
      },
    },
    async (request) => ({
      data: await getClassRecap(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    `${base}/kelas_kuliah/:id/export_excel`,
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read', staff) },
      schema: {
        tags,
        summary: 'Ekspor rekap kehadiran kelas (xlsx, streaming)',
        security: bearer,
        params: classParams,
      },
    },
    async (request, reply) =>
      sendDownload(reply, await exportClassRecap(app.db, request.actor, request.college, request.params.id)),
  );

  app.get(
    `${base}/me`,
    {
      config: { access: { roles: ['mahasiswa'] } },
      schema: {
        tags,
        summary: 'Kehadiran saya per kelas (persentase)',
        security: bearer,
        response: { 200: myClassAttendanceResponseSchema },
      },
    },
    async (request) => ({ data: await listMyClassAttendance(app.db, request.actor, request.college) }),
  );

  app.get(
    base,
    {
      config: { access: lists },
      schema: {
        tags,
        summary: 'Daftar kehadiran per pertemuan (filter; dosen: kelasnya)',
        security: bearer,
        querystring: attendanceListQuerySchema,
        response: { 200: attendanceListResponseSchema },
      },
    },
    async (request) => listAttendance(app.db, request.actor, request.college, request.query),
  );

  app.get(
    `${base}/export_excel`,
    {
      config: { access: lists },
      schema: {
        tags,
        summary: 'Ekspor daftar kehadiran (filter sama, tanpa per_page; xlsx streaming)',
        security: bearer,
        querystring: attendanceExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendDownload(reply, await exportAttendanceList(app.db, request.actor, request.college, request.query)),
  );

  app.get(
    `${base}/mahasiswa/:nim/export_excel`,
    {
      // Operators (any student of the college); lecturers export their class's recap instead.
      config: { access: operatorsOfClasses('read') },
      schema: {
        tags,
        summary:
          'Ekspor kehadiran seorang mahasiswa di semua kelasnya (periode, atau semua), satu baris per pertemuan (xlsx)',
        security: bearer,
        params: z.object({ nim: z.string().trim().min(1).max(30) }),
        querystring: studentAttendanceExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await exportStudentAttendance(
          app.db,
          request.actor,
          request.college,
          request.params.nim,
          request.query.periode,
        ),
      ),
  );

  app.get(
    '/v2/lms/events/kehadiran_mahasiswa',
    {
      // EventSource cannot set headers: the token and the college come in the query (never logged).
      config: { access: lists, collegeIdFromQuery: true, tokenFromQuery: true },
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          'Aliran SSE kehadiran kelas: `progress` {id_pertemuan} dan `calc-percentage` {id, status, …}',
        security: bearer,
        querystring: z.object({
          id_kelas_kuliah: z.string().min(1).max(100),
          access_token: z.string(),
          'college-id': z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const cls = await loadReadableClass(app.db, request.actor, request.query.id_kelas_kuliah);
      assertCanSeeClassAttendance(request.actor, cls.relation);
      const stream = app.events.openStream(reply, attendanceStreamKey(request.actor.collegeId, cls.row.id));
      // College-wide recalculations cover this class too.
      const unsubscribe = app.events.subscribe(
        collegeAttendanceStreamKey(request.actor.collegeId),
        (event, data) => stream.send(event, data),
      );
      stream.onClose(unsubscribe);
      if (request.auth.expiresAt) stream.endAt(request.auth.expiresAt);
    },
  );
};
