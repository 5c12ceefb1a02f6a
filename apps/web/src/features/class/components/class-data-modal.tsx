import { Form, InputNumber, Select, Typography } from 'antd';
import {
  capacityBelowEnrolmentMessage,
  classCapacityMax,
  lectureModeLabels,
  lectureModeValues,
} from '@lms/contract/class.rules';
import { rangeRule } from '@lms/contract/number-range.rules';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useCampuses } from '../../../lib/queries/list-campuses.ts';
import { useUpdateClass, type ClassDataInput } from '../api/update-class.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

const scopes = ['Prodi', 'Fakultas', 'Universitas'] as const;
const methods = ['Individu', 'Team Teaching'] as const;

type FormValues = Required<
  Pick<ClassDataInput, 'mode_kuliah' | 'kapasitas' | 'lingkup' | 'metode_pengajaran' | 'id_kampus'>
>;

/** Ubah Kelas (operators with Update on Kelas): lecture mode, capacity, scope, teaching method, campus. */
export function ClassDataModal({ detail, open, onClose }: ClassModalProps) {
  const { message } = useToasts();
  const [form] = Form.useForm<FormValues>();
  const update = useUpdateClass(detail.id);
  const campuses = useCampuses(open);

  const save = (values: FormValues) =>
    update.mutate(values, {
      onSuccess: () => {
        void message.success('Data kelas berhasil diubah');
        onClose();
      },
      onError: (error) => {
        const apiError = normalizeApiError(error);
        // The server re-checks the enrolment (students may have joined since the form opened).
        const fields = (apiError.detail as { fields?: { field: string; message: string }[] } | undefined)
          ?.fields;
        const capacity = fields?.find((f) => f.field === 'kapasitas');
        if (capacity) form.setFields([{ name: 'kapasitas', errors: [capacity.message] }]);
        void message.error(apiError.message);
      },
    });

  return (
    <FormModal
      open={open}
      title="Ubah Data Kelas"
      form={form}
      saving={update.isPending}
      centered
      forceRender={false}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {detail.mata_kuliah.kode} {detail.mata_kuliah.nama} · Kelas {detail.kelas.nama}
      </Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          mode_kuliah: detail.mode_kuliah,
          kapasitas: detail.kapasitas,
          lingkup: scopes.includes(detail.lingkup as (typeof scopes)[number]) ? detail.lingkup : undefined,
          metode_pengajaran: methods.includes(detail.metode_pengajaran as (typeof methods)[number])
            ? detail.metode_pengajaran
            : undefined,
          id_kampus: detail.kampus?.id,
        }}
      >
        <Form.Item
          name="mode_kuliah"
          label="Mode Kuliah"
          rules={[{ required: true, message: 'Mode kuliah wajib dipilih!' }]}
        >
          <Select options={lectureModeValues.map((v) => ({ value: v, label: lectureModeLabels[v] }))} />
        </Form.Item>
        <Form.Item
          name="kapasitas"
          label="Kapasitas"
          rules={[
            { required: true, message: 'Kapasitas wajib diisi!' },
            rangeRule(0, classCapacityMax),
            {
              validator: async (_, value: number | null | undefined) => {
                if (typeof value === 'number' && value >= 0 && value < detail.jumlah_peserta)
                  throw new Error(capacityBelowEnrolmentMessage(detail.jumlah_peserta));
              },
            },
          ]}
          extra={`Peserta saat ini: ${detail.jumlah_peserta}`}
        >
          {/* No min/max: antd would save −5 as 0; the rules refuse it with the field's message instead. */}
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="lingkup"
          label="Lingkup"
          rules={[{ required: true, message: 'Lingkup wajib dipilih!' }]}
        >
          <Select options={scopes.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item
          name="metode_pengajaran"
          label="Metode Pengajaran"
          rules={[{ required: true, message: 'Metode pengajaran wajib dipilih!' }]}
        >
          <Select options={methods.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item
          name="id_kampus"
          label="Kampus"
          rules={[{ required: true, message: 'Kampus wajib dipilih!' }]}
          style={{ marginBottom: 0 }}
        >
          <Select
            loading={campuses.isLoading}
            placeholder="Pilih kampus"
            // Until the list arrives the current campus is the only option, so its name shows, not its id.
            options={
              campuses.data?.map((c) => ({ value: c.id, label: c.nama })) ??
              (detail.kampus ? [{ value: detail.kampus.id, label: detail.kampus.nama }] : [])
            }
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
