import { useState } from 'react';
import { DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Modal, Radio, Typography, Upload } from 'antd';
import {
  feeHoldImportLimits,
  feeHoldImportModeLabels,
  feeHoldImportModes,
  type FeeHoldImportMode,
  type FeeHoldImportPreview,
  type FeeHoldImportResult,
} from '@lms/contract/access-restriction.schema';
import { formatFileSize } from '@lms/contract/format.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { uploadFailedMessage, uploadRefusals } from '../../../components/upload-rules.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useImportFeeHolds } from '../api/import-fee-holds.ts';
import { usePreviewFeeHoldImport } from '../api/preview-fee-hold-import.ts';
import {
  feeHoldImportModeHints,
  feeHoldImportPreviewLines,
  feeHoldReplaceQuestion,
  feeHoldUnknownNimLines,
} from './fee-hold-import-summary.ts';
import './fee-hold-import-modal.css';

export interface FeeHoldImportModalProps {
  open: boolean;
  /** Downloads the template (the same button as beside Impor). */
  onDownloadTemplate(): void;
  downloadingTemplate: boolean;
  /** The import was applied; the modal closes through the caller. */
  onImported(result: FeeHoldImportResult): void;
  onClose(): void;
}

/**
 * Impor Tunggakan: choose the mode and the finance office's file (.xlsx/.csv, at most 2 MB, checked on
 * choosing), Pratinjau asks the server what the file would do (nothing changes), then Impor applies it;
 * `ganti` asks first how many holds it clears. A refused send is 'Unggah gagal: …' and the file is
 * chosen again (spec 2 §8).
 */
