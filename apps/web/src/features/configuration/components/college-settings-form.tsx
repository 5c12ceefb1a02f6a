import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { CollegeSettings } from '@lms/contract/college-settings.schema';
import {
  colorModeLabels,
  colorModes,
  collegeTimeZoneLabels,
  collegeTimeZones,
  restrictedExamKindLabels,
  restrictedExamKinds,
  uploadFileKindLabels,
  uploadFileKinds,
} from '@lms/contract/college-settings.rules';
import { rangeRule } from '@lms/contract/number-range.rules';
import { maxBankQuestionsCeiling } from '@lms/contract/question-bank.rules';
import { useSaveCollegeSettings } from '../api/save-college-settings.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';

const half = { xs: 24, md: 12 };

/*
 * The numbers have rules, not InputNumber min/max: antd would change 150 % to 100 % or 0 MB to 0.01 MB
 * on blur and save what the operator did not type (issue 45). The messages are the server's.
 */
const uploadLimitRules = [
  {
    validator: async (_: unknown, value: number | null | undefined) => {
      if (typeof value === 'number' && value <= 0) throw new Error('Batas ukuran harus lebih dari 0 MB.');
    },
  },
  { type: 'number' as const, max: 1024, message: 'Maksimal 1024 MB.' },
];
const third = { xs: 24, sm: 12, lg: 8 };
const requiredRule = { required: true, message: 'Harap isi bidang ini' };

/** A switch row: the label beside the control, wrapping on phones. */
function SwitchItem({ name, label }: { name: (string | number)[]; label: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" style={{ marginBottom: 12 }}>
      <Switch checkedChildren="Ya" unCheckedChildren="Tidak" />
    </Form.Item>
  );
}

/** A card of half the width on a wide screen, as tall as its neighbour. */
function HalfCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col {...half}>
      <Card title={title} size="small" style={{ height: '100%' }}>
        {children}
      </Card>
    </Col>
  );
}

/** The requirements of a lecturer's attendance shared by online and offline meetings. */
function LecturerMeetingSwitches({
  group,
}: {
  group: 'syarat_kehadiran_online_dosen' | 'syarat_kehadiran_offline_dosen';
}) {
  return (
    <>
      <SwitchItem name={['pengaturan_kelas', group, 'mulai_kuliah']} label="Dosen memulai kuliah" />
      <SwitchItem name={['pengaturan_kelas', group, 'akhiri_kuliah']} label="Dosen mengakhiri kuliah" />
      <SwitchItem name={['pengaturan_kelas', group, 'aktivitas_kuliah']} label="Ada aktivitas kuliah" />
    </>
  );
}

/**
 * The college settings of spec 1 §3 (Konfigurasi): time zone, colour mode, SIAKAD address, upload
 * limits per file kind, student online-attendance requirements, exam resume, meeting rescheduling,
 * the QR-code rule, the access restrictions and lecturer attendance (kehadiran dosen). Read-only without write on konfigurasi.
 */
