import { useEffect } from 'react';
import { Alert, Button, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import { minimumNikLength, minimumParentAge, minimumStudentAge } from '@lms/contract/student-biodata.rules';
import { buildStudentBiodataSchema, type StudentBiodata } from '@lms/contract/student-biodata.schema';
import { useToasts } from '../../../components/toasts.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useSaveStudentBiodata, useStudentBiodata } from '../api/student-biodata.ts';

type FieldName =
  | 'nik'
  | 'tempat_lahir'
  | 'tanggal_lahir'
  | 'alamat'
  | 'telepon'
  | 'email'
  | 'nama_ayah'
  | 'tanggal_lahir_ayah'
  | 'nama_ibu'
  | 'tanggal_lahir_ibu';

type FormValues = Record<FieldName, string>;

const fieldNames: FieldName[] = [
  'nik',
  'tempat_lahir',
  'tanggal_lahir',
  'alamat',
  'telepon',
  'email',
  'nama_ayah',
  'tanggal_lahir_ayah',
  'nama_ibu',
  'tanggal_lahir_ibu',
];

/** Today on this device's calendar; the server checks again on its own date. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function valuesOf(data: StudentBiodata): FormValues {
  return Object.fromEntries(fieldNames.map((name) => [name, data[name] ?? ''])) as FormValues;
}

/**
 * Profil > Biodata: the student's NIK, birth, address, contact and parents, checked with spec 1's rules
 * (the contract's schema) before sending; editable only where the college allows it.
 */
export function BiodataForm() {
  const biodata = useStudentBiodata();
  const save = useSaveStudentBiodata();
  const { message, notification } = useToasts();
  const [form] = Form.useForm<FormValues>();
  const data = biodata.data;

  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [form, data]);

  if (biodata.isError) return <Alert type="error" showIcon title="Biodata tidak dapat dimuat." />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const canEdit = data.is_edit_mahasiswa;

  function showErrors(fields: { field: string; message: string }[]) {
    form.setFields(
      fieldNames.map((name) => ({
        name,
        errors: fields.filter((f) => f.field.replace(/^body\./, '') === name).map((f) => f.message),
      })),
    );
  }

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      disabled={!canEdit}
      style={{ maxWidth: 760 }}
      onFinish={async (values) => {
        const body = {
          ...values,
          nama_ayah: values.nama_ayah || null,
          nama_ibu: values.nama_ibu || null,
          tanggal_lahir_ayah: values.tanggal_lahir_ayah || null,
          tanggal_lahir_ibu: values.tanggal_lahir_ibu || null,
        };
        const checked = buildStudentBiodataSchema(localToday()).safeParse(body);
        if (!checked.success) {
          showErrors(checked.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message })));
          return;
        }
        showErrors([]);
        try {
          await save.mutateAsync(body);
          void message.success('Biodata berhasil disimpan.');
        } catch (error) {
          const fields = (
            normalizeApiError(error).detail as { fields?: { field: string; message: string }[] }
          )?.fields;
          if (fields?.length) showErrors(fields);
          else notification.error({ title: (error as Error).message, placement: 'bottom' });
        }
      }}
    >
      {canEdit ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Biodata hanya dapat dilihat. Perguruan tinggi belum mengizinkan mahasiswa mengubah biodata."
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="nik" label="NIK" extra={`Minimal ${minimumNikLength} angka, sesuai KTP/KK.`}>
            <Input inputMode="numeric" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="Email">
            <Input type="email" maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tempat_lahir" label="Tempat Lahir">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="tanggal_lahir"
            label="Tanggal Lahir"
            extra={`Usia minimal ${minimumStudentAge} tahun.`}
          >
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="telepon" label="Telepon" extra="Diawali 0, minimal 10 karakter.">
            <Input inputMode="tel" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="alamat" label="Alamat">
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>Orang Tua</Typography.Title>
      <Typography.Paragraph type="secondary">
        Boleh dikosongkan. Usia orang tua minimal {minimumParentAge} tahun.
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="nama_ayah" label="Nama Ayah">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tanggal_lahir_ayah" label="Tanggal Lahir Ayah">
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nama_ibu" label="Nama Ibu">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tanggal_lahir_ibu" label="Tanggal Lahir Ibu">
            <Input type="date" />
          </Form.Item>
        </Col>
      </Row>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Simpan Biodata
        </Button>
      ) : null}
    </Form>
  );
}
