import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../platform/file-storage.ts';
import {
  createClassWorld,
  createExam,
  createForum,
  createMaterial,
  createMeeting,
  createTask,
  createTaskAttachment,
  type ClassWorld,
} from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fileSweepGraceMs, sweepUnreferencedFiles } from './file-sweep.service.ts';

let t: TestApp;
let dataDir: string;
let world: ClassWorld;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lms-file-sweep-'));
  t = await createTestApp({ dataDir, jobs: true });
  world = await createClassWorld(t.database);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A moment past the grace period of every file stored so far. */
function afterGrace(): Date {
  return new Date(Date.now() + fileSweepGraceMs + 60_000);
}

async function storeFile(options: { derivedFrom?: string; key?: string } = {}): Promise<string> {
  const stored = await t.app.files.put(Buffer.from(`isi berkas ${Math.random()}`), {
    collegeId: world.collegeId,
    contentType: 'text/plain',
    fileName: 'berkas.txt',
    ...options,
  });
  return stored.key;
}

async function exists(key: string): Promise<boolean> {
  const found = await t.app.files.get(key);
  found?.stream.destroy();
  return found !== undefined;
}

async function materialWithFile(meetingId: string, fileKey: string): Promise<string> {
  const { materialId } = await createMaterial(t.database, {
    collegeId: world.collegeId,
    meetingId,
    tipeFile: 'ebook',
    fileKey,
    fileName: 'bab1.pdf',
  });
  return materialId;
}

