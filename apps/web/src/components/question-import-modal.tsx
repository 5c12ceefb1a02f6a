import { useState } from 'react';
import { DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Radio, Table, Typography, Upload } from 'antd';
import {
  checkImportFileName,
  excelTemplateKindLabels,
  excelTemplateKinds,
  importFormatExtensions,
  importFormatLabels,
  importFormats,
  importProblemLabel,
  maxImportBytes,
  previewKindLabels,
  questionImportMessages,
  skippedQuestionLabel,
  type ExcelTemplateKind,
  type ImportFormat,
  type ImportProblem,
  type PreviewedQuestion,
  type SkippedQuestion,
} from '@lms/contract/question-import.rules';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { useToasts } from './toasts.tsx';
import { uploadFailedMessage, uploadRefusal } from './upload-rules.ts';

/** A refused file: the server's message, every problem, and the questions that would be skipped. */
export interface QuestionImportFailure {
  berhasil: false;
  pesan: string;
  masalah: ImportProblem[];
  dilewati: SkippedQuestion[];
}

/** What the caller's import answered: the server's message, and its problems when it failed. */
export type QuestionImportResult =
  { berhasil: true; pesan: string; dilewati: SkippedQuestion[] } | QuestionImportFailure;

/** What the caller's preview answered: what the file would add and skip, or why it cannot be read. */
export type QuestionImportPreview =
  | { berhasil: true; pesan: string; soal: PreviewedQuestion[]; dilewati: SkippedQuestion[] }
  | QuestionImportFailure;

/** The chosen file with its format and, for Excel, the template kind. */
export interface QuestionImportRequest {
  format: ImportFormat;
  jenisSoal: ExcelTemplateKind | null;
  file: File;
}

export interface QuestionImportModalProps {
  open: boolean;
  /** Reads the file without importing; answers what it would add and skip. */
  onPreview(request: QuestionImportRequest): Promise<QuestionImportPreview>;
  /** Sends the file; answers the outcome (a failed import is an outcome, not a thrown error). */
  onImport(request: QuestionImportRequest): Promise<QuestionImportResult>;
  /** Downloads the Excel template of a kind. */
  onDownloadTemplate(kind: ExcelTemplateKind): Promise<unknown>;
  onClose(): void;
}

const formatHints: Record<ImportFormat, string> = {
  excel: 'Unduh template sesuai jenis soal, isi satu soal per baris, lalu unggah file .xlsx.',
  gift: 'File GIFT dari Moodle (.gift atau .txt). Pilihan ganda dengan satu jawaban benar, benar/salah dan esai diimpor; soal lain dilewati dengan alasannya.',
  aiken:
    'File Aiken (.txt): pertanyaan, pilihan "A. ...", lalu "ANSWER: A". Semua soal menjadi pilihan ganda; soal yang tidak sesuai dilewati dengan alasannya.',
  moodle_xml:
    'File Moodle XML (.xml). Pilihan ganda dengan satu jawaban benar, benar/salah dan esai diimpor; soal lain dilewati dengan alasannya.',
};

/**
 * The Impor Soal modal of spec 3 §2 §4 §8: the empty state (format Excel / GIFT / Aiken / Moodle XML,
 * for Excel the question kind and its template); Impor reads the file and shows what it would add and
 * what it would skip and why (issue 38: nothing is added before the lecturer has seen that); confirming
 * imports, then Impor Berhasil with the server's message, or Impor Gagal with every problem's row and
 * column (or question and line); Impor Ulang goes back to the empty state. Callback-based: the caller
 * sends the file and downloads templates.
 */