export function FeeHoldImportModal({
  open,
  onDownloadTemplate,
  downloadingTemplate,
  onImported,
  onClose,
}: FeeHoldImportModalProps) {
  const isPhone = useIsPhone();
  const [mode, setMode] = useState<FeeHoldImportMode>('tambah');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<FeeHoldImportPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewer = usePreviewFeeHoldImport();
  const importer = useImportFeeHolds();
  const sending = previewer.isPending || importer.isPending;

  // A closed modal starts empty next time (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setMode('tambah');
      setFile(null);
      setProblem(null);
      setPreview(null);
      setConfirming(false);
    }
  }

  const failed = (error: unknown) => {
    setFile(null);
    setPreview(null);
    setProblem(uploadFailedMessage(error));
  };

  const readPreview = async () => {
    if (!file) return;
    setProblem(null);
    try {
      setPreview(await previewer.mutateAsync(file));
    } catch (error) {
      failed(error);
    }
  };

  const apply = async () => {
    if (!file) return;
    setConfirming(false);
    try {
      onImported(await importer.mutateAsync({ file, mode }));
    } catch (error) {
      failed(error);
    }
  };

  const question = preview ? feeHoldReplaceQuestion(preview, mode) : null;
  const footer = preview
    ? [
        <Button key="kembali" onClick={() => setPreview(null)} disabled={sending}>
          Kembali
        </Button>,
        <Button
          key="impor"
          type="primary"
          danger={!!question}
          loading={importer.isPending}
          onClick={() => (question ? setConfirming(true) : void apply())}
        >
          Impor
        </Button>,
      ]
    : [
        <Button key="batal" onClick={onClose} disabled={sending}>
          Batal
        </Button>,
        <Button
          key="pratinjau"
          type="primary"
          disabled={!file}
          loading={previewer.isPending}
          onClick={() => void readPreview()}
        >
          Pratinjau
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title="Impor Tunggakan Biaya"
      width={modalWidth('base', isPhone)}
      centered
      footer={footer}
      onCancel={() => {
        if (!sending) onClose();
      }}
      mask={{ closable: !sending }}
      destroyOnHidden
    >
      {preview && file ? (
        <FeeHoldImportPreviewView preview={preview} mode={mode} fileName={file.name} />
      ) : (
        <Flex vertical gap={16}>
          <div>
            <Typography.Text strong id="impor-tunggakan-cara">
              Cara Impor
            </Typography.Text>
            <Radio.Group
              aria-labelledby="impor-tunggakan-cara"
              className="fee-hold-import-modes"
              value={mode}
              disabled={sending}
              onChange={(e) => setMode(e.target.value as FeeHoldImportMode)}
              style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}
            >
              {feeHoldImportModes.map((m) => (
                <Radio key={m} value={m}>
                  <div>{feeHoldImportModeLabels[m]}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {feeHoldImportModeHints[m]}
                  </Typography.Text>
                </Radio>
              ))}
            </Radio.Group>
          </div>
          <div>
            <Upload.Dragger
              accept=".xlsx,.csv"
              multiple={false}
              showUploadList={false}
              disabled={sending}
              beforeUpload={(chosen) => {
                // The type is the server's to judge: it names .xls and unreadable files in Indonesian.
                const refusal =
                  uploadRefusals([chosen], { maxBytes: feeHoldImportLimits.maxBytes })[0]?.refusal ?? null;
                setProblem(refusal);
                setFile(refusal ? null : chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Klik atau seret file ke area ini</p>
              <p className="ant-upload-hint">
                File .xlsx atau .csv dengan kolom NIM (Status dan Keterangan boleh diisi), maksimal{' '}
                {formatFileSize(feeHoldImportLimits.maxBytes)}
              </p>
            </Upload.Dragger>
            {file ? (
              <Flex align="center" gap={8} style={{ marginTop: 12 }} data-testid="impor-tunggakan-file">
                <PaperClipOutlined aria-hidden />
                <Typography.Text ellipsis title={file.name}>
                  {file.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                  ({formatFileSize(file.size)})
                </Typography.Text>
              </Flex>
            ) : null}
            <Button
              type="link"
              icon={<DownloadOutlined aria-hidden />}
              loading={downloadingTemplate}
              onClick={onDownloadTemplate}
              style={{ paddingInline: 0, marginTop: 4 }}
            >
              Unduh Template
            </Button>
          </div>
        </Flex>
      )}
      {problem ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={problem} /> : null}
      <ConfirmDialog
        open={confirming}
        danger
        title="Ganti daftar tunggakan?"
        confirmText="Ya, Ganti Daftar"
        onConfirm={apply}
        onCancel={() => setConfirming(false)}
      >
        {question}
      </ConfirmDialog>
    </Modal>
  );
}

/** What the file would do in the chosen mode, and the NIMs that match no student. */
function FeeHoldImportPreviewView({
  preview,
  mode,
  fileName,
}: {
  preview: FeeHoldImportPreview;
  mode: FeeHoldImportMode;
  fileName: string;
}) {
  const unknownTitle = `NIM tidak dikenal (${preview.jumlah_tidak_dikenal.toLocaleString('id-ID')})`;
  return (
    <Flex vertical gap={12}>
      <Alert
        type="info"
        showIcon
        title="Pratinjau Impor"
        description={`${fileName} · ${feeHoldImportModeLabels[mode]}. Belum ada yang diubah sampai Anda menekan Impor.`}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        aria-label="Ringkasan pratinjau"
        items={feeHoldImportPreviewLines(preview, mode).map((line) => ({
          key: line.label,
          label: line.label,
          children: line.value,
        }))}
      />
      {preview.jumlah_tidak_dikenal ? (
        <div>
          <Typography.Text strong>{unknownTitle}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            Tidak ada mahasiswa dengan NIM ini di kampus Anda; baris-baris ini dilewati.
          </Typography.Paragraph>
          <ul
            aria-label={unknownTitle}
            tabIndex={0}
            style={{
              margin: 0,
              paddingLeft: 20,
              maxHeight: 160,
              overflowY: 'auto',
              overflowWrap: 'anywhere',
            }}
          >
            {feeHoldUnknownNimLines(preview).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Flex>
  );
}
