import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeMessage } from '@lms/contract/material.rules';
import {
  buildOperatorPermissions,
  createClassWorld,
  createUser,
  type ClassWorld,
} from '../testing/factories.ts';
import { bearerHeaders, multipartBody, signToken, tinyPng } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Uploads stream into the store's staging folder with the limit counted on the way; the platform's
// UPLOAD_MAX_MB (here 1 MB) bounds a college's own setting (here 1,024 MB).
let t: TestApp;
let world: ClassWorld;
let token: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-uploads-'));
const filesDir = path.join(dataDir, 'files');

beforeAll(async () => {
  t = await createTestApp({ uploadMaxMb: 1, dataDir });
  world = await createClassWorld(t.database);
  await t.database.query(
    `update colleges set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{pengaturan_sistem}',
       '{"ukuran_max_file": {"foto_profil": 1024}}'::jsonb) where id = $1`,
    [world.collegeId],
  );
  t.app.invalidateCollegeCache();
  token = await signToken(t.app, world.teacher);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function uploadPhoto(content: Buffer) {
  const body = multipartBody({}, { field: 'foto', name: 'foto.png', type: 'image/png', content });
  return t.app.inject({
    method: 'PUT',
    url: '/v2/lms/pengaturan/foto',
    headers: { ...bearerHeaders(token, world.collegeId), ...body.headers },
    payload: body.payload,
  });
}

/** The staging folder's files, once the request's onResponse hook (after the answer) has run. */
async function stagedAfterResponse(): Promise<string[]> {
  const staging = path.join(filesDir, '.staging');
  for (let i = 0; i < 50 && existsSync(staging) && readdirSync(staging).length; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return existsSync(staging) ? readdirSync(staging) : [];
}

/** The keys the store holds (the disk or the bucket of the run) and what is in staging. */
async function storedFiles(): Promise<string[]> {
  const found: string[] = [];
  for await (const file of t.app.files.list()) found.push(file.key);
  const staging = path.join(filesDir, '.staging');
  return [...found, ...(existsSync(staging) ? readdirSync(staging) : [])];
}

describe('upload limits', () => {
  it('refuses a file over the platform maximum with its 413, whatever the college set, and keeps nothing', async () => {
    const res = await uploadPhoto(Buffer.concat([tinyPng(), Buffer.alloc(1_500_000)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toEqual({
      code: 'file_terlalu_besar',
      message: fileTooLargeMessage(1_000_000),
    });
    // The client is told to stop sending the rest of the body.
    expect(res.headers.connection).toBe('close');
    expect(await storedFiles()).toEqual([]);
  });

  it('stores a file within the limit by moving it out of staging', async () => {
    const res = await uploadPhoto(Buffer.concat([tinyPng(), Buffer.alloc(600_000)]));
    expect(res.statusCode, res.body).toBe(200);
    // The photo, once its staged copy is gone.
    expect(await stagedAfterResponse()).toEqual([]);
    expect(await storedFiles()).toHaveLength(1);
    const served = await t.app.inject({ url: res.json().data.foto_url });
    expect(served.rawPayload.length).toBe(tinyPng().length + 600_000);
  });

  it('refuses a college limit above the platform maximum in the settings, not one stored before', async () => {
    const operator = await createUser(t.database, {
      collegeId: world.collegeId,
      role: 'operator',
      permissions: buildOperatorPermissions('write'),
    });
    const headers = bearerHeaders(await signToken(t.app, operator), world.collegeId);
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/v2/lms/pengaturan', headers, payload: body });
    const over = await put({ pengaturan_sistem: { ukuran_max_file: { materi: 5 } } });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail.fields).toEqual([
      { field: 'pengaturan_sistem.ukuran_max_file.materi', message: 'Maksimal 1 MB (batas server).' },
    ]);
    // foto_profil stays at the 1,024 MB stored before; saving another setting still works.
    const within = await put({
      pengaturan_sistem: { ukuran_max_file: { materi: 1 }, time_zone: 'Asia/Makassar' },
    });
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().data.pengaturan_sistem.ukuran_max_file).toMatchObject({
      materi: 1,
      foto_profil: 1024,
    });
  });

  it('removes a staged file that its route refused by content', async () => {
    const res = await uploadPhoto(Buffer.alloc(300_000, 1));
    expect(res.statusCode).toBe(400);
    expect(await stagedAfterResponse()).toEqual([]);
  });
});
