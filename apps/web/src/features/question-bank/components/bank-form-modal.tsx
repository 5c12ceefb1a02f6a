import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import {
  maxBankDescription,
  maxBankTitle,
  questionBankMessages,
  validateBankForm,
} from '@lms/contract/question-bank.rules';
import type { BankDetail, BankListItem } from '@lms/contract/question-bank.schema';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCourseRefs, useLecturerRefs } from '../api/list-bank-refs.ts';
import { useSaveBank } from '../api/save-bank.ts';
import { useToasts } from '../../../components/toasts.tsx';

export type BankFormMode =
  | { kind: 'create' }
  | { kind: 'update'; bank: BankListItem | BankDetail }
  | { kind: 'duplicate'; bank: BankListItem | BankDetail };

interface FormValues {
  judul: string;
  deskripsi: string;
  id_mata_kuliah?: string;
  id_dosen?: string;
  ditampilkan: boolean;
}

const titles = { create: 'Tambah', update: 'Ubah', duplicate: 'Duplikat' } as const;

/**
 * Tambah, Ubah or Duplikat Data Bank Soal (spec 3 §2, §5): judul ≤ 100, deskripsi ≤ 300, mata kuliah,
 * dosen for operators (who give the bank to a lecturer), tampilan shown or hidden.
 */
export function BankFormModal({
  mode,
  isOperator,
  onClose,
  onSaved,
}: {
  mode: BankFormMode | null;
  isOperator: boolean;
  onClose: () => void;
  onSaved?: (bank: BankDetail) => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={!!mode}
      title={mode ? `${titles[mode.kind]} Data Bank Soal` : ''}
      width={modalWidth('base', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {mode ? <BankForm mode={mode} isOperator={isOperator} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function BankForm({
  mode,
  isOperator,
  onClose,
  onSaved,
}: {
  mode: BankFormMode;
  isOperator: boolean;
  onClose: () => void;
  onSaved?: (bank: BankDetail) => void;
}) {
  const { message, notification } = useToasts();
  const save = useSaveBank();
  const bank = mode.kind === 'create' ? null : mode.bank;
  const [form] = Form.useForm<FormValues>();
  const [dosenId, setDosenId] = useState<string | undefined>(bank?.dosen.id);
  const lecturers = useLecturerRefs(isOperator);
  const courses = useCourseRefs(isOperator ? (dosenId ?? null) : null, !isOperator || !!dosenId);

  const submit = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    const errors = validateBankForm(values, { requireDosen: isOperator });
    if (errors.length) {
      notification.error({
        title: questionBankMessages.incomplete,
        description: errors[0]!.message,
        placement: 'bottom',
        duration: 5,
      });
      return;
    }
    const input = {
      judul: values.judul.trim(),
      deskripsi: values.deskripsi.trim(),
      id_mata_kuliah: values.id_mata_kuliah!,
      id_dosen: isOperator ? (values.id_dosen ?? null) : null,
      ditampilkan: values.ditampilkan,
    };
    try {
      const saved =
        mode.kind === 'create'
          ? await save.mutateAsync({ kind: 'create', input })
          : await save.mutateAsync({ kind: mode.kind, id: mode.bank.id, input });
      message.success(
        mode.kind === 'duplicate' ? questionBankMessages.duplicated : questionBankMessages.saved,
      );
      onClose();
      if (saved) onSaved?.(saved);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom', duration: 5 });
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={{
        judul:
          mode.kind === 'duplicate' ? `${bank!.judul} (Salinan)`.slice(0, maxBankTitle) : (bank?.judul ?? ''),
        deskripsi: bank?.deskripsi ?? '',
        id_mata_kuliah: bank?.mata_kuliah.id,
        id_dosen: bank?.dosen.id,
        ditampilkan: bank?.ditampilkan ?? true,
      }}
      onFinish={() => void submit()}
    >
      <Form.Item label="Judul" name="judul" required>
        <Input maxLength={maxBankTitle} showCount placeholder="Judul bank soal" />
      </Form.Item>
      <Form.Item label="Deskripsi" name="deskripsi" required>
        <Input.TextArea maxLength={maxBankDescription} showCount rows={3} placeholder="Deskripsi bank soal" />
      </Form.Item>
      {isOperator ? (
        <Form.Item label="Dosen" name="id_dosen" required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Pilih dosen"
            loading={lecturers.isPending}
            onChange={(value: string) => {
              setDosenId(value);
              form.setFieldValue('id_mata_kuliah', undefined);
            }}
            options={(lecturers.data ?? []).map((l) => ({ value: l.id, label: l.nama }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="Mata Kuliah" name="id_mata_kuliah" required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Pilih mata kuliah"
          loading={courses.isFetching}
          disabled={isOperator && !dosenId}
          options={(courses.data ?? []).map((c) => ({ value: c.id, label: `${c.kode} - ${c.nama}` }))}
        />
      </Form.Item>
      <Form.Item
        label="Tampilan"
        name="ditampilkan"
        extra="Ditampilkan: dosen lain pengampu mata kuliah yang sama dapat melihat dan menyalin bank soal ini."
      >
        <Radio.Group
          options={[
            { value: true, label: 'Ditampilkan' },
            { value: false, label: 'Disembunyikan' },
          ]}
        />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {mode.kind === 'create' ? 'Tambah' : mode.kind === 'duplicate' ? 'Duplikat' : 'Simpan'}
        </Button>
      </div>
    </Form>
  );
}
