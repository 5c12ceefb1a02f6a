// Hostile-files benchmark (`npm run bench:hostile-files`): the built server (embedded PGlite, demo
// seed) receives each hostile file of the hardening issue while a probe request (GET /v2/user_info)
// loops. For each file it reports the answer, the server's RSS growth over its level before the file
// (sampled every 10 ms from /proc) and the probe's worst wait. The bar: at most 50 MB of growth and
// no probe waiting more than 100 ms.
//
// Files (made here, by the server's test generator): a 200,000-row workbook; 150 MB zip bombs, one
// honest and one whose directory lies about its sizes; a zip of 5,000 entries; Moodle XML with an
// external entity and with nested entities; a 150 MB .docx bomb shown in the reader; 300 MB uploads,
// one over the college's limit and one within it (streamed to storage).
//
// BENCH_PORT (3112).
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  entityExpansionXml,
  externalEntityXml,
  manyEntriesZip,
  manyRowsWorkbook,
  zipBomb,
} from '../apps/server/src/testing/hostile-files.ts';
import { startBuiltServer } from './built-server.ts';
import { buildServerIfNeeded, collegeHeaders, root, signInHelpers } from './server-process.ts';

const port = Number(process.env.BENCH_PORT ?? 3112);
const baseUrl = `http://127.0.0.1:${port}`;
const sharedClassId = '20261_01_IF2102';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A multipart body streamed in chunks: `fields`, then one file of `head` followed by `zeros` zero bytes. */
function multipartStream(
  fields: Record<string, string>,
  file: { field: string; name: string; head: Buffer; zeros?: number },
): { body: AsyncIterable<Uint8Array>; contentType: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  async function* body() {
    for (const [name, value] of Object.entries(fields))
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    );
    yield file.head;
    const chunk = Buffer.alloc(1 << 20);
    for (let left = file.zeros ?? 0; left > 0; left -= chunk.length)
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body: body(), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(
  token: string,
  method: string,
  url: string,
  form?: ReturnType<typeof multipartStream>,
): Promise<string & { id?: string }> {
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...collegeHeaders,
        authorization: `Bearer ${token}`,
        ...(form ? { 'content-type': form.contentType } : {}),
      },
      body: form?.body as never,
      duplex: 'half',
    } as RequestInit);
    const text = await res.text();
    let code = '';
    let id: string | undefined;
    try {
      const json = JSON.parse(text) as {
        status?: { code?: string; message?: string };
        data?: { id?: string };
      };
      code = json.status?.code ?? '';
      // The message's first words: which check refused the file.
      if (!res.ok && json.status?.message)
        code += ` "${json.status.message.split(' ').slice(0, 5).join(' ')} …"`;
      id = json.data?.id;
    } catch {
      // not JSON
    }
    return Object.assign(`${res.status} ${code}`.trim(), { id });
  } catch (error) {
    // A server that answers 413 before the body is sent may close the connection under the sender.
    return `connection closed (${(error as Error).cause ? String((error as Error).cause) : (error as Error).message})`;
  }
}

