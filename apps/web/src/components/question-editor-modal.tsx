import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import {
  essayFileTypes,
  minOptions,
  questionKindLabels,
  questionKinds,
  removeOption,
  validateQuestion,
  type QuestionBody,
  type QuestionKind,
} from '@lms/contract/exam.rules';
import type { Question } from '@lms/contract/exam.schema';
import { RichTextEditor } from './rich-text-editor.tsx';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';

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
  return { jenis: 'esay', jenis_file_diterima: [], kunci: '' };
}

/**
 * The question form (spec 3 §5 "Question form"), one for exams and the question bank:
 * Tambah Soal Baru or Ubah Soal Nomor {n}; choices need every option filled, at least three, one key
 * (deleting an option moves the key); true/false needs its key; an essay lists accepted answer files.
 */
export function QuestionEditorModal({
  open,
  question,
  onSave,
  onClose,
}: {
  open: boolean;
  question?: Question;
  onSave: (input: { pertanyaan: string; isi: QuestionBody }) => Promise<void>;
  onClose: () => void;
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
      {open ? <QuestionForm question={question} onSave={onSave} onClose={onClose} /> : null}
    </Modal>
  );
}

function QuestionForm({
  question,
  onSave,
  onClose,
}: {
  question?: Question;
  onSave: (input: { pertanyaan: string; isi: QuestionBody }) => Promise<void>;
  onClose: () => void;
}) {
  const { notification } = App.useApp();
  const [pertanyaan, setPertanyaan] = useState(question?.pertanyaan ?? '');
  const [body, setBody] = useState<QuestionBody>(question?.isi ?? emptyBody('pilihan'));
  const [saving, setSaving] = useState(false);
  const toast = (title: string) => notification.error({ title, placement: 'bottom', duration: 5 });

  const submit = async () => {
    const errors = validateQuestion({ pertanyaan, body });
    if (errors[0]) {
      toast(errors[0].message);
      return;
    }
    setSaving(true);
    try {
      await onSave({ pertanyaan, isi: body });
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
          onChange={(kind: QuestionKind) => setBody(emptyBody(kind))}
          options={questionKinds.map((k) => ({ value: k, label: questionKindLabels[k] }))}
        />
      </div>
      <div>
        <Typography.Text strong>Pertanyaan</Typography.Text>
        <RichTextEditor label="Pertanyaan" value={pertanyaan} onChange={setPertanyaan} />
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
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Simpan
        </Button>
      </div>
    </Space>
  );
}
