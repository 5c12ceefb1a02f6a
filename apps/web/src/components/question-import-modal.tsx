import { useState } from 'react';
import { DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Radio, Typography, Upload } from 'antd';
import {
  checkImportFileName,
  excelTemplateKindLabels,
  excelTemplateKinds,
  importFormatExtensions,
  importFormatLabels,
  importFormats,
  importProblemLabel,
  questionImportMessages,
  skippedQuestionLabel,
  type ExcelTemplateKind,
  type ImportFormat,
  type ImportProblem,
  type SkippedQuestion,
} from '@lms/contract/question-import.rules';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { useToasts } from './toasts.tsx';

/** What the caller's import answered: the server's message, and its problems when it failed. */
export type QuestionImportResult =
  | { berhasil: true; pesan: string; dilewati: SkippedQuestion[] }
  | { berhasil: false; pesan: string; masalah: ImportProblem[]; dilewati: SkippedQuestion[] };

/** The chosen file with its format and, for Excel, the template kind. */
export interface QuestionImportRequest {
  format: ImportFormat;
  jenisSoal: ExcelTemplateKind | null;
  file: File;
}

export interface QuestionImportModalProps {
  open: boolean;
  /** Sends the file; answers the outcome (a failed import is an outcome, not a thrown error). */
  onImport(request: QuestionImportRequest): Promise<QuestionImportResult>;
  /** Downloads the Excel template of a kind. */
  onDownloadTemplate(kind: ExcelTemplateKind): Promise<unknown>;
  onClose(): void;
}

const formatHints: Record<ImportFormat, string> = {
  excel: 'Unduh template sesuai jenis soal, isi satu soal per baris, lalu unggah file .xlsx.',
  gift: 'File GIFT dari Moodle (.gift atau .txt). Pilihan ganda dengan satu jawaban benar, benar/salah dan esai diimpor; jenis lain dilewati dan disebutkan.',
  aiken:
    'File Aiken (.txt): pertanyaan satu baris, pilihan "A. ...", lalu "ANSWER: A". Semua soal menjadi pilihan ganda.',
  moodle_xml:
    'File Moodle XML (.xml). Pilihan ganda dengan satu jawaban benar, benar/salah dan esai diimpor; jenis lain dilewati dan disebutkan.',
};

/**
 * The Impor Soal modal of spec 3 §2 §4 §8: the empty state (format Excel / GIFT / Aiken / Moodle XML,
 * for Excel the question kind and its template), then Impor Berhasil with the server's message or Impor
 * Gagal with every problem's row and column (or question and line); Impor Ulang goes back to the empty
 * state. Callback-based: the caller sends the file and downloads templates.
 */
