import { Button } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassListItem } from '@lms/contract/class.schema';
import { ClassMeetingPicker } from './class-meeting-picker.tsx';

function prodiLabel(p: { nama: string; jenjang: string }): string {
  return `${p.jenjang} ${p.nama}`;
}

/**
 * The footer of an operator's class card on a phone (issue 45): what the table row shows beyond the
 * card (every teacher, SKS, Peserta, Pertemuan, the programmes) and the row's actions, Unduh BAP and Lihat, as
 * 44 px touch targets, under Pilih Pertemuan.
 */
export function OperatorClassCardFooter({
  item,
  onDownloadBap,
}: {
  item: ClassListItem;
  /** Opens the BAP modal for this class (Unduh BAP). */
  onDownloadBap(item: ClassListItem): void;
}) {
  const navigate = useNavigate();
  const classes = item.prodi_kelas.length ? item.prodi_kelas.map(prodiLabel).join(', ') : '-';
  return (
    <div className="class-card-footer">
      <dl className="class-card-footer__facts">
        {/* Every teacher, whole: the card above shows the first one on a single line. */}
        <dt>Pengajar</dt>
        <dd>{item.pengajar.length ? item.pengajar.map((t) => formatTeacherName(t)).join('; ') : '-'}</dd>
        <dt>SKS</dt>
        <dd>{item.mata_kuliah.sks}</dd>
        <dt>Peserta</dt>
        <dd>{item.jumlah_peserta}</dd>
        <dt>Pertemuan</dt>
        <dd>{item.jumlah_pertemuan}</dd>
        <dt>Prodi Matkul</dt>
        <dd>{prodiLabel(item.mata_kuliah.prodi)}</dd>
        <dt>Prodi Kelas</dt>
        <dd>{classes}</dd>
      </dl>
      <ClassMeetingPicker classId={item.id} />
      <div className="class-card-footer__actions">
        <Button
          icon={<DownloadOutlined />}
          aria-label={`Unduh BAP ${item.mata_kuliah.nama} kelas ${item.kelas.nama}`}
          onClick={() => onDownloadBap(item)}
        >
          Unduh BAP
        </Button>
        <Button
          icon={<EyeOutlined />}
          aria-label={`Lihat ${item.mata_kuliah.nama} kelas ${item.kelas.nama}`}
          onClick={() => void navigate(`/kelas/${encodeURIComponent(item.id)}`)}
        >
          Lihat
        </Button>
      </div>
    </div>
  );
}
