import { Form, Input, InputNumber, Radio, Typography } from 'antd';
import { gradeIntegrationMessages, type GradeIntegrationInput } from '@lms/contract/grade.schema';
import {
  useGradeIntegrationSettings,
  type GradeIntegrationSettingsData,
} from '../api/get-grade-integration-settings.ts';
import { useSaveGradeIntegrationSettings } from '../api/save-grade-integration-settings.ts';
import { SettingsForm } from '../../../components/settings-form.tsx';
import { useToasts } from '../../../components/toasts.tsx';

interface FormValues {
  pelaku: 'dosen' | 'operator';
  jenis: 'demo' | 'http';
  url: string | null;
  batas_waktu_ms: number;
  /** Write-only: empty keeps the stored key. */
  kunci_rahasia?: string;
}

/** The form filled from the stored settings; the key is never sent back, only whether one is stored. */
function valuesOf(data: GradeIntegrationSettingsData): FormValues {
  return {
    pelaku: data.pelaku,
    jenis: data.siakad.jenis,
    url: data.siakad.url,
    batas_waktu_ms: data.siakad.batas_waktu_ms,
  };
}

/**
 * Konfigurasi > Integrasi Nilai: the designated integrator (pelaku_integrasi_nilai, spec 3 §5: who may
 * choose the activities of a SIAKAD component) and which SIAKAD the college sends scores to. Read-only
 * without write on konfigurasi.
 */
export function GradeIntegrationForm({ canWrite }: { canWrite: boolean }) {
  const settings = useGradeIntegrationSettings();
  const save = useSaveGradeIntegrationSettings();
  const { message } = useToasts();
  const [form] = Form.useForm<FormValues>();
  const jenis = Form.useWatch('jenis', form);
  return (
    <SettingsForm<GradeIntegrationSettingsData, FormValues>
      settings={settings}
      loadFailedTitle="Pengaturan integrasi nilai tidak dapat dimuat."
      valuesOf={valuesOf}
      form={form}
      canWrite={canWrite}
      saving={save.isPending}
      readOnlyNote
      onSave={async (values) => {
        const body: GradeIntegrationInput = {
          pelaku: values.pelaku,
          siakad: {
            jenis: values.jenis,
            url: values.jenis === 'http' ? (values.url ?? null) : null,
            batas_waktu_ms: values.batas_waktu_ms,
            ...(values.jenis === 'http' && values.kunci_rahasia
              ? { kunci_rahasia: values.kunci_rahasia }
              : {}),
          },
        };
        await save.mutateAsync(body);
        form.setFieldValue('kunci_rahasia', undefined);
        void message.success(gradeIntegrationMessages.saved);
      }}
    >
      {(data) => (
        <>
          <Form.Item
            name="pelaku"
            label="Pelaku Integrasi Nilai"
            extra="Peran yang mengatur komponen nilai Siakad: memilih aktivitas LMS yang membentuk tiap komponen."
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'dosen', label: 'Dosen' },
                { value: 'operator', label: 'Operator' },
              ]}
            />
          </Form.Item>
          <Form.Item name="jenis" label="Siakad Tujuan">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'demo', label: 'Siakad Demo' },
                { value: 'http', label: 'Siakad HTTP' },
              ]}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            {jenis === 'http'
              ? 'Nilai dikirim ke Siakad perguruan tinggi di alamat berikut; setiap permintaan ditandatangani dengan kunci rahasia yang juga disimpan di Siakad. Alamat harus berada pada host yang diizinkan pengelola server. Bila Siakad tidak dapat dihubungi atau menolak, pengguna melihat penyebabnya.'
              : 'Siakad Demo dilayani oleh server LMS sendiri: operator dapat membuka dan menutup waktu entri, mengunci kelas, dan mengubah nilai di Siakad dari halaman Rekap Nilai Kelas.'}
          </Typography.Paragraph>
          {jenis === 'http' ? (
            <Form.Item
              name="url"
              label="Alamat Siakad"
              rules={[
                { required: true, message: gradeIntegrationMessages.urlRequired },
                { type: 'url', message: gradeIntegrationMessages.urlInvalid },
                {
                  pattern: /^https?:\/\//i,
                  message: gradeIntegrationMessages.urlInvalid,
                },
              ]}
            >
              <Input placeholder="https://siakad.kampus.ac.id/api" maxLength={500} />
            </Form.Item>
          ) : null}
          {jenis === 'http' ? (
            <Form.Item
              name="kunci_rahasia"
              label="Kunci Rahasia Siakad"
              extra={
                data.siakad.kunci_rahasia_tersimpan
                  ? 'Kunci tersimpan dan tidak ditampilkan. Isi hanya untuk menggantinya.'
                  : 'Kunci untuk menandatangani permintaan ke Siakad (32 sampai 200 karakter).'
              }
              rules={[
                {
                  required: !data.siakad.kunci_rahasia_tersimpan,
                  message: gradeIntegrationMessages.secretRequired,
                },
                { min: 32, max: 200, message: gradeIntegrationMessages.secretLength },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={200} />
            </Form.Item>
          ) : null}
          <Form.Item
            name="batas_waktu_ms"
            label="Batas Waktu Permintaan (milidetik)"
            rules={[
              {
                required: true,
                type: 'number',
                min: 100,
                max: 120_000,
                message: gradeIntegrationMessages.timeoutRange,
              },
            ]}
          >
            <InputNumber min={100} max={120_000} step={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
