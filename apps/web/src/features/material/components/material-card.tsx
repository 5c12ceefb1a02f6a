import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  CheckCircleFilled,
  CopyOutlined,
  CustomerServiceOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileZipOutlined,
  LinkOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainTag } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { externalLinkHref, formatFileSize } from '@lms/contract/format.rules';
import {
  materialFileTypeLabels,
  materialKindLabel,
  materialMessages,
  type MaterialFileType,
} from '@lms/contract/material.rules';
import type { Material, MaterialDocument } from '@lms/contract/material.schema';
import { documentViewableExtensions } from '@lms/contract/rich-text.rules';
import { PdfReader } from '../../../components/pdf-reader.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { useMaterialDocument } from '../api/get-material-document.ts';
import {
  recordMaterialAction,
  reportMaterialPlayback,
  useMaterialAction,
  useStoreMaterial,
} from '../api/record-material-activity.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { readKeptDocument, readKeptFile } from '../api/offline-material-cache.ts';
import { useKeptFile, useKeptFileUrl, useOfflineEvidence } from './use-offline-evidence.ts';
import { useCopyText } from '../../../components/use-copy-text.ts';
import './material-card.css';

const typeIcons: Record<MaterialFileType, ReactNode> = {
  ebook: <ReadOutlined />,
  video: <VideoCameraOutlined />,
  audio: <CustomerServiceOutlined />,
  archive: <FileZipOutlined />,
  url: <LinkOutlined />,
};

/** Report playback to the server after this much has been played (and on pause and end). */
const playbackReportSeconds = 5;

/** What a student must do with a required material, and by when (spec 2 §4, §6). */
export function requirementMessage(material: Material, timeZone: string): string | null {
  if (!material.is_syarat_hadir) return null;
  const by = material.deadline ? ` sebelum ${formatDateTime(material.deadline, timeZone)}` : '';
  const progress = material.aktivitas;
  switch (material.tipe_file) {
    case 'ebook':
      return `Syarat kehadiran: baca materi ini selama ${progress?.detik_baca ?? 60} detik lalu tekan Sudah Baca${by}.`;
    case 'video':
      return `Syarat kehadiran: tonton minimal ${progress?.persen_minimal ?? 50}% video ini${by}.`;
    case 'audio':
      return `Syarat kehadiran: dengarkan minimal ${progress?.persen_minimal ?? 50}% audio ini${by}.`;
    case 'archive':
      return `Syarat kehadiran: unduh materi ini${by}.`;
    case 'url':
      return `Syarat kehadiran: buka link materi ini${by}.`;
  }
}

/** A material kept on this device (issue 44 §4): who records what is read offline, and the connection. */
export interface KeptOnDevice {
  userId: string;
  online: boolean;
}

/** Whether the browser knows it has no connection now. */
const isOffline = () => navigator.onLine === false;

