import { z } from 'zod';
import {
  SiakadError,
  type SiakadClass,
  type SiakadConnector,
  type SiakadValueWrite,
  type SiakadWriteResult,
} from './siakad-connector.ts';

const classAnswerSchema = z.object({
  data: z.object({
    is_nilai_dikunci: z.boolean(),
    waktu_entri_nilai_start: z.string().nullable(),
    waktu_entri_nilai_end: z.string().nullable(),
    komponen: z.array(
      z.object({ id: z.coerce.string(), jenis: z.string(), label: z.string(), bobot: z.coerce.number() }),
    ),
    nilai: z.array(
      z.object({
        id_komponen: z.coerce.string(),
        nim: z.string(),
        nilai: z.coerce.number(),
        update_by_sikad: z.boolean(),
        updated_by: z.string().default(''),
        updated_at: z.string(),
      }),
    ),
  }),
});

const writeAnswerSchema = z.object({
  data: z.array(
    z.object({
      id_komponen: z.coerce.string(),
      nim: z.string(),
      status: z.enum(['ok', 'ditolak']),
      pesan: z.string().default(''),
    }),
  ),
});

const date = (value: string | null) => (value ? new Date(value) : null);

/**
 * A real SIAKAD over HTTP at the college's configured address (protocol in
 * docs/api/grades-and-siakad.md). Every call has a time limit; a timeout, a network error, a 5xx or a 429
 * is a transient SiakadError, any other non-2xx a refusal carrying SIAKAD's status.message.
 */
export function createHttpSiakadConnector(options: { url: string; timeoutMs: number }): SiakadConnector {
  const base = options.url.replace(/\/+$/, '');

  async function call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new SiakadError(
        timedOut
          ? `Siakad tidak menjawab dalam ${Math.round(options.timeoutMs / 1000)} detik.`
          : 'Siakad tidak dapat dihubungi.',
        true,
      );
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const message =
        (json as { status?: { message?: unknown } } | null)?.status?.message ?? `HTTP ${response.status}`;
      const transient = response.status >= 500 || response.status === 429;
      throw new SiakadError(`Siakad menolak permintaan: ${String(message)}`, transient, response.status);
    }
    return json;
  }

  return {
    kind: 'http',
    async readClass(kelasId: string): Promise<SiakadClass> {
      const parsed = classAnswerSchema.safeParse(
        await call('GET', `/kelas_kuliah/${encodeURIComponent(kelasId)}/nilai_lms`),
      );
      if (!parsed.success) throw new SiakadError('Jawaban Siakad tidak dapat dibaca.', false);
      const d = parsed.data.data;
      return {
        komponen: d.komponen,
        windowStart: date(d.waktu_entri_nilai_start),
        windowEnd: date(d.waktu_entri_nilai_end),
        locked: d.is_nilai_dikunci,
        values: d.nilai.map((v) => ({
          komponenId: v.id_komponen,
          nim: v.nim,
          nilai: v.nilai,
          updatedBySiakad: v.update_by_sikad,
          updatedBy: v.updated_by,
          updatedAt: new Date(v.updated_at),
        })),
      };
    },
    async writeValues(kelasId: string, values: SiakadValueWrite[], by: string): Promise<SiakadWriteResult[]> {
      const answer = await call('PUT', `/kelas_kuliah/${encodeURIComponent(kelasId)}/nilai_lms`, {
        updated_by: by,
        nilai: values.map((v) => ({ id_komponen: v.komponenId, nim: v.nim, nilai: v.nilai })),
      });
      const parsed = writeAnswerSchema.safeParse(answer);
      if (!parsed.success) throw new SiakadError('Jawaban Siakad tidak dapat dibaca.', false);
      const byKey = new Map(parsed.data.data.map((r) => [`${r.id_komponen}:${r.nim}`, r] as const));
      return values.map((v) => {
        const r = byKey.get(`${v.komponenId}:${v.nim}`);
        return r
          ? { komponenId: v.komponenId, nim: v.nim, ok: r.status === 'ok', message: r.pesan }
          : { komponenId: v.komponenId, nim: v.nim, ok: false, message: 'Tidak ada jawaban dari Siakad.' };
      });
    },
  };
}
