import { readFile } from 'node:fs/promises';
import type { FileStore } from '../../platform/file-storage.ts';
import type { DemoContext } from './demo-seed.context.ts';

/**
 * The demo materials' files: small real files shipped in `files/`, stored under fixed keys so that every
 * demo material (and every copy) points at them. `ensureDemoFiles` puts them in the file store at start.
 */
export const demoMaterialFiles = {
  pdf: {
    key: 'demo-materi-pendahuluan-pdf',
    name: 'materi-pendahuluan.pdf',
    contentType: 'application/pdf',
    size: 813,
    durationSeconds: null,
  },
  video: {
    key: 'demo-materi-video-pengantar-webm',
    name: 'video-pengantar.webm',
    contentType: 'video/webm',
    size: 95_397,
    durationSeconds: 8,
  },
  audio: {
    key: 'demo-materi-audio-pengantar-mp3',
    name: 'audio-pengantar.mp3',
    contentType: 'audio/mpeg',
    size: 32_410,
    durationSeconds: 8,
  },
  zip: {
    key: 'demo-materi-contoh-kode-zip',
    name: 'contoh-kode.zip',
    contentType: 'application/zip',
    size: 327,
    durationSeconds: null,
  },
  docx: {
    key: 'demo-materi-ringkasan-docx',
    name: 'ringkasan-normalisasi.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    size: 2484,
    durationSeconds: null,
  },
} as const;

/** Puts the demo files into the store under their keys when they are not there yet (every start). */
export async function ensureDemoFiles(files: FileStore, collegeIds: string[]): Promise<void> {
  for (const collegeId of collegeIds) {
    for (const file of Object.values(demoMaterialFiles)) {
      const key = demoFileKey(file.key, collegeId);
      const found = await files.get(key);
      if (found) {
        found.stream.destroy();
        continue;
      }
      const bytes = await readFile(new URL(`./files/${file.name}`, import.meta.url));
      await files.put(bytes, { collegeId, contentType: file.contentType, fileName: file.name, key });
    }
  }
}

/** A demo file's key in a college (files belong to one college). */
export function demoFileKey(key: string, collegeId: string): string {
  return `${key}-${collegeId}`;
}

/**
 * Materials in meetings 1 and 2 of every current class: an e-book, a video, an audio recording, an
 * archive and a link, required for attendance where the meeting is online, and a Word summary to read
 * in the page (not required); with their activities.
 */
export function addDemoMaterials(ctx: DemoContext): void {
  const { rows, collegeId, uid } = ctx;
  const current = new Set(rows.classes.filter((c) => c.periode === ctx.currentPeriod).map((c) => c.id!));
  const teacherOf = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) teacherOf.set(t.kelasId, t.dosenId);
  for (const meeting of rows.meetings) {
    if (!current.has(meeting.kelasId) || meeting.nomor > 2) continue;
    const online = meeting.jenis === 'online';
    const deadline = new Date(meeting.waktuSelesai!.getTime() + 7 * 86_400_000);
    const shownAt = new Date(meeting.waktuMulai!.getTime() - 86_400_000);
    const items =
      meeting.nomor === 1
        ? [
            { judul: 'Materi Pendahuluan', jenis: 'buku_ajar', tipe: 'ebook', file: demoMaterialFiles.pdf },
            {
              judul: 'Video Pengantar Perkuliahan',
              jenis: 'audio_visual',
              tipe: 'video',
              file: demoMaterialFiles.video,
            },
            { judul: 'Rujukan Daring', jenis: 'alat_bantu', tipe: 'url', file: null },
          ]
        : [
            {
              judul: 'Rekaman Penjelasan',
              jenis: 'audio_visual',
              tipe: 'audio',
              file: demoMaterialFiles.audio,
            },
            {
              judul: 'Contoh Kode Program',
              jenis: 'petunjuk_praktikum',
              tipe: 'archive',
              file: demoMaterialFiles.zip,
            },
            {
              judul: 'Ringkasan Normalisasi',
              jenis: 'modul',
              tipe: 'ebook',
              file: demoMaterialFiles.docx,
              optional: true,
            },
          ];
    for (const [i, item] of items.entries()) {
      const id = uid(`materi:${meeting.id}:${i}`);
      const required = online && !('optional' in item);
      rows.materials.push({
        id,
        collegeId,
        kelasId: meeting.kelasId,
        pertemuanId: meeting.id!,
        judul: item.judul,
        deskripsi: `<p>${item.judul} untuk pertemuan ${meeting.nomor}. Pelajari sebelum kuliah dimulai.</p>`,
        jenisMateri: item.jenis as 'buku_ajar',
        tipeFile: item.tipe as 'ebook',
        fileKey: item.file ? demoFileKey(item.file.key, collegeId) : null,
        fileName: item.file?.name ?? null,
        fileSize: item.file?.size ?? null,
        fileContentType: item.file?.contentType ?? null,
        durationSeconds: item.file?.durationSeconds ?? null,
        fileUrl: item.file ? null : 'https://id.wikipedia.org/wiki/Algoritma',
        tampilSekarang: true,
        tampilMulai: shownAt,
        isSyaratHadir: required,
        deadline: required ? deadline : null,
        createdBy: teacherOf.get(meeting.kelasId) ?? null,
        createdAt: shownAt,
        updatedAt: shownAt,
      });
      rows.activities.push({
        id: uid(`aktivitas:materi:${id}`),
        collegeId,
        kind: 'materi',
        contentId: id,
        kelasId: meeting.kelasId,
        pertemuanId: meeting.id!,
        title: item.judul,
        countsForAttendance: required,
        opensAt: shownAt,
        dueAt: required ? deadline : null,
        createdAt: shownAt,
        updatedAt: shownAt,
      });
    }
  }
}
