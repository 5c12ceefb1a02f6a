import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { z } from 'zod';
import {
  isOwnOrigin,
  parseSiakadUrl,
  siakadLookup,
  SiakadAddressError,
  type SiakadPlatform,
} from './siakad-address.ts';
import {
  SiakadError,
  siakadSemesterPageSize,
  type SiakadClass,
  type SiakadConnector,
  type SiakadSemesterPage,
  type SiakadSemesterPart,
  type SiakadValueWrite,
  type SiakadWriteResult,
} from './siakad-connector.ts';
import { signSiakadRequest } from './siakad-signature.ts';

/** A SIAKAD answer larger than this is refused (a class's values are far smaller). */
const maxAnswerBytes = 5 * 1024 * 1024;

/** SIAKAD's per-value message is shown to lecturers: bounded, never more. */
const maxValueMessageLength = 200;

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
      pesan: z
        .string()
        .default('')
        .transform((message) => message.slice(0, maxValueMessageLength)),
    }),
  ),
});

const semesterPageAnswerSchema = z.object({
  data: z.object({
    baris: z
      .array(z.record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])))
      .max(siakadSemesterPageSize),
    halaman_berikutnya: z.number().int().positive().nullable(),
  }),
});

const date = (value: string | null) => (value ? new Date(value) : null);

export interface HttpSiakadOptions {
  url: string;
  timeoutMs: number;
  platform: SiakadPlatform;
  /** The college's key; read per call so a changed key applies at once and it is never kept around. */
  secret: () => Promise<string | null>;
}

/** What went wrong, in words for users; never what the remote sent. */
function connectionFailure(error: unknown, timedOut: boolean, timeoutMs: number): SiakadError {
  if (timedOut)
    return new SiakadError(`Siakad tidak menjawab dalam ${Math.round(timeoutMs / 1000)} detik.`, true);
  if (error instanceof SiakadAddressError) return new SiakadError(error.message, false);
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return new SiakadError('Siakad menolak sambungan.', true);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new SiakadError('Nama host Siakad tidak ditemukan.', true);
    case 'ECONNRESET':
    case 'EPIPE':
      return new SiakadError('Sambungan ke Siakad terputus.', true);
  }
  if (typeof code === 'string' && /CERT|TLS|SSL/.test(code)) {
    return new SiakadError('Sertifikat TLS Siakad tidak sah.', false);
  }
  return new SiakadError('Siakad tidak dapat dihubungi.', true);
}

function refusal(status: number): SiakadError {
  const transient = status >= 500 || status === 429;
  if (status >= 300 && status < 400) {
    return new SiakadError(
      `Siakad menjawab dengan pengalihan (HTTP ${status}); pengalihan tidak diikuti.`,
      false,
      status,
    );
  }
  if (status === 401 || status === 403) {
    return new SiakadError(
      `Siakad menolak tanda tangan LMS (HTTP ${status}). Periksa kunci rahasia Siakad.`,
      false,
      status,
    );
  }
  return new SiakadError(`Siakad menolak permintaan (HTTP ${status}).`, transient, status);
}

/** One request over node:http(s): every connection checked (siakadLookup), no redirects, a time limit. */
function send(
  target: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string;
    lookup: LookupFunction;
    signal: AbortSignal;
  },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      // No shared agent: every request opens its own connection, checked by the lookup.
      { method: init.method, headers: init.headers, lookup: init.lookup, signal: init.signal, agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ status, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) {
            request.destroy();
            reject(new SiakadError('Jawaban Siakad terlalu besar.', false));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * A real SIAKAD over HTTP at the college's configured address (protocol in
 * docs/api/grades-and-siakad.md). The address must pass the platform's rules (siakad-address.ts) when
 * used, not only when saved, and every connection is checked after name resolution; redirects are not
 * followed. Every request is signed with the college's key. Every call has a time limit; a timeout, a
 * network error, a 5xx or a 429 is a transient SiakadError, any other non-2xx a refusal naming the
 * status. Errors never carry what SIAKAD sent.
 */
export function createHttpSiakadConnector(options: HttpSiakadOptions): SiakadConnector {
  async function call(method: 'GET' | 'PUT', path: string, body?: unknown, search = ''): Promise<unknown> {
    let base: URL;
    try {
      base = parseSiakadUrl(options.platform, options.url);
    } catch (error) {
      throw new SiakadError(error instanceof Error ? error.message : 'Alamat Siakad tidak sah.', false);
    }
    const secret = await options.secret();
    if (!secret) {
      throw new SiakadError('Kunci rahasia Siakad belum diatur (Konfigurasi > Integrasi Nilai).', false);
    }
    const target = new URL(base.toString());
    target.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
    target.search = search;
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      'content-length': String(Buffer.byteLength(payload)),
      ...signSiakadRequest(secret, {
        method,
        pathAndQuery: `${target.pathname}${target.search}`,
        body: payload,
      }),
    };
    const signal = AbortSignal.timeout(options.timeoutMs);
    let answer: { status: number; text: string };
    try {
      answer = await send(target, {
        method,
        headers,
        body: payload,
        lookup: siakadLookup(options.platform, isOwnOrigin(options.platform, target)),
        signal,
      });
    } catch (error) {
      if (error instanceof SiakadError) throw error;
      throw connectionFailure(error, signal.aborted, options.timeoutMs);
    }
    if (answer.status < 200 || answer.status >= 300) throw refusal(answer.status);
    try {
      return answer.text ? JSON.parse(answer.text) : null;
    } catch {
      return null;
    }
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
    async readSemesterPage(
      periode: number,
      part: SiakadSemesterPart,
      page: number,
    ): Promise<SiakadSemesterPage> {
      const parsed = semesterPageAnswerSchema.safeParse(
        await call('GET', `/periode/${periode}/muat_semester/${part}`, undefined, `?halaman=${page}`),
      );
      if (!parsed.success) throw new SiakadError('Jawaban Siakad tidak dapat dibaca.', false);
      const { baris, halaman_berikutnya: next } = parsed.data.data;
      // A next page that does not move forward would never end.
      return { rows: baris, nextPage: next !== null && next > page ? next : null };
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
