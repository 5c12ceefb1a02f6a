import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Spin, Typography, Upload } from 'antd';
import { taskFileMaxCount } from '@lms/contract/task.rules';
import type { Task } from '@lms/contract/task.schema';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useMyHandIn } from '../api/get-my-hand-in.ts';
import { useHandIn } from '../api/hand-in.ts';
import { HandInSummary } from './hand-in-summary.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { uploadFailedMessage, uploadRefusal } from '../../../components/upload-rules.ts';
import { bytesPerMb, formatFileSize } from '@lms/contract/format.rules';
import { UploadProgressBar, useUploadProgress } from '../../../components/upload-progress.tsx';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';

/**
 * The student's side of a task: their (or their group's) hand-in with its score once published, and the
 * form to hand in or replace it while the server allows.
 */
export function HandInPanel({ task, timeZone }: { task: Task; timeZone: string }) {
  const mine = useMyHandIn(task.id, true);
  const send = useHandIn();
  const upload = useUploadProgress();
  const { message, notification } = useToasts();
  const [teks, setTeks] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [editing, setEditing] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const maxBytes = Math.round(useUploadLimitMb('pengumpulan_tugas') * bytesPerMb);
  if (mine.isPending) return <Spin />;
  if (!mine.data) return <Alert type="error" title={mine.error?.message ?? 'Gagal memuat pengumpulan'} />;
  const { pengumpulan, kelompok, boleh_kumpul: canSend, akan_terlambat: late, alasan } = mine.data;
  const showForm = canSend && (!pengumpulan || editing);

  const submit = async () => {
    try {
      upload.start();
      await send.mutateAsync({ id: task.id, teks, files, onUploadProgress: upload.onUploadProgress });
      void message.success(pengumpulan ? 'Pengumpulan berhasil diganti' : 'Tugas berhasil dikumpulkan');
      setEditing(false);
      setFiles([]);
      setTeks('');
      setUploadError(null);
    } catch (error) {
      if (files.length === 0) {
        notification.error({ title: (error as Error).message, placement: 'bottom' });
        return;
      }
      // The files went with the failed send: they are dropped and the reason stays in the form (spec 2 §8).
      setFiles([]);
      setUploadError(uploadFailedMessage(error));
    }
  };

  return (
    <Card title="Pengumpulan">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {kelompok ? (
          <Typography.Text>
            <strong>{kelompok.nama}</strong>:{' '}
            {kelompok.anggota.map((a) => `${a.nama}${a.jabatan === 'ketua' ? ' (Ketua)' : ''}`).join(', ')}
          </Typography.Text>
        ) : null}
        {pengumpulan ? (
          <HandInSummary handIn={pengumpulan} timeZone={timeZone} />
        ) : (
          <Typography.Text type="secondary">Belum ada pengumpulan.</Typography.Text>
        )}
        {alasan && !showForm ? <Alert type="info" showIcon title={alasan} /> : null}
        {canSend && pengumpulan && !editing ? (
          <Button onClick={() => setEditing(true)}>Ganti Pengumpulan</Button>
        ) : null}
        {showForm ? (
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            {late ? (
              <Alert
                type="warning"
                showIcon
                title="Batas waktu sudah lewat: pengumpulan ini dicatat terlambat."
              />
            ) : null}
            <Typography.Text strong>Jawaban</Typography.Text>
            <RichTextEditor label="Jawaban tugas" value={teks} onChange={setTeks} />
            <Upload
              multiple
              accept={task.tipe_file_jawaban.map((e) => `.${e}`).join(',')}
              fileList={files.map((f, i) => ({
                uid: String(i),
                name: `${f.name} (${formatFileSize(f.size)})`,
                status: 'done' as const,
              }))}
              beforeUpload={(file) => {
                // Each file of the choice is checked on its own and refused with its own toast.
                const refusal = uploadRefusal(file, { accept: task.tipe_file_jawaban, maxBytes });
                if (refusal) {
                  notification.error({ title: `${file.name}: ${refusal}`, placement: 'bottom' });
                  return Upload.LIST_IGNORE;
                }
                setUploadError(null);
                setFiles((list) => [...list, file].slice(0, taskFileMaxCount));
                return false;
              }}
              onRemove={(item) => setFiles((list) => list.filter((_, i) => String(i) !== item.uid))}
            >
              <Button icon={<UploadOutlined />}>Pilih File ({task.tipe_file_jawaban.join(', ')})</Button>
            </Upload>
            {uploadError ? <Alert type="error" showIcon title={uploadError} /> : null}
            {send.isPending && files.length ? (
              <UploadProgressBar progress={upload.progress} style={{ marginBottom: 0 }} />
            ) : null}
            <Space>
              {editing ? <Button onClick={() => setEditing(false)}>Batal</Button> : null}
              <Button type="primary" loading={send.isPending} onClick={() => void submit()}>
                Kumpulkan
              </Button>
            </Space>
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}
