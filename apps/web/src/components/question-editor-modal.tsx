import { useRef, useState } from 'react';
import { DeleteOutlined, PaperClipOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Modal, Radio, Select, Space, Typography, Upload } from 'antd';
import {
  essayFileTypes,
  minOptions,
  questionKindLabels,
  questionKinds,
  removeOption,
  validateQuestion,
  type ChoiceOption,
  type QuestionBody,
  type QuestionKind,
} from '@lms/contract/exam.rules';
import { gapNumbers } from '@lms/contract/question-kinds.rules';
import type { Question, QuestionFile } from '@lms/contract/exam.schema';
import { formatFileSize } from '@lms/contract/format.rules';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor.tsx';
import { emptyExtraBody, ExtraKindFields, FieldErrors } from './question-kind-fields.tsx';
import { alignGaps, blankGap, gapsForMarkers, maxGaps } from './question-gap-rules.ts';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { useToasts } from './toasts.tsx';
import { uploadFailedMessage, uploadRefusal } from './upload-rules.ts';
import type { UploadProgressValue } from '../lib/upload-progress-text.ts';
import { UploadProgressBar, useUploadProgress } from './upload-progress.tsx';

const fileTypeLabels: Record<(typeof essayFileTypes)[number], string> = {
  text: 'Teks',
  image: 'Gambar',
  pdf: 'PDF',
  docs: 'Dokumen',
  compressed: 'Arsip',
};

function emptyBody(kind: QuestionKind): QuestionBody {
  if (kind === 'pilihan')
    return { jenis: 'pilihan', pilihan: [{ teks: '' }, { teks: '' }, { teks: '' }], kunci: null };
  if (kind === 'benar_salah')
    return { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: null };
  if (kind === 'esay') return { jenis: 'esay', jenis_file_diterima: [], kunci: '' };
  return emptyExtraBody(kind);
}

/** The kinds whose options may carry an image. */
function hasOptionImages(body: QuestionBody): body is Extract<QuestionBody, { pilihan: ChoiceOption[] }> {
  return body.jenis === 'pilihan' || body.jenis === 'pilihan_kompleks';
}

/** What the form saves: the question, plus the attachments picked and the stored ones to remove. */
export interface QuestionSave {
  pertanyaan: string;
  isi: QuestionBody;
  files: File[];
  files_kunci: File[];
  soal_files_delete: string[];
  kunci_files_delete: string[];
}

/**
 * Option images and attachments, given by the area that stores them (the form calls back, it never
 * calls an API itself). Without it the form offers neither.
 */
export interface QuestionMedia {
  /** Stores an option image; answers its url. */
  uploadImage: (file: File) => Promise<string>;
  /** Removes an uploaded option image. */
  deleteImage: (url: string) => Promise<void>;
  /** Question (`soal`) and key (`kunci`, essays) attachments: extensions and the size limit in bytes. */
  attachments?: {
    soal: { extensions: readonly string[]; maxBytes: number };
    kunci: { extensions: readonly string[]; maxBytes: number };
  };
}

const imageExtensions = ['png', 'jpg', 'jpeg'];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The question form (spec 3 §5 "Question form"), one for exams and the question bank:
 * Tambah Soal Baru or Ubah Soal Nomor {n}; choices need every option filled, at least three, one key
 * (deleting an option moves the key); true/false needs its key; an essay lists accepted answer files;
 * the kinds of issue 43 have their fields in question-kind-fields.tsx. The contract's rules are checked
 * on saving and then again on every change, each message under its field (the first also as a toast).
 */
export function QuestionEditorModal({
  open,
  question,
  onSave,
  onClose,
  media,
}: {
  open: boolean;
  question?: Question;
  /** Saves; a caller that sends the files reports their upload through `onUploadProgress`. */
  onSave: (input: QuestionSave, onUploadProgress: (progress: UploadProgressValue) => void) => Promise<void>;
  onClose: () => void;
  media?: QuestionMedia;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={question ? `Ubah Soal Nomor ${question.nomor}` : 'Tambah Soal Baru'}
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? <QuestionForm question={question} onSave={onSave} onClose={onClose} media={media} /> : null}
    </Modal>
  );
}

