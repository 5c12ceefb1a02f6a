import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Select, Skeleton, Typography } from 'antd';
import { bapMessages, defaultSignatoryTitle } from '@lms/contract/bap.rules';
import { formatDateTime } from '../../../lib/date.ts';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useProgramSignatory } from '../api/get-program-signatory.ts';
import { useSaveProgramSignatory, type ProgramSignatoryBody } from '../api/save-program-signatory.ts';
import { useToasts } from '../../../components/toasts.tsx';

const numberRule = { pattern: /^[0-9 .-]*$/, message: 'NIDN/NIP hanya berisi angka' };

/**
 * Konfigurasi > Penandatangan Prodi: who signs a study program's attendance reports (BAP) as its head —
 * name with titles, position, NIDN and NIP. Operators with Data Master read see it; with write they change it.
 */
export function ProgramSignatoryForm({ canWrite }: { canWrite: boolean }) {
  const programs = useStudyPrograms();
  const [chosen, setProgramId] = useState<string | null>(null);
  // The first program is shown at once; the operator picks another from the list.
  const programId = chosen ?? programs.data?.[0]?.id ?? null;
  const signatory = useProgramSignatory(programId);
  const save = useSaveProgramSignatory();
  const timeZone = useTimeZone();
  const { message, notification } = useToasts();
  const [form] = Form.useForm<ProgramSignatoryBody>();

  useEffect(() => {
    const current = signatory.data;
    form.setFieldsValue({
      nama: current?.nama ?? '',
      jabatan: current?.jabatan ?? defaultSignatoryTitle,
      nidn: current?.nidn ?? '',
      nip: current?.nip ?? '',
    });
  }, [form, signatory.data, programId]);

  if (programs.isError) {
    return <Alert type="error" showIcon title="Daftar program studi tidak dapat dimuat." />;
  }
  return (
    <div style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">
        Penandatangan program studi menandatangani Berita Acara Perkuliahan (BAP) kelas-kelas mata kuliah
        program studi tersebut, bersama dosen pengampu.
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="Program Studi" htmlFor="penandatangan-prodi">
          <Select
            id="penandatangan-prodi"
            showSearch={{ optionFilterProp: 'label' }}
            loading={programs.isPending}
            value={programId ?? undefined}
            onChange={(value: string) => setProgramId(value)}
            options={(programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }))}
            placeholder="Pilih program studi"
          />
        </Form.Item>
      </Form>
      {!programId ? null : signatory.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : signatory.isError ? (
        <Alert type="error" showIcon title={signatory.error.message} />
      ) : (
        <>
          {signatory.data ? (
            <Descriptions
              size="small"
              column={1}
              style={{ marginBottom: 16 }}
              items={[
                {
                  key: 'kini',
                  label: 'Penandatangan saat ini',
                  children: `${signatory.data.nama} (${signatory.data.jabatan})`,
                },
                {
                  key: 'ubah',
                  label: 'Terakhir diubah',
                  children: formatDateTime(signatory.data.updated_at, timeZone),
                },
              ]}
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="Penandatangan belum ditetapkan"
              description="BAP kelas program studi ini mencetak “(belum ditetapkan)” pada blok tanda tangan."
            />
          )}
          <Form<ProgramSignatoryBody>
            form={form}
            layout="vertical"
            disabled={!canWrite}
            onFinish={async (values) => {
              try {
                await save.mutateAsync({ programId, body: values });
                void message.success('Penandatangan program studi tersimpan');
              } catch (error) {
                notification.error({ title: (error as Error).message, placement: 'bottom' });
              }
            }}
          >
            <Form.Item
              name="nama"
              label="Nama Lengkap dan Gelar"
              rules={[{ required: true, whitespace: true, message: bapMessages.signatoryNameRequired }]}
            >
              <Input maxLength={150} placeholder="Dr. Nama Lengkap, M.Kom." />
            </Form.Item>
            <Form.Item name="jabatan" label="Jabatan">
              <Input maxLength={100} placeholder={defaultSignatoryTitle} />
            </Form.Item>
            <Form.Item name="nidn" label="NIDN" rules={[numberRule]}>
              <Input maxLength={30} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="nip" label="NIP" rules={[numberRule]}>
              <Input maxLength={30} inputMode="numeric" />
            </Form.Item>
            {canWrite ? (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Simpan
              </Button>
            ) : (
              <Alert type="info" showIcon title="Anda hanya dapat melihat penandatangan." />
            )}
          </Form>
        </>
      )}
    </div>
  );
}
