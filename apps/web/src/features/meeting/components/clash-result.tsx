import { Alert, Typography } from 'antd';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClashCheckResult } from '@lms/contract/meeting.schema';
import { formatDateTimeRange } from '../../../lib/date.ts';

/** The answer of Cek Jadwal: class, room and teacher clashes, or that the schedule is free. */
export function ClashResult({ result, timeZone }: { result: ClashCheckResult; timeZone: string }) {
  const range = (item: { waktu_mulai: string; waktu_selesai: string }) =>
    formatDateTimeRange(item.waktu_mulai, item.waktu_selesai, timeZone);
  // A weekly slot of another class (class_schedules) has no meeting number.
  const source = (item: { sumber: string; nomor: number | null }) =>
    item.sumber === 'jadwal_kelas' ? 'jadwal mingguan' : `pertemuan ${item.nomor}`;
  const kelas = result.bentrok_kelas.data;
  const ruangan = result.bentrok_ruangan.data;
  const pengajar = result.bentrok_pengajar.data;

  if (!kelas.length && !ruangan.length && !pengajar.length) {
    return <Alert type="success" showIcon title="Tidak ada jadwal yang bentrok. Data dapat disimpan." />;
  }
  const groups = [
    {
      key: 'kelas',
      title: 'Bentrok dengan pertemuan lain di kelas ini',
      ignorable: false,
      lines: kelas.map(
        (c) => `Pertemuan ${c.nomor}: ${c.judul} — ${range(c)}${c.sesi ? ` (${c.sesi.nama})` : ''}`,
      ),
    },
    {
      key: 'ruangan',
      title: 'Bentrok ruangan',
      ignorable: result.bentrok_ruangan.is_ignorable,
      lines: ruangan.map(
        (c) =>
          `${c.mata_kuliah.kode} ${c.mata_kuliah.nama} (${c.kelas.nama} ${c.kelas.jenis.nama}), ${source(c)} — ${range(c)}` +
          (c.pengajar.length ? ` · ${c.pengajar.map(formatTeacherName).join(', ')}` : ''),
      ),
    },
    {
      key: 'pengajar',
      title: 'Bentrok pengajar',
      ignorable: result.bentrok_pengajar.is_ignorable,
      lines: pengajar.map(
        (c) =>
          `${formatTeacherName(c)} mengajar ${c.mata_kuliah.kode} ${c.mata_kuliah.nama} (${c.kelas.nama} ${c.kelas.jenis.nama})` +
          `${c.sumber === 'jadwal_kelas' ? ', jadwal mingguan' : ''} — ${range(c)}`,
      ),
    },
  ].filter((g) => g.lines.length > 0);

  return (
    <div role="alert" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {groups.map((group) => (
        <Alert
          key={group.key}
          type={group.ignorable ? 'warning' : 'error'}
          showIcon
          title={group.ignorable ? `${group.title} (dapat diabaikan)` : group.title}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {group.lines.map((line) => (
                <li key={line}>
                  <Typography.Text>{line}</Typography.Text>
                </li>
              ))}
            </ul>
          }
        />
      ))}
    </div>
  );
}