/** Starts a download of our own file (the server then sends it as an attachment). */
function downloadFile(url: string) {
  const link = document.createElement('a');
  link.href = `${url}&download=1`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** An object URL of a kept file, or undefined when it is not on the phone. */
async function keptObjectUrl(url: string): Promise<string | undefined> {
  const blob = await readKeptFile(url);
  return blob ? URL.createObjectURL(blob) : undefined;
}

/** Saves an object URL under a file name, then lets it go. */
function saveAs(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A material in a meeting (spec 2 §2, §6): lecturers and operators with write see edit, delete, download
 * and the attendance deadline; students read, play, open or download it, copy its ID, and see what the
 * attendance requirement asks and whether they have met it.
 */
export function MaterialCard({
  material,
  timeZone,
  onEdit,
  onDelete,
  offline,
}: {
  material: Material;
  timeZone: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Set when the material's file is kept on this device. */
  offline?: KeptOnDevice;
}) {
  const { notification } = useToasts();
  const action = useMaterialAction();
  const store = useStoreMaterial();
  const [open, setOpen] = useState(false);
  const viewLabel = open ? 'Tutup' : material.tipe_file === 'ebook' ? 'Baca' : 'Putar';
  const student = material.aktivitas !== null;
  const progress = material.aktivitas;
  const toast = (title: string) => notification.error({ title, placement: 'bottom' });

  const download = async () => {
    if (material.tipe_file === 'url' || !material.file) {
      toast(materialMessages.urlNotDownloadable);
      return;
    }
    if (offline && isOffline()) {
      // Kept, so already counted as downloaded: the phone's copy is saved again without the network.
      const url = await keptObjectUrl(material.file.url);
      if (url) saveAs(url, material.file.name);
      else toast('Tidak ada koneksi.');
      return;
    }
    if (student) {
      try {
        await action.mutateAsync({ id: material.id, action: 'set_download' });
      } catch (error) {
        toast((error as Error).message);
        return;
      }
    }
    downloadFile(material.file.url);
  };

  const openLink = async () => {
    window.open(externalLinkHref(material.file_url ?? ''), '_blank', 'noopener,noreferrer');
    if (student) {
      try {
        await action.mutateAsync({ id: material.id, action: 'buka' });
      } catch (error) {
        toast((error as Error).message);
      }
    }
  };

  const copyText = useCopyText();

  const viewable = material.tipe_file !== 'url' && material.tipe_file !== 'archive' && material.file;
  const requirement = requirementMessage(material, timeZone);

  return (
    <PlainCard size="small" className="material-card" data-testid="material-card">
      <div className="material-card__main">
        <span aria-hidden className="material-card__type-icon">
          {typeIcons[material.tipe_file]}
        </span>
        <div className="material-card__text">
          <PlainText strong className="material-card__title">
            {material.judul}
          </PlainText>
          <div className="material-card__tags">
            <PlainTag>{materialKindLabel(material.jenis_materi)}</PlainTag>
            <PlainTag>{materialFileTypeLabels[material.tipe_file]}</PlainTag>
            {material.file ? (
              <PlainText type="secondary" className="material-card__file">
                {material.file.name} · {formatFileSize(material.file.content_length)}
              </PlainText>
            ) : null}
            {!material.tampil ? (
              <PlainTag color="orange">
                Tampil {formatDateTime(material.waktu_mulai_tampil, timeZone)}
              </PlainTag>
            ) : null}
            {offline ? (
              <PlainTag color="cyan" data-testid="kept-on-device">
                <CheckCircleFilled />
                <span className="material-card__tag-text">Tersimpan di perangkat</span>
              </PlainTag>
            ) : null}
            {progress?.selesai ? (
              <PlainTag color={progress.tepat_waktu ? 'green' : 'orange'}>
                <CheckCircleFilled />
                <span className="material-card__tag-text">
                  {progress.tepat_waktu ? 'Selesai' : 'Selesai (terlambat)'}
                </span>
              </PlainTag>
            ) : null}
          </div>
          <RichText html={material.deskripsi} />
        </div>
      </div>

      {!student && material.is_syarat_hadir ? (
        <PlainAlert
          type="info"
          className="material-card__alert"
          title={`Syarat kehadiran · batas waktu ${material.deadline ? formatDateTime(material.deadline, timeZone) : '-'}`}
        />
      ) : null}
      {student && requirement ? (
        <PlainAlert
          type={progress?.selesai ? 'success' : 'warning'}
          className="material-card__alert"
          title={requirement}
        />
      ) : null}

      {/* Each button names its material for screen readers (issue 45: a meeting read out three identical
          'Unduh'); the name starts with the visible word, so voice control still finds it. */}
      <div className="material-card__actions">
        {viewable ? (
          <PlainButton
            variant={open ? 'default' : 'primary'}
            icon={typeIcons[material.tipe_file]}
            onClick={() => setOpen((o) => !o)}
            aria-label={`${viewLabel} ${material.judul}`}
          >
            {viewLabel}
          </PlainButton>
        ) : null}
        {material.tipe_file === 'url' ? (
          <PlainButton
            variant="primary"
            icon={<LinkOutlined />}
            onClick={() => void openLink()}
            aria-label={`Buka Link ${material.judul}`}
          >
            Buka Link
          </PlainButton>
        ) : null}
        {material.akses.unduh || student ? (
          <PlainButton
            icon={<DownloadOutlined />}
            onClick={() => void download()}
            loading={action.isPending && action.variables?.action === 'set_download'}
            aria-label={`Unduh ${material.judul}`}
          >
            Unduh
          </PlainButton>
        ) : null}
        {student ? (
          <PlainButton
            icon={<CopyOutlined />}
            onClick={() => void copyText(material.id, 'Berhasil Copy ID')}
            aria-label={`Salin ID ${material.judul}`}
          >
            Salin ID
          </PlainButton>
        ) : null}
        {material.tipe_file === 'url' && material.file_url ? (
          <PlainButton
            icon={<CopyOutlined />}
            onClick={() => void copyText(material.file_url!)}
            aria-label={`Salin Link ${material.judul}`}
          >
            Salin Link
          </PlainButton>
        ) : null}
        {onEdit ? (
          <PlainButton icon={<EditOutlined />} onClick={onEdit} aria-label={`Ubah ${material.judul}`}>
            Ubah
          </PlainButton>
        ) : null}
        {onDelete ? (
          <PlainButton
            danger
            icon={<DeleteOutlined />}
            onClick={onDelete}
            aria-label={`Hapus ${material.judul}`}
          >
            Hapus
          </PlainButton>
        ) : null}
      </div>

      {open && material.file ? (
        <div className="material-card__viewer">
          {material.tipe_file === 'ebook' ? (
            <EbookReader material={material} student={student} onStored={store} offline={offline} />
          ) : (
            <TrackedMedia material={material} student={student} onStored={store} offline={offline} />
          )}
        </div>
      ) : null}
    </PlainCard>
  );
}

/** What the reader says of a document it cannot show (doc, xls, ppt, pptx; or a failed conversion). */
const documentNotViewable = 'Dokumen ini tidak dapat ditampilkan di halaman. Unduh untuk membacanya.';

/** A .docx or .xlsx e-book, converted to HTML by the server once and shown in the page. */
function OfficeDocument({ material, kept }: { material: Material; kept: boolean }) {
  const online = useMaterialDocument(material.id, material.file!.url, !(kept && isOffline()));
  // Offline, the copy kept with the file (the server's conversion, made when the student kept it).
  const [keptDocument, setKeptDocument] = useState<MaterialDocument | null | undefined>(undefined);
  useEffect(() => {
    if (kept && isOffline()) void readKeptDocument(material.id).then((d) => setKeptDocument(d ?? null));
  }, [kept, material.id]);
  const document =
    kept && isOffline() ? { isPending: keptDocument === undefined, data: keptDocument } : online;
  if (document.isPending) return <LoadingLines rows={6} />;
  if (!document.data) return <PlainAlert type="info" title={documentNotViewable} />;
  return (
    <div>
      <div
        className="rich-text-document"
        data-testid="office-document"
        aria-label={material.judul}
        role="document"
      >
        <RichText html={document.data.html} document />
      </div>
      {document.data.terpotong ? (
        <PlainText type="secondary" className="material-card__note">
          Dokumen ini panjang: sebagian ditampilkan. Unduh untuk membaca seluruhnya.
        </PlainText>
      ) : null}
    </div>
  );
}

/** The ebook in the page, and for students the reading countdown before Sudah Baca (the server decides). */
function EbookReader({
  material,
  student,
  onStored,
  offline,
}: {
  material: Material;
  student: boolean;
  onStored: (m: Material) => void;
  offline?: KeptOnDevice;
}) {
  const { notification } = useToasts();
  const file = material.file!;
  const [busy, setBusy] = useState(false);
  const done = material.aktivitas?.selesai ?? false;
  // Opened without a connection: the countdown runs on the phone and the reading is recorded there,
  // for the server to credit by its own rules once the connection is back.
  const [readingOffline] = useState(() => !!offline && isOffline());
  const recording = readingOffline && student && !done;
  const [left, setLeft] = useState<number | null>(() =>
    recording ? (material.aktivitas?.detik_baca ?? 60) : null,
  );
  const keptFile = useKeptFile(file.url, !!offline);
  const evidence = useOfflineEvidence(material.id, offline?.userId ?? '', 'baca');

  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => {
      evidence.add(1);
      setLeft((s) => (s === null ? s : Math.max(0, s - 1)));
    }, 1000);
    return () => window.clearInterval(timer);
    // Once per opening of the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording]);

  useEffect(() => {
    if (recording && left === 0) void evidence.save();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording, left]);

  useEffect(() => {
    if (!student || done || readingOffline) return;
    let cancelled = false;
    // Opening starts the countdown on the server; the page counts down from what the server answers.
    recordMaterialAction(material.id, 'buka')
      .then((answer) => {
        if (cancelled) return;
        onStored(answer);
        setLeft(answer.aktivitas?.detik_baca_tersisa ?? 0);
      })
      .catch((error: Error) => notification.error({ title: error.message, placement: 'bottom' }));
    return () => {
      cancelled = true;
    };
    // Once per opening of the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [material.id, student, readingOffline]);

  useEffect(() => {
    if (readingOffline || left === null || left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => (s === null ? s : s - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [left, readingOffline]);

  const markRead = async () => {
    setBusy(true);
    try {
      onStored(await recordMaterialAction(material.id, 'sudah_baca'));
    } catch (error) {
      const detail =
        error instanceof ApiError ? (error.detail as { detik_tersisa?: number } | undefined) : undefined;
      if (detail?.detik_tersisa) setLeft(detail.detik_tersisa);
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {file.extension === 'pdf' ? (
        keptFile === undefined ? (
          <LoadingLines rows={6} />
        ) : keptFile ? (
          <PdfReader file={keptFile} title={material.judul} />
        ) : (
          <PdfReader url={file.url} title={material.judul} />
        )
      ) : documentViewableExtensions.includes(file.extension) ? (
        <OfficeDocument material={material} kept={!!offline} />
      ) : (
        <PlainAlert type="info" title={documentNotViewable} />
      )}
      {student ? (
        <div className="material-card__read">
          {done ? (
            <PlainTag color="green">
              <CheckCircleFilled />
              <span className="material-card__tag-text">Sudah dibaca</span>
            </PlainTag>
          ) : recording && left === 0 ? (
            <PlainText type="secondary" role="status" data-testid="read-offline">
              Bacaan tercatat di perangkat dan dihitung saat tersambung kembali.
            </PlainText>
          ) : (
            <>
              <PlainButton
                variant="primary"
                disabled={left === null || left > 0}
                loading={busy}
                onClick={() => void markRead()}
              >
                {left !== null && left > 0 ? `Sudah Baca (${left})` : 'Sudah Baca'}
              </PlainButton>
              {left !== null && left > 0 ? (
                <PlainText type="secondary" role="timer" aria-live="off">
                  Baca materi ini {left} detik lagi.
                </PlainText>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Audio or video in the page. For students it reports how long it really played: only time that passes
 * while playing counts (a seek adds nothing), sent every few seconds and on pause; the server credits
 * no more than the time that passed.
 */
function TrackedMedia({
  material,
  student,
  onStored,
  offline,
}: {
  material: Material;
  student: boolean;
  onStored: (m: Material) => void;
  offline?: KeptOnDevice;
}) {
  const file = material.file!;
  const last = useRef<number | null>(null);
  const pending = useRef(0);
  const opened = useRef<Promise<void> | null>(null);
  const keptUrl = useKeptFileUrl(file.url, !!offline);
  const evidence = useOfflineEvidence(material.id, offline?.userId ?? '', 'putar');

  const flush = async () => {
    const seconds = Math.round(pending.current * 10) / 10;
    if (!student || seconds < 0.5) return;
    pending.current = 0;
    if (offline && isOffline()) {
      // Recorded on the phone; the server credits it by its clock when the connection is back.
      evidence.add(seconds);
      await evidence.save();
      return;
    }
    await opened.current;
    try {
      onStored(await reportMaterialPlayback(material.id, seconds));
    } catch {
      // Kept for the next report.
      pending.current += seconds;
    }
  };

  const onPlay = (event: React.SyntheticEvent<HTMLMediaElement>) => {
    last.current = event.currentTarget.currentTime;
    if (student && !opened.current && !(offline && isOffline())) {
      opened.current = recordMaterialAction(material.id, 'buka').then(onStored, () => undefined);
    }
  };

  const onTimeUpdate = (event: React.SyntheticEvent<HTMLMediaElement>) => {
    const media = event.currentTarget;
    const now = media.currentTime;
    if (last.current !== null && !media.paused && !media.seeking) {
      const step = now - last.current;
      // Normal playback moves a fraction of a second per update; anything else is a seek.
      if (step > 0 && step < 1.5 * Math.max(1, media.playbackRate)) pending.current += step;
    }
    last.current = now;
    if (pending.current >= playbackReportSeconds) void flush();
  };

  // A kept file plays from the phone (its object URL seeks like the file); the network otherwise.
  if (keptUrl === undefined) return <LoadingLines rows={2} />;
  const props = {
    src: keptUrl ?? file.url,
    controls: true,
    preload: 'metadata' as const,
    onPlay,
    onTimeUpdate,
    onSeeking: () => {
      last.current = null;
    },
    onPause: () => void flush(),
    onEnded: () => void flush(),
    'aria-label': material.judul,
  };
  return (
    <div>
      {material.tipe_file === 'audio' ? (
        <audio {...props} className="material-card__audio" />
      ) : (
        <video {...props} className="material-card__video" />
      )}
      {student && material.aktivitas ? (
        <PlainText type="secondary" className="material-card__note" data-testid="played-percent">
          Diputar {material.aktivitas.persen_diputar.toLocaleString('id-ID')}% dari minimal{' '}
          {material.aktivitas.persen_minimal}%
        </PlainText>
      ) : null}
    </div>
  );
}
