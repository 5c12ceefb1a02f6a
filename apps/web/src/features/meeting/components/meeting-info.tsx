import { Fragment, type ReactNode } from 'react';
import { PlainTag } from '../../../components/plain-tag.tsx';
import { formatTeacherName, labelOf, lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels } from '@lms/contract/meeting.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { formatDateTime, formatDateTimeRange } from '../../../lib/date.ts';
import './meeting-info.css';

/** A teacher of the meeting with titles: 'Dr. Budi Santoso, S.Kom., M.Kom.'. */
export function meetingTeacherName(t: MeetingDetail['pengajar_kelas'][number]): string {
  return formatTeacherName({
    gelar_depan: t.gelar_depan,
    nama_pengajar: t.nama,
    gelar_akademik: t.gelar_akademik,
  });
}

/**
 * The meeting's data: category, type, method, time in the college zone, place, teachers, description. A
 * description list drawn as a bordered table (two pairs a row, one on phones): antd's Descriptions
 * measured its rows and generated its CSS in the page for what is static text (issue 17).
 */
export function MeetingInfo({ meeting }: { meeting: MeetingDetail }) {
  const zone = meeting.time_zone;
  const teaching = meeting.pengajar_kelas.filter((t) => t.is_pengajar);
  const items: { key: string; label: string; children: ReactNode; wide?: boolean }[] = [
    { key: 'kategori', label: 'Kategori', children: labelOf(meetingCategoryLabels, meeting.kategori) },
    { key: 'jenis', label: 'Jenis', children: labelOf(lectureModeLabels, meeting.jenis) },
    { key: 'metode', label: 'Metode', children: meeting.metode || '-' },
    {
      key: 'waktu',
      label: 'Waktu',
      children: formatDateTimeRange(meeting.waktu_mulai, meeting.waktu_selesai, zone),
    },
    {
      key: 'sesi',
      label: 'Sesi',
      children: meeting.sesi
        ? `${meeting.sesi.nama} (${meeting.sesi.jam_mulai.slice(0, 5)} - ${meeting.sesi.jam_selesai.slice(0, 5)})`
        : '-',
    },
    { key: 'ruangan', label: 'Ruangan', children: meeting.ruangan?.nama ?? '-' },
    { key: 'mulai', label: 'Mulai Kuliah', children: formatDateTime(meeting.mulai_kuliah, zone) },
    { key: 'selesai', label: 'Selesai Kuliah', children: formatDateTime(meeting.selesai_kuliah, zone) },
    { key: 'peserta', label: 'Jumlah Peserta', children: `${meeting.jumlah_peserta} Peserta` },
    {
      key: 'pengajar',
      label: 'Pengajar',
      children: teaching.length
        ? teaching.map((t) => (
            <div key={t.id}>
              {meetingTeacherName(t)}{' '}
              {t.is_utama ? (
                <PlainTag color="blue" style={{ marginInlineStart: 4 }}>
                  Utama
                </PlainTag>
              ) : null}
            </div>
          ))
        : '-',
    },
    {
      key: 'deskripsi',
      label: 'Deskripsi',
      wide: true,
      children: <span style={{ whiteSpace: 'pre-line' }}>{meeting.deskripsi || '-'}</span>,
    },
  ];
  return (
    <dl className="meeting-info">
      {items.map((item) => (
        <Fragment key={item.key}>
          <dt>{item.label}</dt>
          <dd className={item.wide ? 'is-wide' : undefined}>{item.children}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