export function QuestionImportModal({
  open,
  onImport,
  onDownloadTemplate,
  onClose,
}: QuestionImportModalProps) {
  const isPhone = useIsPhone();
  const { notification } = useToasts();
  const [format, setFormat] = useState<ImportFormat>('excel');
  const [kind, setKind] = useState<ExcelTemplateKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<QuestionImportResult | null>(null);
  const [downloading, setDownloading] = useState<ExcelTemplateKind | null>(null);

  // A closed modal starts empty next time (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setFile(null);
      setResult(null);
      setKind(null);
      setFormat('excel');
    }
  }

  const toast = (title: string) => notification.error({ title, placement: 'bottom', duration: 5 });

  const submit = async () => {
    if (!file) return toast(questionImportMessages.fileNotChosen);
    if (format === 'excel' && !kind) return toast(questionImportMessages.kindNotChosen);
    const nameProblem = checkImportFileName(format, file.name);
    if (nameProblem) return toast(nameProblem);
    setSending(true);
    try {
      setResult(await onImport({ format, jenisSoal: format === 'excel' ? kind : null, file }));
    } catch (error) {
      setResult({ berhasil: false, pesan: (error as Error).message, masalah: [], dilewati: [] });
    } finally {
      setSending(false);
    }
  };

  const retry = () => {
    setResult(null);
    setFile(null);
  };

  const download = async (templateKind: ExcelTemplateKind) => {
    setDownloading(templateKind);
    try {
      await onDownloadTemplate(templateKind);
    } catch (error) {
      toast((error as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  const footer = result
    ? [
        ...(result.berhasil
          ? []
          : [
              <Button key="ulang" onClick={retry}>
                {questionImportMessages.retry}
              </Button>,
            ]),
        <Button key="tutup" type="primary" onClick={onClose}>
          Tutup
        </Button>,
      ]
    : [
        <Button key="batal" onClick={onClose} disabled={sending}>
          Batal
        </Button>,
        <Button key="impor" type="primary" loading={sending} onClick={() => void submit()}>
          Impor
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={questionImportMessages.title}
      width={modalWidth('base', isPhone)}
      centered
      footer={footer}
      onCancel={() => {
        if (!sending) onClose();
      }}
      mask={{ closable: !sending }}
      destroyOnHidden
    >
      {result ? (
        <ImportOutcome result={result} />
      ) : (
        <Flex vertical gap={16}>
          <div>
            <Typography.Text strong id="impor-format-label">
              Format File
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Radio.Group
                aria-labelledby="impor-format-label"
                optionType="button"
                value={format}
                disabled={sending}
                onChange={(e) => {
                  setFormat(e.target.value as ImportFormat);
                  setFile(null);
                }}
                options={importFormats.map((f) => ({ value: f, label: importFormatLabels[f] }))}
              />
            </div>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {formatHints[format]}
            </Typography.Paragraph>
          </div>
          {format === 'excel' ? (
            <div>
              <Typography.Text strong id="impor-jenis-label">
                Jenis Soal
              </Typography.Text>
              <div style={{ marginTop: 8 }}>
                <Radio.Group
                  aria-labelledby="impor-jenis-label"
                  value={kind}
                  disabled={sending}
                  onChange={(e) => setKind(e.target.value as ExcelTemplateKind)}
                  options={excelTemplateKinds.map((k) => ({ value: k, label: excelTemplateKindLabels[k] }))}
                />
              </div>
              <Flex wrap gap={8} style={{ marginTop: 8 }} aria-label="Unduh template">
                {excelTemplateKinds.map((k) => (
                  <Button
                    key={k}
                    size="small"
                    icon={<DownloadOutlined />}
                    loading={downloading === k}
                    onClick={() => void download(k)}
                  >
                    Template {excelTemplateKindLabels[k]}
                  </Button>
                ))}
              </Flex>
            </div>
          ) : null}
          <div>
            <Upload.Dragger
              accept={importFormatExtensions[format].map((ext) => `.${ext}`).join(',')}
              multiple={false}
              showUploadList={false}
              disabled={sending}
              beforeUpload={(chosen) => {
                setFile(chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Klik atau seret file ke area ini</p>
              <p className="ant-upload-hint">
                Format {importFormatExtensions[format].map((ext) => `.${ext}`).join(' atau ')}, maksimal 5 MB
              </p>
            </Upload.Dragger>
            {file ? (
              <Flex align="center" gap={8} style={{ marginTop: 12 }} data-testid="impor-file">
                <PaperClipOutlined aria-hidden />
                <Typography.Text ellipsis title={file.name}>
                  {file.name}
                </Typography.Text>
              </Flex>
            ) : null}
          </div>
        </Flex>
      )}
    </Modal>
  );
}

function ImportOutcome({ result }: { result: QuestionImportResult }) {
  const skipped = result.dilewati.length ? (
    <div>
      <Typography.Text strong>Soal yang dilewati ({result.dilewati.length})</Typography.Text>
      <ul style={{ marginTop: 4, paddingLeft: 20 }}>
        {result.dilewati.map((s) => (
          <li key={`${s.soal}-${s.nama}`}>{skippedQuestionLabel(s)}</li>
        ))}
      </ul>
    </div>
  ) : null;
  if (result.berhasil)
    return (
      <Flex vertical gap={12}>
        <Alert type="success" showIcon title={questionImportMessages.succeeded} description={result.pesan} />
        {skipped}
      </Flex>
    );
  return (
    <Flex vertical gap={12}>
      <Alert
        type="error"
        showIcon
        title={questionImportMessages.failed}
        description={
          <>
            <div>{result.pesan}</div>
            {result.masalah.length ? (
              <ul
                aria-label="Daftar masalah"
                tabIndex={0}
                style={{ marginTop: 8, marginBottom: 0, paddingLeft: 20, maxHeight: 280, overflowY: 'auto' }}
              >
                {result.masalah.map((p, i) => (
                  <li key={i}>{importProblemLabel(p)}</li>
                ))}
              </ul>
            ) : null}
          </>
        }
      />
      {skipped}
    </Flex>
  );
}
