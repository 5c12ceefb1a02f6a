import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { labelOf, lectureModeLabels } from '@lms/contract/class.rules';
import type { ClassDetail } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { timeZoneLabel } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { formatScheduleSlot } from './class-schedule-slot.ts';

/** Data Kelas: the class's main facts, Lihat Silabus, RPS, dan RE, and Ubah Kelas when allowed. */
export function ClassDataCard({
  detail,
  onOpenSyllabus,
  onEdit,
}: {
  detail: ClassDetail;
  onOpenSyllabus(): void;
  onEdit(): void;
}) {
  const zoneLabel = timeZoneLabel(useTimeZone());
  const rows: [string, string][] = [
    ['Kode', detail.mata_kuliah.kode],
    ['SKS', String(detail.mata_kuliah.sks)],
    ['Periode', formatPeriodLabel(detail.periode)],
    ['Kelas', `${detail.kelas.nama} · ${detail.kelas.jenis.nama}`],
    ['Mode Kuliah', labelOf(lectureModeLabels, detail.mode_kuliah)],
    ['Kapasitas', `${detail.jumlah_peserta} / ${detail.kapasitas}`],
    ['Kampus', detail.kampus?.nama ?? '-'],
    [
      'Jadwal',
      detail.jadwal.length
        ? detail.jadwal.map((slot) => formatScheduleSlot(slot, zoneLabel)).join('; ')
        : '-',
    ],
  ];
  return (
    <PlainCard title="Data Kelas" size="small" aria-label="Data Kelas" role="region">
      <dl className="class-fields" style={{ marginBottom: 12 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="class-card-actions">
        <PlainButton block icon={<FileTextOutlined />} onClick={onOpenSyllabus}>
          Lihat Silabus, RPS, dan RE
        </PlainButton>
        {detail.akses.ubah_kelas ? (
          <PlainButton block variant="primary" ghost icon={<EditOutlined />} onClick={onEdit}>
            Ubah Kelas
          </PlainButton>
        ) : null}
      </div>
    </PlainCard>
  );
}
