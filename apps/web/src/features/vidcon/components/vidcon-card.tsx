import { Suspense, lazy, useState } from 'react';
import { DeleteOutlined, EditOutlined, TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Collapse, Space, Spin, Tag, Typography } from 'antd';
import { PlainCard } from '../../../components/plain-card.tsx';
import { externalLinkHref } from '@lms/contract/format.rules';
import { vidconAppLabels, vidconStatusLabels, type VidconStatus } from '@lms/contract/vidcon.rules';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { formatDateTime, formatDateTimeRange } from '../../../lib/date.ts';
import { useJoinVidcon } from '../api/join-vidcon.ts';
import { useToasts } from '../../../components/toasts.tsx';

// Who joined sits in a closed panel; its antd List (with Pagination and Select, ~34 KB gzip) is fetched
// when the panel opens.
const VidconJoinList = lazy(async () => ({
  default: (await import('./vidcon-join-list.tsx')).VidconJoinList,
}));

const statusColors: Record<VidconStatus, string> = {
  belum_dimulai: 'default',
  berlangsung: 'processing',
  selesai: 'success',
};

/**
 * A vidcon (spec 2 §2, §6): title, application, time and status; Gabung opens the link and the server
 * records the join (disabled once finished); lecturers and operators see the participant count and who
 * joined when, late or not, with edit and delete for those who write.
 */
export function VidconCard({
  vidcon,
  timeZone,
  showClass = false,
  onEdit,
  onDelete,
}: {
  vidcon: Vidcon;
  timeZone: string;
  /** On /vidcon, where vidcons of several classes are listed. */
  showClass?: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { notification } = useToasts();
  const join = useJoinVidcon();
  const [joined, setJoined] = useState(vidcon.join_saya);
  const mine = vidcon.join_saya ?? joined;

  const openAndJoin = async () => {
    // Opened before the call answers: a window opened later is taken for a pop-up and blocked.
    window.open(externalLinkHref(vidcon.link), '_blank', 'noopener,noreferrer');
    try {
      setJoined((await join.mutateAsync(vidcon.id)).join_saya);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    }
  };

  return (
    <PlainCard size="small" data-testid="vidcon-card">
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <VideoCameraOutlined aria-hidden style={{ fontSize: 22, color: '#1d4ed8' }} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong style={{ fontSize: 15, display: 'block', overflowWrap: 'anywhere' }}>
            {vidcon.judul}
          </Typography.Text>
          {showClass ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {vidcon.kelas_kuliah.mata_kuliah.kode} {vidcon.kelas_kuliah.mata_kuliah.nama} · Kelas{' '}
              {vidcon.kelas_kuliah.nama} · Pertemuan {vidcon.pertemuan.nomor}
            </Typography.Text>
          ) : null}
          <Space size={[4, 4]} wrap style={{ margin: '4px 0' }}>
            <Tag color={statusColors[vidcon.status]}>{vidconStatusLabels[vidcon.status]}</Tag>
            <Tag>{vidconAppLabels[vidcon.aplikasi]}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {formatDateTimeRange(vidcon.waktu_mulai, vidcon.waktu_selesai, timeZone)}
            </Typography.Text>
          </Space>
          {vidcon.catatan ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>
              {vidcon.catatan}
            </Typography.Paragraph>
          ) : null}
          {mine ? (
            <Tag color={mine.terlambat ? 'orange' : 'green'} style={{ marginTop: 4, whiteSpace: 'normal' }}>
              Bergabung {formatDateTime(mine.waktu_join, timeZone)}
              {mine.terlambat ? ' · Terlambat' : ''}
            </Tag>
          ) : null}
        </div>
      </div>
      <Space wrap style={{ marginTop: 12 }}>
        {vidcon.akses.gabung || vidcon.status === 'selesai' ? (
          <Button
            type="primary"
            icon={<VideoCameraOutlined />}
            disabled={!vidcon.akses.gabung}
            loading={join.isPending}
            onClick={() => void openAndJoin()}
          >
            Gabung
          </Button>
        ) : null}
        {onEdit ? (
          <Button icon={<EditOutlined />} onClick={onEdit}>
            Ubah
          </Button>
        ) : null}
        {onDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            Hapus
          </Button>
        ) : null}
      </Space>
      {vidcon.akses.ubah || vidcon.daftar_join_detail.length > 0 ? (
        <Collapse
          ghost
          size="small"
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'peserta',
              label: (
                <span>
                  <TeamOutlined /> {vidcon.jumlah_peserta_join} dari {vidcon.jumlah_peserta} peserta bergabung
                </span>
              ),
              children: (
                <Suspense fallback={<Spin size="small" />}>
                  <VidconJoinList joins={vidcon.daftar_join_detail} timeZone={timeZone} />
                </Suspense>
              ),
            },
          ]}
        />
      ) : null}
    </PlainCard>
  );
}
