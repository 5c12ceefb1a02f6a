import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siakadSemesterParts } from './siakad-connector.ts';
import { readDemoSemesterPage } from './siakad-demo.connector.ts';
import {
  demoProtocolSignatureValid,
  readDemoProtocolClass,
  writeDemoProtocolValues,
} from './siakad-demo.service.ts';
import { siakadSignatureHeaders } from './siakad-signature.ts';

/** Where the demo SIAKAD speaks the LMS → SIAKAD protocol: `{PUBLIC_URL}/dev/siakad/{college id}`. */
export const demoSiakadProtocolPrefix = '/dev/siakad';

const params = z.object({ collegeId: z.string().min(1).max(100), id: z.string().min(1).max(100) });

const semesterParams = z.object({
  collegeId: z.string().min(1).max(100),
  kode: z.coerce.number().int().min(19000).max(30009),
  bagian: z.enum(siakadSemesterParts),
});
const semesterQuery = z.object({ halaman: z.coerce.number().int().min(1).max(10_000).default(1) });

const writeBodySchema = z.object({
  updated_by: z.string().max(200),
  nilai: z
    .array(
      z.object({
        id_komponen: z.coerce.string().max(100),
        nim: z.string().max(50),
        nilai: z.number(),
      }),
    )
    .max(1000),
});

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ status: { code, message } });

/**
 * The demo SIAKAD's side of the protocol (docs/api/grades-and-siakad.md): what a college's HTTP
 * connector calls when it points at this server. Like a real SIAKAD it accepts only requests signed
 * with the college's key (HMAC, fresh within 5 minutes); there is no bearer token here, so these routes
 * sit outside the API prefixes. The body is kept as received, since the signature covers its bytes.
 */
export const siakadDemoProtocolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  /** Whether the request is signed with the college's key; answers the refusal when not. */
  async function verified(request: FastifyRequest, reply: FastifyReply, collegeId: string) {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const ok = await demoProtocolSignatureValid(app.db, collegeId, {
      method: request.method,
      pathAndQuery: request.url,
      body: typeof request.body === 'string' ? request.body : '',
      timestamp: header(siakadSignatureHeaders.timestamp),
      signature: header(siakadSignatureHeaders.signature),
    });
    if (!ok) await refuse(reply, 401, 'tanda_tangan_tidak_sah', 'Tanda tangan LMS tidak sah.');
    return ok;
  }

  const path = `${demoSiakadProtocolPrefix}/:collegeId/kelas_kuliah/:id/nilai_lms`;

  app.get(path, { schema: { hide: true, params } }, async (request, reply) => {
    const { collegeId, id } = request.params;
    if (!(await verified(request, reply, collegeId))) return reply;
    const data = await readDemoProtocolClass(app.db, collegeId, id);
    if (!data) return refuse(reply, 404, 'kelas_tidak_ditemukan', 'Kelas kuliah tidak ditemukan.');
    return { data };
  });

  // A period's semester data, a part a page at a time (what "Muat Semester › Dari SIAKAD" reads).
  app.get(
    `${demoSiakadProtocolPrefix}/:collegeId/periode/:kode/muat_semester/:bagian`,
    { schema: { hide: true, params: semesterParams, querystring: semesterQuery } },
    async (request, reply) => {
      const { collegeId, kode, bagian } = request.params;
      if (!(await verified(request, reply, collegeId))) return reply;
      const page = await readDemoSemesterPage(app.db, collegeId, kode, bagian, request.query.halaman);
      return { data: { baris: page.rows, halaman_berikutnya: page.nextPage } };
    },
  );

  app.put(path, { schema: { hide: true, params } }, async (request, reply) => {
    const { collegeId, id } = request.params;
    if (!(await verified(request, reply, collegeId))) return reply;
    let body: z.infer<typeof writeBodySchema>;
    try {
      body = writeBodySchema.parse(JSON.parse(String(request.body)));
    } catch {
      return refuse(reply, 400, 'permintaan_tidak_sah', 'Isi permintaan tidak sah.');
    }
    const data = await writeDemoProtocolValues(app.db, collegeId, id, body);
    if (!data) return refuse(reply, 404, 'kelas_tidak_ditemukan', 'Kelas kuliah tidak ditemukan.');
    return { data };
  });
};
