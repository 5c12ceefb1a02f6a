import { Typography } from 'antd';
import { classStatusLabels, formatTeacherName, labelOf, lectureModeLabels } from '@lms/contract/class.rules';
import type { ClassDetail } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { timeZoneLabel } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { formatScheduleSlot } from './class-schedule-slot.ts';

function prodiText(p: { nama: string; jenjang: string } | null | undefined): string {
  return p ? `${p.jenjang} ${p.nama}` : '-';
}

/** The read-only class profile: course, class, period, mode, scope, campus, schedule and teachers. */
export function ClassProfileDetails({ detail }: { detail: ClassDetail }) {
  const zoneLabel = timeZoneLabel(useTimeZone());
  const rows: [string, React.ReactNode][] = [
    ['Mata Kuliah', detail.mata_kuliah.nama],
    ['Kode Mata Kuliah', detail.mata_kuliah.kode],
    ['SKS', detail.mata_kuliah.sks],
    ['Prodi Mata Kuliah', prodiText(detail.mata_kuliah.prodi)],
    ['Kelas', detail.kelas.nama],
    ['Jenis Kelas', detail.kelas.jenis.nama],
    ['Periode', formatPeriodLabel(detail.periode)],
    ['Status', labelOf(classStatusLabels, detail.status)],
    ['Mode Kuliah', labelOf(lectureModeLabels, detail.mode_kuliah)],
    ['Metode Pengajaran', detail.metode_pengajaran || '-'],
    ['Lingkup', detail.lingkup || '-'],
    ['Prodi Kelas', detail.prodi_kelas.length ? detail.prodi_kelas.map(prodiText).join(', ') : '-'],
    ['Kampus', detail.kampus?.nama ?? '-'],
    ['Kapasitas', detail.kapasitas],
    ['Jumlah Peserta', detail.jumlah_peserta],
    ['Jumlah Pertemuan', detail.jumlah_pertemuan],
    [
      'Jadwal',
      detail.jadwal.length ? (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {detail.jadwal.map((slot, i) => (
            <li key={i}>{formatScheduleSlot(slot, zoneLabel)}</li>
          ))}
        </ul>
      ) : (
        '-'
      ),
    ],
    [
      'Pengajar',
      detail.pengajar.length ? (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {detail.pengajar.map((t) => (
            <li key={t.id}>
              {formatTeacherName(t)} <Typography.Text type="secondary">({t.jabatan})</Typography.Text>
            </li>
          ))}
        </ul>
      ) : (
        '-'
      ),
    ],
  ];
  return (
    <dl className="class-fields" aria-label="Profil kelas">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