function QuestionForm({
  question,
  onSave,
  onClose,
  media,
}: {
  question?: Question;
  onSave: (input: QuestionSave, onUploadProgress: (progress: UploadProgressValue) => void) => Promise<void>;
  onClose: () => void;
  media?: QuestionMedia;
}) {
  const { notification } = useToasts();
  const upload = useUploadProgress();
  const [pertanyaan, setPertanyaan] = useState(question?.pertanyaan ?? '');
  const [body, setBody] = useState<QuestionBody>(question?.isi ?? emptyBody('pilihan'));
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<number | null>(null);
  const [files, setFiles] = useState<{ soal: File[]; kunci: File[] }>({ soal: [], kunci: [] });
  const [removed, setRemoved] = useState<{ soal: string[]; kunci: string[] }>({ soal: [], kunci: [] });
  const [tried, setTried] = useState(false);
  const editorRef = useRef<RichTextEditorHandle>(null);
  const toast = (title: string) => notification.error({ title, placement: 'bottom', duration: 5 });
  const errors = tried ? validateQuestion({ pertanyaan, body }) : [];

  const setOptionImage = (index: number, gambar: string | null) =>
    setBody((current) =>
      hasOptionImages(current)
        ? { ...current, pilihan: current.pilihan.map((o, j) => (j === index ? { ...o, gambar } : o)) }
        : current,
    );

  const changeQuestionText = (text: string) => {
    setPertanyaan(text);
    // Markers typed by hand get their gap editors at once; none is dropped while typing.
    setBody((current) =>
      current.jenis === 'isian_rumpang'
        ? { ...current, rumpang: gapsForMarkers(gapNumbers(text), current.rumpang) }
        : current,
    );
  };

  const insertGap = () => {
    if (body.jenis !== 'isian_rumpang') return;
    const marker = `[[${body.rumpang.length + 1}]]`;
    const text = editorRef.current?.insertText(marker) ?? `${pertanyaan}<p>${marker}</p>`;
    // A marker put before others takes their place in the numbering, and the gaps follow.
    const next = alignGaps(text, [...body.rumpang, blankGap()]);
    setPertanyaan(next.text);
    setBody({ ...body, rumpang: next.gaps });
  };

  const uploadImage = async (index: number, file: File) => {
    if (!media) return;
    if (!imageExtensions.includes(extensionOf(file.name))) {
      toast('Gambar pilihan harus berupa png, jpg atau jpeg.');
      return;
    }
    setUploading(index);
    try {
      setOptionImage(index, await media.uploadImage(file));
    } catch (error) {
      toast(uploadFailedMessage(error));
    } finally {
      setUploading(null);
    }
  };

  const removeImage = async (index: number, url: string) => {
    if (!media) return;
    try {
      // An image of the saved question stays stored until the question is saved without it.
      const saved =
        !!question && hasOptionImages(question.isi) && question.isi.pilihan.some((o) => o.gambar === url);
      if (!saved) await media.deleteImage(url);
      setOptionImage(index, null);
      notification.success({ title: 'Berhasil hapus file', placement: 'bottom' });
    } catch {
      toast('Gagal hapus file');
    }
  };

  const pickFile = (kind: 'soal' | 'kunci', file: File) => {
    const rule = media?.attachments?.[kind];
    if (!rule) return;
    if (!rule.extensions.includes(extensionOf(file.name))) {
      toast(
        kind === 'soal'
          ? `Lampiran soal harus berupa ${rule.extensions.join(', ')}.`
          : `Lampiran kunci harus berupa ${rule.extensions.join(', ')}.`,
      );
      return;
    }
    const tooLarge = uploadRefusal(file, { maxBytes: rule.maxBytes });
    if (tooLarge) {
      toast(tooLarge);
      return;
    }
    setFiles((current) => ({ ...current, [kind]: [...current[kind], file] }));
  };

  const attachmentList = (kind: 'soal' | 'kunci', stored: QuestionFile[] | undefined) => {
    const rule = media?.attachments?.[kind];
    if (!rule) return null;
    const label = kind === 'soal' ? 'Lampiran Soal' : 'Lampiran Kunci';
    const kept = (stored ?? []).filter((f) => !removed[kind].includes(f.url));
    return (
      <div>
        <Typography.Text strong>{label}</Typography.Text>
        <Space orientation="vertical" size={4} style={{ width: '100%', marginTop: 4 }}>
          {kept.map((f) => (
            <Space key={f.url} size={4}>
              <PaperClipOutlined />
              <Typography.Text>{f.name}</Typography.Text>
              <Button
                size="small"
                type="text"
                danger
                aria-label={`Hapus ${f.name}`}
                icon={<DeleteOutlined />}
                onClick={() => setRemoved((r) => ({ ...r, [kind]: [...r[kind], f.url] }))}
              />
            </Space>
          ))}
          {files[kind].map((f, i) => (
            <Space key={`${f.name}-${i}`} size={4}>
              <PaperClipOutlined />
              <Typography.Text>
                {f.name} ({formatFileSize(f.size)}, baru)
              </Typography.Text>
              <Button
                size="small"
                type="text"
                danger
                aria-label={`Batal lampirkan ${f.name}`}
                icon={<DeleteOutlined />}
                onClick={() =>
                  setFiles((current) => ({ ...current, [kind]: current[kind].filter((_, j) => j !== i) }))
                }
              />
            </Space>
          ))}
          <Upload
            accept={rule.extensions.map((e) => `.${e}`).join(',')}
            showUploadList={false}
            multiple
            beforeUpload={(file) => {
              pickFile(kind, file);
              return false;
            }}
          >
            <Button size="small" icon={<PaperClipOutlined />}>
              Tambah {label}
            </Button>
          </Upload>
        </Space>
      </div>
    );
  };

  const imageControl = (i: number, option: ChoiceOption) =>
    media ? (
      option.gambar ? (
        <Button
          aria-label={`Hapus gambar pilihan ${i + 1}`}
          onClick={() => void removeImage(i, option.gambar!)}
          style={{ padding: 2, height: 'auto', flex: 'none' }}
        >
          <img
            src={option.gambar}
            alt={`Gambar pilihan ${i + 1}`}
            style={{ height: 28, maxWidth: 48, objectFit: 'contain', display: 'block' }}
          />
        </Button>
      ) : (
        <Upload
          accept=".png,.jpg,.jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            void uploadImage(i, file);
            return false;
          }}
        >
          <Button
            aria-label={`Gambar pilihan ${i + 1}`}
            icon={<PictureOutlined />}
            loading={uploading === i}
          />
        </Upload>
      )
    ) : null;

  const submit = async () => {
    setTried(true);
    const found = validateQuestion({ pertanyaan, body });
    if (found[0]) {
      toast(found[0].message);
      return;
    }
    setSaving(true);
    upload.reset();
    try {
      await onSave(
        {
          pertanyaan,
          isi: body,
          files: files.soal,
          files_kunci: body.jenis === 'esay' ? files.kunci : [],
          soal_files_delete: removed.soal,
          kunci_files_delete: removed.kunci,
        },
        upload.onUploadProgress,
      );
      onClose();
    } catch (error) {
      toast((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div>
        <Typography.Text strong>Jenis Soal</Typography.Text>
        <Select
          aria-label="Jenis Soal"
          style={{ width: '100%', marginTop: 4 }}
          value={body.jenis}
          disabled={!!question}
          onChange={(kind: QuestionKind) => {
            const next = emptyBody(kind);
            // Markers already in the text get their gaps.
            setBody(
              next.jenis === 'isian_rumpang'
                ? { ...next, rumpang: gapsForMarkers(gapNumbers(pertanyaan), []) }
                : next,
            );
          }}
          options={questionKinds.map((k) => ({ value: k, label: questionKindLabels[k] }))}
        />
      </div>
      <div>
        <Typography.Text strong>Pertanyaan</Typography.Text>
        <RichTextEditor
          label="Pertanyaan"
          value={pertanyaan}
          onChange={changeQuestionText}
          invalid={errors.some((e) => e.field === 'pertanyaan')}
          handleRef={editorRef}
        />
        <FieldErrors errors={errors} field="pertanyaan" />
        {body.jenis === 'isian_rumpang' ? (
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginTop: 8 }}>
            <Button
              icon={<PlusOutlined />}
              disabled={body.rumpang.length >= maxGaps}
              // Keeps the cursor in the question, so the marker goes where it is.
              onMouseDown={(e) => e.preventDefault()}
              onClick={insertGap}
            >
              Sisipkan Rumpang
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 13, flex: '1 1 220px' }}>
              Rumpang ditulis [[1]], [[2]], … di pertanyaan; mahasiswa mengisinya di tempat itu.
            </Typography.Text>
          </div>
        ) : null}
      </div>
      {body.jenis === 'pilihan' ? (
        <div>
          <Typography.Text strong>Pilihan Jawaban (pilih satu kunci)</Typography.Text>
          <Radio.Group
            style={{ width: '100%' }}
            value={body.kunci}
            onChange={(e) => setBody({ ...body, kunci: e.target.value as number })}
          >
            <Space orientation="vertical" style={{ width: '100%', marginTop: 4 }}>
              {body.pilihan.map((option, i) => (
                <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <Radio value={i} aria-label={`Kunci pilihan ${i + 1}`} />
                  <Input
                    aria-label={`Pilihan ${i + 1}`}
                    value={option.teks}
                    placeholder={`Pilihan ${i + 1}`}
                    onChange={(e) =>
                      setBody({
                        ...body,
                        pilihan: body.pilihan.map((o, j) => (j === i ? { ...o, teks: e.target.value } : o)),
                      })
                    }
                  />
                  {imageControl(i, option)}
                  <Button
                    aria-label={`Hapus pilihan ${i + 1}`}
                    icon={<DeleteOutlined />}
                    disabled={body.pilihan.length <= minOptions}
                    onClick={() => setBody({ ...body, ...removeOption(body.pilihan, body.kunci, i) })}
                  />
                </div>
              ))}
            </Space>
          </Radio.Group>
          <Button
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={body.pilihan.length >= 26}
            onClick={() => setBody({ ...body, pilihan: [...body.pilihan, { teks: '' }] })}
          >
            Tambah Pilihan
          </Button>
          <FieldErrors errors={errors} field="pilihan" />
          <FieldErrors errors={errors} field="kunci" />
        </div>
      ) : null}
      {body.jenis === 'benar_salah' ? (
        <div>
          <Typography.Text strong>Kunci Jawaban</Typography.Text>
          <div>
            <Radio.Group
              value={body.kunci}
              onChange={(e) => setBody({ ...body, kunci: e.target.value as boolean })}
              options={[
                { value: true, label: body.label.benar },
                { value: false, label: body.label.salah },
              ]}
            />
          </div>
          <FieldErrors errors={errors} field="kunci" />
        </div>
      ) : null}
      {body.jenis === 'esay' ? (
        <>
          <div>
            <Typography.Text strong>Jenis File Jawaban</Typography.Text>
            <div>
              <Checkbox
                checked={body.jenis_file_diterima.length === essayFileTypes.length}
                onChange={(e) =>
                  setBody({ ...body, jenis_file_diterima: e.target.checked ? [...essayFileTypes] : [] })
                }
              >
                Semua
              </Checkbox>
              <Checkbox.Group
                value={body.jenis_file_diterima}
                onChange={(values) =>
                  setBody({ ...body, jenis_file_diterima: values as typeof body.jenis_file_diterima })
                }
                options={essayFileTypes.map((t) => ({ value: t, label: fileTypeLabels[t] }))}
              />
            </div>
          </div>
          <div>
            <Typography.Text strong>Kunci Jawaban</Typography.Text>
            <RichTextEditor
              label="Kunci Jawaban"
              value={body.kunci}
              onChange={(kunci) => setBody({ ...body, kunci })}
            />
          </div>
        </>
      ) : null}
      {body.jenis !== 'pilihan' && body.jenis !== 'benar_salah' && body.jenis !== 'esay' ? (
        <ExtraKindFields
          body={body}
          pertanyaan={pertanyaan}
          errors={errors}
          imageControl={imageControl}
          onChange={(next, text) => {
            setBody(next);
            if (text !== undefined) setPertanyaan(text);
          }}
        />
      ) : null}
      {attachmentList('soal', question?.soal_files)}
      {body.jenis === 'esay' ? attachmentList('kunci', question?.kunci_files) : null}
      {saving ? <UploadProgressBar progress={upload.progress} style={{ marginBottom: 0 }} /> : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Simpan
        </Button>
      </div>
    </Space>
  );
}