export function QuestionImportModal({
  open,
  onPreview,
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
  const [preview, setPreview] = useState<Extract<QuestionImportPreview, { berhasil: true }> | null>(null);
  const [downloading, setDownloading] = useState<ExcelTemplateKind | null>(null);

  // A closed modal starts empty next time (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setFile(null);
      setResult(null);
      setPreview(null);
      setKind(null);
      setFormat('excel');
    }
  }

  const toast = (title: string) => notification.error({ title, placement: 'bottom', duration: 5 });

  // A send that failed (refused by the server, network): 'Unggah gagal: …', and the file is chosen again.
  const failedOutright = (error: unknown): QuestionImportFailure => {
    setFile(null);
    return { berhasil: false, pesan: uploadFailedMessage(error), masalah: [], dilewati: [] };
  };

  const submit = async () => {
    if (!file) return toast(questionImportMessages.fileNotChosen);
    if (format === 'excel' && !kind) return toast(questionImportMessages.kindNotChosen);
    const nameProblem = checkImportFileName(format, file.name);
    if (nameProblem) return toast(nameProblem);
    setSending(true);
    try {
      const read = await onPreview({ format, jenisSoal: format === 'excel' ? kind : null, file });
      if (read.berhasil) setPreview(read);
      else setResult(read);
    } catch (error) {
      setResult(failedOutright(error));
    } finally {
      setSending(false);
    }
  };

  // The file is sent again and read again by the server: nothing about the questions comes from here.
  const confirm = async () => {
    if (!file) return;
    setSending(true);
    try {
      setResult(await onImport({ format, jenisSoal: format === 'excel' ? kind : null, file }));
    } catch (error) {
      setResult(failedOutright(error));
    } finally {
      setSending(false);
      setPreview(null);
    }
  };

  const retry = () => {
    setResult(null);
    setPreview(null);
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
    : preview
      ? [
          <Button key="kembali" onClick={() => setPreview(null)} disabled={sending}>
            Kembali
          </Button>,
          <Button
            key="konfirmasi"
            type="primary"
            loading={sending}
            disabled={!preview.soal.length}
            onClick={() => void confirm()}
          >
            {`Impor ${preview.soal.length} Soal`}
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
      ) : preview ? (
        <ImportPreviewView preview={preview} isPhone={isPhone} />
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
                // The type is checked on sending, with the format's own words (checkImportFileName).
                const refusal = uploadRefusal(chosen, { maxBytes: maxImportBytes });
                if (refusal) toast(refusal);
                setFile(refusal ? null : chosen);
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

/** The questions a text file skips: number, line, name and reason, in a list that scrolls when long. */
function SkippedList({ dilewati }: { dilewati: SkippedQuestion[] }) {
  if (!dilewati.length) return null;
  const title = `Soal yang dilewati (${dilewati.length})`;
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <ul
        aria-label={title}
        tabIndex={0}
        style={{ marginTop: 4, marginBottom: 0, paddingLeft: 20, maxHeight: 200, overflowY: 'auto' }}
      >
        {dilewati.map((s) => (
          <li key={s.soal}>{skippedQuestionLabel(s)}</li>
        ))}
      </ul>
    </div>
  );
}

/** What the file would add (number, line, kind, start of text) and skip, before anything is added. */
function ImportPreviewView({
  preview,
  isPhone,
}: {
  preview: Extract<QuestionImportPreview, { berhasil: true }>;
  isPhone: boolean;
}) {
  const title = `Soal yang akan diimpor (${preview.soal.length})`;
  return (
    <Flex vertical gap={12}>
      <Alert
        type={preview.soal.length ? 'info' : 'warning'}
        showIcon
        title="Pratinjau Impor"
        description={preview.soal.length ? preview.pesan : questionImportMessages.nothingImportable}
      />
      {preview.soal.length ? (
        <div>
          <Typography.Text strong id="impor-pratinjau-label">
            {title}
          </Typography.Text>
          {/* A long list scrolls in a region the keyboard can reach (a file of every kind lists many). */}
          <div
            role="region"
            aria-labelledby="impor-pratinjau-label"
            tabIndex={0}
            style={{ marginTop: 4, maxHeight: 280, overflowY: 'auto' }}
          >
            <Table<PreviewedQuestion>
              aria-labelledby="impor-pratinjau-label"
              size="small"
              rowKey="soal"
              pagination={false}
              tableLayout="fixed"
              dataSource={preview.soal}
              columns={[
                {
                  title: 'No.',
                  dataIndex: 'soal',
                  width: isPhone ? 48 : 64,
                },
                ...(isPhone
                  ? []
                  : [
                      {
                        title: 'Baris',
                        dataIndex: 'baris',
                        width: 64,
                        render: (baris: number | null) => baris ?? '-',
                      },
                      {
                        title: 'Jenis',
                        dataIndex: 'jenis',
                        width: 150,
                        render: (jenis: PreviewedQuestion['jenis']) => previewKindLabels[jenis],
                      },
                    ]),
                {
                  title: 'Pertanyaan',
                  dataIndex: 'ringkasan',
                  render: (ringkasan: string, q: PreviewedQuestion) => (
                    <>
                      <Typography.Text ellipsis={{ tooltip: ringkasan }} style={{ display: 'block' }}>
                        {ringkasan}
                      </Typography.Text>
                      {isPhone ? (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {previewKindLabels[q.jenis]}
                          {q.baris != null ? ` · baris ${q.baris}` : ''}
                        </Typography.Text>
                      ) : null}
                    </>
                  ),
                },
              ]}
            />
          </div>
        </div>
      ) : null}
      <SkippedList dilewati={preview.dilewati} />
    </Flex>
  );
}

function ImportOutcome({ result }: { result: QuestionImportResult }) {
  const skipped = <SkippedList dilewati={result.dilewati} />;
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