describe('file sweep', () => {
  it('removes the files of a deleted meeting, task and exam once the grace period has passed', async () => {
    const { meetingId } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: world.classId,
    });
    const materialKey = await storeFile();
    await materialWithFile(meetingId, materialKey);
    const { taskId } = await createTask(t.database, { collegeId: world.collegeId, meetingId });
    await createTaskAttachment(t.database, t.app.files, { collegeId: world.collegeId, taskId });
    const [attachment] = await t.database.query<{ file_key: string }>(
      'select file_key from task_attachments where tugas_id = $1',
      [taskId],
    );
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const examKey = await storeFile();
    await t.database.query('update exam_questions set soal_files = $1::jsonb where id = $2', [
      JSON.stringify([{ key: examKey, name: 'gambar.png', size: 10, extension: 'png' }]),
      exam.questionIds[0],
    ]);
    const doomed = [materialKey, attachment!.file_key, examKey];

    // While their rows exist, nothing goes, however old.
    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    for (const key of doomed) expect(await exists(key)).toBe(true);

    await t.database.query('delete from meetings where id = $1', [meetingId]);
    await t.database.query('delete from exams where id = $1', [exam.examId]);
    // Within the grace period an unreferenced file stays (its row may not be written yet).
    const early = await sweepUnreferencedFiles(t.database.db, t.app.files);
    expect(early.deleted).toBe(0);
    for (const key of doomed) expect(await exists(key)).toBe(true);

    const swept = await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    expect(swept.deleted).toBeGreaterThanOrEqual(3);
    expect(swept.bytesFreed).toBeGreaterThan(0);
    for (const key of doomed) expect(await exists(key)).toBe(false);
  });

  it('keeps a file a copy still names (copies share keys)', async () => {
    const key = await storeFile();
    const original = await materialWithFile(world.meetingId, key);
    const { meetingId: copyMeeting } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: world.classId,
    });
    await materialWithFile(copyMeeting, key);
    await t.database.query('delete from materials where id = $1', [original]);

    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    expect(await exists(key)).toBe(true);
  });

  it('keeps files only embedded in rich text or in an option image, and removes them once the text goes', async () => {
    const linked = await storeFile();
    const optionImage = await storeFile();
    const absolute = await storeFile();
    const [announcement] = await t.database.query<{ id: string }>(
      `insert into announcements (college_id, judul, isi, tanggal_publish)
       values ($1, 'Pengumuman', $2, now()) returning id`,
      [world.collegeId, `<p>Unduh <a href="${fileUrl(linked, world.collegeId)}">jadwal</a>.</p>`],
    );
    const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    await t.database.query('update exam_questions set isi = $1::jsonb where id = $2', [
      JSON.stringify({
        jenis: 'pilihan',
        pilihan: [{ teks: '', gambar: fileUrl(optionImage, world.collegeId) }, { teks: 'Dua' }],
        kunci: 1,
      }),
      exam.questionIds[0],
    ]);
    const { forumId } = await createForum(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    await t.database.query('update forums set deskripsi = $1 where id = $2', [
      `<p><a href="https://lms.example.ac.id/v2/files/${absolute}?college-id=${world.collegeId}">berkas</a></p>`,
      forumId,
    ]);

    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    for (const key of [linked, optionImage, absolute]) expect(await exists(key)).toBe(true);

    await t.database.query('delete from announcements where id = $1', [announcement!.id]);
    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    expect(await exists(linked)).toBe(false);
    expect(await exists(optionImage)).toBe(true);
  });

  it('keeps a news cover and the images in an announcement or article body while they are named', async () => {
    const cover = await storeFile();
    const inNews = await storeFile();
    const inAnnouncement = await storeFile();
    const image = (key: string) => `<p>Foto:</p><img src="${fileUrl(key, world.collegeId)}" alt="Foto" />`;
    const [news] = await t.database.query<{ id: string }>(
      `insert into news_articles (college_id, judul, isi, gambar_key, tanggal_publish)
       values ($1, 'Berita', $2, $3, now()) returning id`,
      [world.collegeId, image(inNews), cover],
    );
    const [announcement] = await t.database.query<{ id: string }>(
      `insert into announcements (college_id, judul, isi, tanggal_publish)
       values ($1, 'Pengumuman', $2, now()) returning id`,
      [world.collegeId, image(inAnnouncement)],
    );

    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    for (const key of [cover, inNews, inAnnouncement]) expect(await exists(key)).toBe(true);

    await t.database.query('delete from news_articles where id = $1', [news!.id]);
    await t.database.query('delete from announcements where id = $1', [announcement!.id]);
    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    for (const key of [cover, inNews, inAnnouncement]) expect(await exists(key)).toBe(false);
  });

  it('keeps a converted document while its file is named, and removes it with its file', async () => {
    const key = await storeFile();
    const converted = await storeFile({ key: `${key}_html9`, derivedFrom: key });
    const materialId = await materialWithFile(world.meetingId, key);

    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    expect(await exists(converted)).toBe(true);

    await t.database.query('delete from materials where id = $1', [materialId]);
    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    expect(await exists(key)).toBe(false);
    expect(await exists(converted)).toBe(false);
  });

  it('forgets the upload record of an option image it removes', async () => {
    const key = await storeFile();
    await t.database.query(
      `insert into storager_uploads (file_key, college_id, uploaded_by, dir) values ($1, $2, $3, 'bank_soal')`,
      [key, world.collegeId, world.teacher.userId],
    );
    await sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace());
    expect(await exists(key)).toBe(false);
    const records = await t.database.query('select 1 from storager_uploads where file_key = $1', [key]);
    expect(records).toEqual([]);
  });

  it('runs twice at once without failing or counting a file twice', async () => {
    const orphans = await Promise.all(Array.from({ length: 30 }, () => storeFile()));
    const kept = await storeFile();
    await materialWithFile(world.meetingId, kept);
    const countFiles = async () => {
      let count = 0;
      for await (const file of t.app.files.list()) if (file) count++;
      return count;
    };
    const before = await countFiles();

    const [a, b] = await Promise.all([
      sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace()),
      sweepUnreferencedFiles(t.database.db, t.app.files, afterGrace()),
    ]);
    expect(a.deleted + b.deleted).toBe(before - (await countFiles()));
    expect(a.deleted + b.deleted).toBeGreaterThanOrEqual(orphans.length);
    for (const key of orphans) expect(await exists(key)).toBe(false);
    expect(await exists(kept)).toBe(true);
  });

  it('is a daily job that runs one at a time and completes through the queue', async () => {
    await t.app.jobs.start();
    const schedules = await t.database.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule',
    );
    expect(schedules).toContainEqual({ name: 'file-sweep', cron: '43 19 * * *' });
    const [queue] = await t.database.query<{ policy: string }>(
      `select policy from pgboss.queue where name = 'file-sweep'`,
    );
    expect(queue?.policy).toBe('singleton');

    const ids = await Promise.all([t.app.jobs.send('file-sweep'), t.app.jobs.send('file-sweep')]);
    const deadline = Date.now() + 20_000;
    let states: Array<string | null> = [];
    while (Date.now() < deadline) {
      states = await Promise.all(ids.map((id) => t.app.jobs.state('file-sweep', id)));
      if (states.every((state) => state === 'completed' || state === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(states).toEqual(['completed', 'completed']);
  });
});
