import { Suspense, useState } from 'react';
import { CopyOutlined, TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { lazyWithAntd } from '../../../components/lazy-with-antd.tsx';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { ContentCardEditButtons } from '../../../components/content-card-edit-buttons.tsx';
import type { ContentCardActions } from '../../../components/meeting-content-list.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainCollapse } from '../../../components/plain-collapse.tsx';
import { PlainRow } from '../../../components/plain-row.tsx';
import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { externalLinkHref } from '@lms/contract/format.rules';
import { vidconAppLabels, vidconStatusLabels, type VidconStatus } from '@lms/contract/vidcon.rules';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { formatDateTime, formatDateTimeRange } from '../../../lib/date.ts';
import { useJoinVidcon } from '../api/join-vidcon.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { useCopyText } from '../../../components/use-copy-text.ts';
import { formatContentPlace } from '../../../lib/content-place.ts';

// Who joined sits in a closed panel; its antd List (with Pagination and Select, ~34 KB gzip) is fetched,
// with antd's provider, when the panel opens.
const VidconJoinList = lazyWithAntd(async () => (await import('./vidcon-join-list.tsx')).VidconJoinList);

/** antd's status colours (processing, success) as the plain tag's presets. */
const statusColors: Record<VidconStatus, PlainTagColor> = {
  belum_dimulai: 'default',
  berlangsung: 'blue',
  selesai: 'green',
};

/**
 * A vidcon (spec 2 §2, §6): title, application, time and status; Gabung opens the link and the server
 * records the join (disabled once finished); lecturers and operators see the participant count and who
 * joined when, late or not, with edit and delete for those who write. Plain markup in antd's look: the
 * meeting page's first screen loads no antd.
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
} & ContentCardActions) {
  const { notification } = useToasts();
  const join = useJoinVidcon();
  const copyText = useCopyText();
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
          <PlainText strong style={{ fontSize: 15, display: 'block', overflowWrap: 'anywhere' }}>
            {vidcon.judul}
          </PlainText>
          {showClass ? (
            <PlainText type="secondary" style={{ display: 'block' }}>
              {formatContentPlace(vidcon)}
            </PlainText>
          ) : null}
          <PlainRow gap={4} style={{ margin: '4px 0' }}>
            <PlainTag color={statusColors[vidcon.status]}>{vidconStatusLabels[vidcon.status]}</PlainTag>
            <PlainTag>{vidconAppLabels[vidcon.aplikasi]}</PlainTag>
            <PlainText type="secondary" style={{ fontSize: 13 }}>
              {formatDateTimeRange(vidcon.waktu_mulai, vidcon.waktu_selesai, timeZone)}
            </PlainText>
          </PlainRow>
          {vidcon.catatan ? (
            // antd's Paragraph, with the card's margin.
            <p style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: '4px 0' }}>
              {vidcon.catatan}
            </p>
          ) : null}
          {mine ? (
            <PlainTag
              color={mine.terlambat ? 'orange' : 'green'}
              style={{ marginTop: 4, whiteSpace: 'normal' }}
            >
              Bergabung {formatDateTime(mine.waktu_join, timeZone)}
              {mine.terlambat ? ' · Terlambat' : ''}
            </PlainTag>
          ) : null}
        </div>
      </div>
      <PlainRow style={{ marginTop: 12 }}>
        {vidcon.akses.gabung || vidcon.status === 'selesai' ? (
          <PlainButton
            variant="primary"
            icon={<VideoCameraOutlined />}
            disabled={!vidcon.akses.gabung}
            loading={join.isPending}
            onClick={() => void openAndJoin()}
          >
            Gabung
          </PlainButton>
        ) : null}
        {vidcon.link ? (
          <PlainButton icon={<CopyOutlined />} onClick={() => void copyText(vidcon.link)}>
            Salin Link
          </PlainButton>
        ) : null}
        <ContentCardEditButtons onEdit={onEdit} onDelete={onDelete} />
      </PlainRow>
      {vidcon.akses.ubah || vidcon.daftar_join_detail.length > 0 ? (
        <PlainCollapse
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
                <Suspense fallback={<LoadingLines rows={2} />}>
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
