import { Descriptions, Space, Tag, Typography } from 'antd';
import { formatTeacherName, labelOf, lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels } from '@lms/contract/meeting.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { formatDateTime, formatDateTimeRange } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

/** A teacher of the meeting with titles: 'Dr. Budi Santoso, S.Kom., M.Kom.'. */
export function meetingTeacherName(t: MeetingDetail['pengajar_kelas'][number]): string {
  return formatTeacherName({
    gelar_depan: t.gelar_depan,
    nama_pengajar: t.nama,
    gelar_akademik: t.gelar_akademik,
  });
}

/** The meeting's data: category, type, method, time in the college zone, place, teachers, description. */
export function MeetingInfo({ meeting }: { meeting: MeetingDetail }) {
  const isPhone = useIsPhone();
  const zone = meeting.time_zone;
  const teaching = meeting.pengajar_kelas.filter((t) => t.is_pengajar);
  return (
    <Descriptions
      bordered
      size="small"
      column={isPhone ? 1 : 2}
      styles={{ label: { width: isPhone ? 112 : 150 } }}
      items={[
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
          children: teaching.length ? (
            <Space orientation="vertical" size={2}>
              {teaching.map((t) => (
                <span key={t.id}>
                  {meetingTeacherName(t)}{' '}
                  {t.is_utama ? (
                    <Tag color="blue" style={{ marginInlineStart: 4 }}>
                      Utama
                    </Tag>
                  ) : null}
                </span>
              ))}
            </Space>
          ) : (
            '-'
          ),
        },
        {
          key: 'deskripsi',
          label: 'Deskripsi',
          span: isPhone ? 1 : 2,
          children: (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>
              {meeting.deskripsi || '-'}
            </Typography.Paragraph>
          ),
        },
      ]}
    />
  );
}