// The probe runs in its own thread, so that sending a 300 MB body from this one does not delay it.
const probeSource = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
let worstMs = 0;
let probes = 0;
parentPort.on('message', () => { running = false; });
(async () => {
  // One untimed request first: a new thread's first fetch sets up its client.
  await (await fetch(workerData.url, { headers: workerData.headers })).arrayBuffer();
  parentPort.postMessage({ ready: true });
  while (running) {
    const started = performance.now();
    const res = await fetch(workerData.url, { headers: workerData.headers });
    await res.arrayBuffer();
    worstMs = Math.max(worstMs, performance.now() - started);
    probes += 1;
  }
  parentPort.postMessage({ worstMs, probes });
})();
`;

/** Runs `work` while probing GET /v2/user_info in a loop and sampling the server's RSS every 10 ms. */
async function measure(pid: number, token: string, work: () => Promise<string>) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const probe = new Worker(probeSource, {
    eval: true,
    workerData: {
      url: `${baseUrl}/v2/user_info`,
      headers: { ...collegeHeaders, authorization: `Bearer ${token}` },
    },
  });
  await once(probe, 'message');
  const started = performance.now();
  const answer = await work();
  const tookMs = performance.now() - started;
  // Let what the file started (a worker's last allocations) show in the samples.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const result = once(probe, 'message');
  probe.postMessage('stop');
  const [{ worstMs, probes }] = (await result) as [{ worstMs: number; probes: number }];
  await probe.terminate();
  clearInterval(sampler);
  return { answer, tookMs, growthMb: peak - before, afterMb: rssMb(pid) - before, worstMs, probes };
}

async function firstId(token: string, url: string): Promise<string> {
  const res = await fetch(`${baseUrl}${url}`, {
    headers: { ...collegeHeaders, authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  const id = /"id":"([0-9a-f-]{36})"/.exec(text)?.[1];
  if (!id) throw new Error(`no id in ${url}: ${res.status} ${text.slice(0, 200)}`);
  return id;
}

async function main() {
  buildServerIfNeeded();
  const server = await startBuiltServer(port);
  try {
    const { signIn } = signInHelpers(baseUrl);
    const lecturer = (await signIn('dosen'))!;
    const operator = (await signIn('operator'))!;
    const bankId = await firstId(lecturer, '/v2/lms/bank_soal');
    const meetingId = await firstId(lecturer, `/v2/lms/kelas_kuliah/${sharedClassId}/pertemuan`);

    console.log('making the hostile files …');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Soal').addRows([
      ['Pertanyaan', 'Kunci Jawaban'],
      ['Jelaskan.', 'Kunci'],
    ]);
    const smallXlsx = Buffer.from(await book.xlsx.writeBuffer());
    const smallDocx = readFileSync(
      path.join(root, 'apps/server/src/db/seed/files/ringkasan-normalisasi.docx'),
    );
    const importExcel = (name: string, content: Buffer) => () =>
      send(
        lecturer,
        'POST',
        `/v2/lms/bank_soal/${bankId}/soal/import_excel`,
        multipartStream({ jenis_soal: 'esai' }, { field: 'file', name, head: content }),
      );
    const importXml = (content: string) => () =>
      send(
        lecturer,
        'POST',
        `/v2/lms/bank_soal/${bankId}/soal/import`,
        multipartStream(
          { format: 'moodle_xml' },
          { field: 'file', name: 'soal.xml', head: Buffer.from(content) },
        ),
      );
    const material = (name: string, head: Buffer, zeros = 0) =>
      send(
        lecturer,
        'POST',
        '/v2/lms/materi',
        multipartStream(
          {
            id_pertemuan: meetingId,
            judul: `Bench ${name}`,
            deskripsi: '<p>Berkas uji.</p>',
            deadline: new Date(Date.now() + 86_400_000).toISOString(),
            jenis_materi: 'modul',
            tipe_file: 'ebook',
            tampil_sekarang: 'true',
            is_syarat_hadir: 'false',
          },
          { field: 'file', name, head, zeros },
        ),
      );
    const rows = await manyRowsWorkbook(200_000);
    const bomb = await zipBomb(smallXlsx, 150_000_000);
    const liar = await zipBomb(smallXlsx, 150_000_000, { lieAboutSizes: true });
    const entries = await manyEntriesZip(smallXlsx, 5000);
    const docBomb = await zipBomb(smallDocx, 150_000_000, { entryName: 'word/media/bom.bin' });
    const pdfHead = Buffer.from('%PDF-1.4\n');

    const cases: Array<[string, () => Promise<string>]> = [
      [`xlsx of 200,000 rows (${(rows.length / 1e6).toFixed(1)} MB)`, importExcel('baris.xlsx', rows)],
      [`xlsx bomb, 150 MB unpacked (${(bomb.length / 1e3).toFixed(0)} KB)`, importExcel('bom.xlsx', bomb)],
      ['xlsx bomb, sizes lying in its directory', importExcel('bom-bohong.xlsx', liar)],
      ['xlsx of 5,000 zip entries', importExcel('entri.xlsx', entries)],
      ['Moodle XML, external entity', importXml(externalEntityXml)],
      ['Moodle XML, nested entities', importXml(entityExpansionXml)],
      [
        'docx bomb, 150 MB unpacked, opened in the reader',
        async () => {
          const created = await material('bom.docx', docBomb);
          const read = created.id
            ? await send(lecturer, 'GET', `/v2/lms/materi/${created.id}/dokumen`)
            : 'not stored';
          return `upload ${created}; reader ${read}`;
        },
      ],
      ['300 MB upload over the 20 MB limit', () => material('besar.pdf', pdfHead, 300_000_000)],
    ];

    // Last, with the college's limit raised to 512 MB (the platform's default maximum): streamed to storage.
    cases.push([
      '300 MB upload within a 512 MB limit',
      async () => {
        const raised = await fetch(`${baseUrl}/v2/lms/pengaturan`, {
          method: 'PUT',
          headers: {
            ...collegeHeaders,
            authorization: `Bearer ${operator}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ pengaturan_sistem: { ukuran_max_file: { materi: 512 } } }),
        });
        if (!raised.ok) return `raising the limit answered ${raised.status}`;
        return material('besar.pdf', pdfHead, 300_000_000);
      },
    ]);

    // Warm-up: a valid import starts the worker thread and loads ExcelJS once, as any first import does.
    const warm = await measure(server.pid, lecturer, importExcel('hangat.xlsx', smallXlsx));
    // (The workbook is not a template, so it is refused, after ExcelJS read it.)
    console.log(`warm-up import: ${warm.answer}; probe worst ${warm.worstMs.toFixed(0)} ms`);

    console.log('\n| file | answer | took | RSS growth: peak (after) | probe worst wait (probes) |');
    console.log('|---|---|---|---|---|');
    let worstGrowth = 0;
    let worstWait = 0;
    for (const [name, work] of cases) {
      const result = await measure(server.pid, lecturer, work);
      worstGrowth = Math.max(worstGrowth, result.growthMb);
      worstWait = Math.max(worstWait, result.worstMs);
      console.log(
        `| ${name} | ${result.answer} | ${(result.tookMs / 1000).toFixed(1)} s | ` +
          `${result.growthMb.toFixed(0)} MB (${result.afterMb.toFixed(0)} MB) | ` +
          `${result.worstMs.toFixed(0)} ms (${result.probes}) |`,
      );
    }
    const pass = worstGrowth <= 50 && worstWait <= 100;
    console.log(
      `\nworst RSS growth ${worstGrowth.toFixed(0)} MB (bar 50), worst probe wait ${worstWait.toFixed(0)} ms (bar 100): ${pass ? 'within' : 'OVER'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
  }
}

await main();
