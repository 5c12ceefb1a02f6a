import { useState } from 'react';
import { CheckCircleFilled, CloudDownloadOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { formatFileSize } from '@lms/contract/format.rules';
import { keepingProgressText } from '@lms/contract/material-offline.rules';
import type { Material } from '@lms/contract/material.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainTag } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { documentViewableExtensions } from '@lms/contract/rich-text.rules';
import { keptMeetingQuery, useOfflineMaterialsLimitMb } from '../api/get-kept-materials.ts';
import { getMaterialDocument } from '../api/get-material-document.ts';
import {
  canKeepMaterials,
  freeDeviceBytes,
  keepableMaterials,
  keepDocument,
  keepMeetingMaterials,
  keptBytes,
  removeKeptMeeting,
  type KeptMeeting,
} from '../api/offline-material-cache.ts';
import { recordMaterialAction, useStoreMaterial } from '../api/record-material-activity.ts';
import './offline-materials-bar.css';

/** Loads pdf.js and its worker once through the service worker, which stores what it serves of /assets. */
async function warmPdfReader() {
  const [, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  await fetch(worker.default).catch(() => undefined);
}

/**
 * "Simpan untuk dibaca luring" on a meeting's materials (issue 44 §4): the student keeps the meeting's
 * files on the phone within the college's limit and the room the browser grants, sees which are kept,
 * and removes them; offline it says what still works.
 */
export function OfflineMaterialsBar({
  userId,
  meeting,
  materials,
  kept,
  online,
}: {
  /** The signed-in student: what each student keeps is listed apart. */
  userId: string;
  meeting: MeetingDetail;
  /** The meeting's materials from the server; undefined while they cannot be loaded (offline). */
  materials: Material[] | undefined;
  kept: KeptMeeting | null | undefined;
  online: boolean;
}) {
  const { notification, message } = useToasts();
  const queryClient = useQueryClient();
  const store = useStoreMaterial();
  const limitMb = useOfflineMaterialsLimitMb(online);
  const [progress, setProgress] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const keepable = keepableMaterials(materials ?? []);
  const keptUrls = new Set(kept?.materials.map((m) => m.file?.url));
  const missing = keepable.filter((m) => !keptUrls.has(m.file!.url));
  const refresh = (list: KeptMeeting | null) =>
    queryClient.setQueryData(keptMeetingQuery(userId, meeting.id).queryKey, list);

  if (!canKeepMaterials() || (keepable.length === 0 && !kept)) return null;

  const keep = async () => {
    const bytes = keptBytes(keepable);
    const toast = (title: string) => notification.error({ title, placement: 'bottom' });
    if (bytes > limitMb * 1_000_000) {
      toast(`Materi pertemuan ini ${formatFileSize(bytes)}, melebihi batas materi luring ${limitMb} MB.`);
      return;
    }
    const free = await freeDeviceBytes();
    if (free !== undefined && free < keptBytes(missing)) {
      toast(`Ruang penyimpanan perangkat tidak cukup untuk ${formatFileSize(keptBytes(missing))} materi.`);
      return;
    }
    try {
      const list = await keepMeetingMaterials(
        userId,
        meeting,
        keepable,
        (done, total) => setProgress(keepingProgressText(done, total)),
        // Keeping is a download for the server, once per material (spec 2 §4's rule stays as it is).
        async (material) => {
          if (
            material.tipe_file === 'ebook' &&
            documentViewableExtensions.includes(material.file!.extension)
          ) {
            // A .docx or .xlsx is read as the server's conversion: kept too, when the server has one.
            await getMaterialDocument(material.id).then(
              (document) => keepDocument(material.id, document),
              () => undefined,
            );
          }
          const answer = await recordMaterialAction(material.id, 'set_download');
          store(answer);
          return answer;
        },
      );
      // The PDF reader's code is fetched on first use: fetch it now, so the worker has it offline too.
      if (keepable.some((m) => m.file!.extension === 'pdf')) await warmPdfReader();
      // So is Materi Tersimpan's page: a cold start offline opens it from what the worker stored.
      await import('../routes/kept-materials-page.tsx').catch(() => undefined);
      refresh(list);
      void message.success('Materi tersimpan di perangkat');
    } catch (error) {
      toast((error as Error).message || 'Materi gagal disimpan. Coba lagi.');
      refresh((await queryClient.fetchQuery(keptMeetingQuery(userId, meeting.id))) ?? null);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeKeptMeeting(userId, meeting.id);
      refresh(null);
      void message.success('Materi dihapus dari perangkat');
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className="offline-materials" data-testid="offline-materials">
      {!online ? (
        <PlainAlert
          type="info"
          title={
            kept
              ? 'Anda sedang luring. Materi yang tersimpan di perangkat tetap dapat dibaca; catatan baca dan putar dikirim saat tersambung kembali.'
              : 'Anda sedang luring. Materi pertemuan ini belum disimpan di perangkat.'
          }
        />
      ) : null}
      <div className="offline-materials__row">
        {kept ? (
          <PlainTag color="green">
            <CheckCircleFilled />
            <span className="offline-materials__tag-text">Tersimpan di perangkat</span>
          </PlainTag>
        ) : null}
        {kept ? (
          <PlainText type="secondary">
            {kept.materials.length} materi · {formatFileSize(keptBytes(kept.materials))}
          </PlainText>
        ) : null}
        {online && missing.length > 0 ? (
          <PlainButton
            icon={<CloudDownloadOutlined />}
            loading={progress !== null}
            onClick={() => void keep()}
          >
            Simpan untuk dibaca luring
          </PlainButton>
        ) : null}
        {kept && progress === null ? (
          <PlainButton icon={<DeleteOutlined />} loading={removing} onClick={() => void remove()}>
            Hapus dari perangkat
          </PlainButton>
        ) : null}
        {progress ? (
          <PlainText type="secondary" role="status">
            {progress}
          </PlainText>
        ) : null}
      </div>
      {online && missing.length > 0 && !progress ? (
        <PlainText type="secondary" className="offline-materials__hint">
          {missing.length} materi berkas · {formatFileSize(keptBytes(missing))} · batas {limitMb} MB
        </PlainText>
      ) : null}
    </div>
  );
}
