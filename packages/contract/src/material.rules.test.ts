import { describe, expect, it } from 'vitest';
import { externalLinkHref } from './format.rules.ts';
import {
  defaultMaterialDeadline,
  fileTooLargeMessage,
  isAcceptedMaterialFile,
  isMaterialCompleted,
  materialKindLabel,
  playedPercent,
  readingSecondsLeft,
  validateMaterialForm,
  type MaterialEvidence,
} from './material.rules.ts';

const now = new Date('2026-11-24T03:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const complete = {
  id_pertemuan: 'm1',
  judul: 'Bab 1',
  deskripsi: '<p>Isi</p>',
  jenis_materi: 'modul',
  tipe_file: 'ebook',
  has_file: true,
  tampil_sekarang: true,
  is_syarat_hadir: true,
  deadline: hours(24),
};

describe('validateMaterialForm', () => {
  it('passes a complete form', () => {
    expect(validateMaterialForm(complete, { requireMeeting: true, now })).toEqual({
      missing: [],
      invalid: [],
    });
  });

  it('names each missing field with the spec message', () => {
    const { missing } = validateMaterialForm(
      { tampil_sekarang: false, is_syarat_hadir: true, deskripsi: '<p><br></p>' },
      { requireMeeting: true, now },
    );
    expect(missing.map((e) => e.message)).toEqual([
      'Pertemuan wajib dipilih!',
      'Judul wajib diisi!',
      'Deskripsi wajib diisi!',
      'Jenis wajib dipilih!',
      'Tipe wajib dipilih!',
      'Tanggal & Jam Mulai Tampil wajib dipilih!',
      'Batas Waktu Kehadiran wajib dipilih!',
    ]);
  });

  it('asks a link for url materials and a file for the others', () => {
    const url = validateMaterialForm(
      { ...complete, tipe_file: 'url', has_file: false },
      { requireMeeting: false, now },
    );
    expect(url.missing).toEqual([{ field: 'file_url', message: 'Link wajib diisi!' }]);
    const file = validateMaterialForm({ ...complete, has_file: false }, { requireMeeting: false, now });
    expect(file.missing).toEqual([{ field: 'file', message: 'File wajib diunggah!' }]);
  });

  it('allows a show time from one day back, and a deadline only in the future and after the show time', () => {
    const yesterday = validateMaterialForm(
      { ...complete, tampil_sekarang: false, waktu_mulai_tampil: hours(-23) },
      { requireMeeting: false, now },
    );
    expect(yesterday.invalid).toEqual([]);
    const tooOld = validateMaterialForm(
      { ...complete, tampil_sekarang: false, waktu_mulai_tampil: hours(-25) },
      { requireMeeting: false, now },
    );
    expect(tooOld.invalid.map((e) => e.field)).toEqual(['waktu_mulai_tampil']);
    const pastDeadline = validateMaterialForm(
      { ...complete, deadline: hours(-1) },
      { requireMeeting: false, now },
    );
    expect(pastDeadline.invalid[0]!.message).toBe('Batas Waktu Kehadiran tidak boleh di masa lalu!');
    const beforeShown = validateMaterialForm(
      { ...complete, tampil_sekarang: false, waktu_mulai_tampil: hours(5), deadline: hours(2) },
      { requireMeeting: false, now },
    );
    expect(beforeShown.invalid[0]!.message).toBe(
      'Batas Waktu Kehadiran harus setelah Tanggal & Jam Mulai Tampil!',
    );
    const notRequired = validateMaterialForm(
      { ...complete, is_syarat_hadir: false, deadline: hours(-5) },
      { requireMeeting: false, now },
    );
    expect(notRequired.invalid).toEqual([]);
  });
});

describe('material files and labels', () => {
  it('accepts the extensions of each type only', () => {
    expect(isAcceptedMaterialFile('ebook', 'Bab 1.PDF')).toBe(true);
    expect(isAcceptedMaterialFile('ebook', 'lagu.mp3')).toBe(false);
    expect(isAcceptedMaterialFile('audio', 'rekaman.opus')).toBe(true);
    expect(isAcceptedMaterialFile('archive', 'kode.tar')).toBe(false);
    expect(isAcceptedMaterialFile('url', 'x.pdf')).toBe(false);
  });

  it('labels kinds, prefixes links and words the size message', () => {
    expect(materialKindLabel('petunjuk_praktikum')).toBe('Petunjuk Praktikum');
    expect(externalLinkHref('example.org/a')).toBe('https://example.org/a');
    expect(externalLinkHref('http://example.org')).toBe('http://example.org');
    expect(fileTooLargeMessage(20_000_000)).toBe('Ukuran file tidak boleh lebih dari 20.00MB.');
  });

  it('takes the default deadline only while the meeting has not started', () => {
    const meeting = { default_deadline_materi: '2026-12-01T00:00:00Z' };
    expect(defaultMaterialDeadline({ ...meeting, status: 'belum_dimulai' })).toBe('2026-12-01T00:00:00Z');
    expect(defaultMaterialDeadline({ ...meeting, status: 'berlangsung' })).toBeNull();
  });
});

describe('isMaterialCompleted', () => {
  const thresholds = { video_persen: 50, audio_persen: 80, ebook_detik: 60 };
  const nothing: MaterialEvidence = {
    downloaded: false,
    linkOpened: false,
    playedSeconds: 0,
    durationSeconds: 100,
    read: false,
  };

  it('applies each type its own rule (spec 2 §4)', () => {
    expect(isMaterialCompleted('ebook', { ...nothing, downloaded: true }, thresholds)).toBe(false);
    expect(isMaterialCompleted('ebook', { ...nothing, read: true }, thresholds)).toBe(true);
    expect(isMaterialCompleted('video', { ...nothing, playedSeconds: 50 }, thresholds)).toBe(true);
    expect(isMaterialCompleted('audio', { ...nothing, playedSeconds: 50 }, thresholds)).toBe(false);
    expect(isMaterialCompleted('audio', { ...nothing, downloaded: true }, thresholds)).toBe(true);
    expect(isMaterialCompleted('archive', { ...nothing, downloaded: true }, thresholds)).toBe(true);
    expect(isMaterialCompleted('url', { ...nothing, linkOpened: true }, thresholds)).toBe(true);
  });

  it('counts playback of unknown length as nothing, and a reading countdown from the opening', () => {
    expect(playedPercent(30, null)).toBe(0);
    expect(playedPercent(33.33, 100)).toBe(33.3);
    expect(playedPercent(500, 100)).toBe(100);
    expect(readingSecondsLeft(null, now, 60)).toBe(60);
    expect(readingSecondsLeft(new Date(now.getTime() - 20_500), now, 60)).toBe(40);
    expect(readingSecondsLeft(new Date(now.getTime() - 90_000), now, 60)).toBe(0);
  });
});
