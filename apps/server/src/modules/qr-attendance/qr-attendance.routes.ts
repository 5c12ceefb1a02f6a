import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import {
  meetingQrCodeResponseSchema,
  qrCheckInInputSchema,
  qrCheckInResponseSchema,
} from '@lms/contract/qr-attendance.schema';
import { onResource } from '../../platform/route-access.ts';
import { checkInByQrCode, getMeetingQrCode } from './qr-attendance.service.ts';
import { QrCodeSigner } from './qr-code-signer.ts';

const bearer = [{ bearer: [] }];
const tags = ['kehadiran mahasiswa'];

/** QR check-in for offline and mixed meetings: the code shown in class, and a student's check-in. */
export const qrAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = new QrCodeSigner(app.config.tokenSecret);

  app.get(
    '/v2/lms/kehadiran_mahasiswa/pertemuan/:id/qr',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Kode QR presensi pertemuan offline/campuran, berganti tiap 30 detik',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: meetingQrCodeResponseSchema },
      },
    },
    async (request) => ({
      data: await getMeetingQrCode(app.db, request.actor, request.college, request.params.id, {
        signer,
        publicUrl: app.config.publicUrl,
      }),
    }),
  );

  app.post(
    '/v2/lms/kehadiran_mahasiswa/presensi_qr',
    {
      // The code names the meeting; the service checks the student's enrolment in its class.
      config: { access: { roles: ['mahasiswa'] } },
      schema: {
        tags,
        summary: 'Presensi mahasiswa dengan kode QR (hadir, sumber qr)',
        security: bearer,
        body: qrCheckInInputSchema,
        response: { 200: qrCheckInResponseSchema },
      },
    },
    async (request) => ({
      data: await checkInByQrCode(app.db, request.actor, request.college, request.body.kode, signer),
    }),
  );
};