export function CollegeSettingsForm({
  settings,
  canWrite,
}: {
  settings: CollegeSettings;
  canWrite: boolean;
}) {
  const { message } = useToasts();
  const [form] = Form.useForm<CollegeSettings>();
  const save = useSaveCollegeSettings();
  // What the form held when the settings were (re)loaded or saved: typed values that differ are unsaved.
  const saved = useRef('');
  const [dirty, setDirty] = useState(false);

  const showSaved = () => {
    form.resetFields();
    form.setFieldsValue(settings);
    saved.current = JSON.stringify(form.getFieldsValue());
    setDirty(false);
  };
  // A new answer (loaded, or saved: the save puts the server's answer in the cache) is what is saved.
  const [shown, setShown] = useState(settings);
  if (shown !== settings) {
    setShown(settings);
    setDirty(false);
  }
  useEffect(() => {
    form.setFieldsValue(settings);
    saved.current = JSON.stringify(form.getFieldsValue());
  }, [form, settings]);

  return (
    <Form<CollegeSettings>
      form={form}
      layout="vertical"
      initialValues={settings}
      disabled={!canWrite}
      onValuesChange={() => setDirty(JSON.stringify(form.getFieldsValue()) !== saved.current)}
      onFinish={async (values) => {
        try {
          await save.mutateAsync(values);
          saved.current = JSON.stringify(form.getFieldsValue());
          setDirty(false);
          void message.success('Konfigurasi berhasil disimpan.');
        } catch (error) {
          void message.error((error as Error).message);
        }
      }}
    >
      {canWrite ? null : (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message="Anda hanya dapat melihat konfigurasi."
        />
      )}
      <Row gutter={[16, 16]}>
        <HalfCard title="Sistem">
          <Form.Item name={['pengaturan_sistem', 'time_zone']} label="Zona Waktu">
            <Select
              options={collegeTimeZones.map((zone) => ({
                value: zone,
                label: `${collegeTimeZoneLabels[zone]} (${zone})`,
              }))}
            />
          </Form.Item>
          <Form.Item name={['pengaturan_sistem', 'color_mode']} label="Mode Warna">
            <Select options={colorModes.map((mode) => ({ value: mode, label: colorModeLabels[mode] }))} />
          </Form.Item>
          <Form.Item
            name={['pengaturan_sistem', 'url_sikad_legacy']}
            label="Alamat SIAKAD"
            rules={[{ type: 'url', message: 'Alamat SIAKAD harus URL http(s).' }]}
            normalize={(value: string) => value || null}
          >
            <Input placeholder="https://siakad.kampus.ac.id" inputMode="url" />
          </Form.Item>
        </HalfCard>
        <HalfCard title="Kelas, Ujian dan Kehadiran">
          <SwitchItem
            name={['pengaturan_kelas', 'akses_resume_ujian', 'tampilkan_soal']}
            label="Tampilkan soal pada resume ujian"
          />
          <SwitchItem
            name={['pengaturan_kelas', 'ubah_jadwal_pertemuan', 'online']}
            label="Dosen boleh mengubah jadwal pertemuan online"
          />
          <SwitchItem
            name={['pengaturan_kelas', 'ubah_jadwal_pertemuan', 'offline']}
            label="Dosen boleh mengubah jadwal pertemuan offline dan campuran"
          />
          <SwitchItem name={['aturan_qr_code', 'status']} label="Presensi dengan kode QR" />
          <SwitchItem
            name={['pengaturan_mahasiswa', 'is_edit_mahasiswa']}
            label="Mahasiswa dapat mengubah biodata"
          />
          <Form.Item
            name={['bank_soal', 'maks_soal']}
            label="Jumlah soal maksimal per bank soal"
            rules={[requiredRule, rangeRule(1, maxBankQuestionsCeiling)]}
          >
            <InputNumber suffix="soal" precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name={['pengaturan_kelas', 'pengingat_jam']}
            label="Pengingat sebelum tenggat/ujian (jam)"
            rules={[requiredRule, rangeRule(1, 168)]}
          >
            <InputNumber suffix="jam" precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </HalfCard>
        <Col span={24}>
          <Card title="Batas Ukuran Unggahan" size="small">
            <Row gutter={16}>
              {uploadFileKinds.map((kind) => (
                <Col key={kind} {...third}>
                  <Form.Item
                    name={['pengaturan_sistem', 'ukuran_max_file', kind]}
                    label={uploadFileKindLabels[kind]}
                    rules={[requiredRule, ...uploadLimitRules]}
                  >
                    <InputNumber step={0.5} suffix="MB" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ))}
              <Col {...third}>
                <Form.Item
                  name={['pengaturan_sistem', 'ukuran_max_materi_luring']}
                  label="Ukuran maksimal materi luring (MB)"
                  rules={[requiredRule, ...uploadLimitRules]}
                >
                  <InputNumber step={10} suffix="MB" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
        <HalfCard title="Syarat Kehadiran Online Mahasiswa">
          {(
            [
              ['terlambat_vidcon_menit', 'Batas terlambat vidcon', 'menit', 240],
              ['video_persen', 'Video ditonton', '%', 100],
              ['audio_persen', 'Audio didengarkan', '%', 100],
              ['ebook_detik', 'Waktu membaca e-book', 'detik', 3600],
              ['presentase_progress_minimal_persen', 'Progres minimal', '%', 100],
            ] as const
          ).map(([key, label, unit, max]) => (
            <Form.Item
              key={key}
              name={['pengaturan_kelas', 'syarat_kehadiran_online_mahasiswa', key]}
              label={label}
              rules={[requiredRule, rangeRule(0, max)]}
            >
              <InputNumber suffix={unit} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </HalfCard>
        <HalfCard title="Pembatasan Akses">
          <SwitchItem
            name={['pembatasan_akses', 'tunggakan_biaya', 'aktif']}
            label="Batasi mahasiswa yang memiliki tunggakan biaya"
          />
          <SwitchItem
            name={['pembatasan_akses', 'kehadiran_ujian', 'aktif']}
            label="Syarat kehadiran minimal untuk ujian"
          />
          <Form.Item
            name={['pembatasan_akses', 'kehadiran_ujian', 'persen_minimal']}
            label="Kehadiran minimal"
            rules={[rangeRule(0, 100)]}
          >
            <InputNumber suffix="%" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name={['pembatasan_akses', 'kehadiran_ujian', 'berlaku_untuk']} label="Berlaku untuk">
            <Checkbox.Group
              options={restrictedExamKinds.map((kind) => ({
                value: kind,
                label: restrictedExamKindLabels[kind],
              }))}
            />
          </Form.Item>
        </HalfCard>
        <Col span={24}>
          <Card title="Kehadiran Dosen" size="small">
            <Row gutter={16}>
              <Col {...third}>
                <div style={{ fontWeight: 600, marginBottom: 8 }}>Syarat pertemuan online</div>
                <LecturerMeetingSwitches group="syarat_kehadiran_online_dosen" />
                <SwitchItem
                  name={['pengaturan_kelas', 'syarat_kehadiran_online_dosen', 'presentase_kehadiran_kelas']}
                  label="Kehadiran peserta kelas minimal"
                />
                <Form.Item
                  name={[
                    'pengaturan_kelas',
                    'syarat_kehadiran_online_dosen',
                    'presentase_kehadiran_kelas_persen',
                  ]}
                  label="Persentase kehadiran peserta kelas"
                  rules={[rangeRule(0, 100)]}
                >
                  <InputNumber suffix="%" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <div style={{ fontWeight: 600, marginBottom: 8 }}>Syarat pertemuan offline dan campuran</div>
                <LecturerMeetingSwitches group="syarat_kehadiran_offline_dosen" />
              </Col>
              <Col {...third}>
                <SwitchItem
                  name={['pengaturan_kelas', 'validasi_kehadiran_dosen']}
                  label="Kehadiran dosen divalidasi operator"
                />
                <Form.Item
                  name={['pengaturan_kelas', 'tampil_tombol_presensi_dosen', 'mulai']}
                  label="Tombol presensi dosen tampil setelah pertemuan dimulai"
                  rules={[requiredRule, rangeRule(0, 240)]}
                >
                  <InputNumber suffix="menit" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      {canWrite ? (
        <div style={{ marginTop: 16, display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
          {dirty ? <Button onClick={showSaved}>Batalkan Perubahan</Button> : null}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Simpan Konfigurasi
          </Button>
        </div>
      ) : null}
      <UnsavedChangesPrompt when={canWrite && dirty} />
    </Form>
  );
}
