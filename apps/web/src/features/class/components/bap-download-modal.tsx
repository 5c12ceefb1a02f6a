import { useState } from 'react';
import { Alert, Checkbox, Modal, Radio, Select, Space, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { bapMessages, bapSignatureTooltip, type BapReportKind } from '@lms/contract/bap.rules';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import type { BapOptions } from '../api/download-class-bap.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** A teacher an operator may choose (the class's pengajar). */
export interface BapTeacherOption {
  id: string;
  nama: string;
}

const wholeClass = '';

/**
 * The BAP download modal (600 px, spec 2 "Attendance reports"): lecturers choose Laporan Kelas or Laporan
 * Saya, others the whole class or one teacher; three include options with the signature tooltip. `download`
 * does the request; the modal stays open with the error when it fails.
 */
export function BapDownloadModal({
  open,
  title,
  subtitle,
  isLecturer,
  teachers,
  download,
  onClose,
}: {
  open: boolean;
  title: string;
  subtitle: string;
  isLecturer: boolean;
  /** Operators' teacher choice; none for the period's zip. */
  teachers?: BapTeacherOption[];
  download(options: BapOptions): Promise<string>;
  onClose(): void;
}) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const [own, setOwn] = useState(false);
  const [teacher, setTeacher] = useState(wholeClass);
  const [kelas, setKelas] = useState(true);
  const [detail, setDetail] = useState(false);
  const [signature, setSignature] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noPart = !kelas && !detail;
  const kind: BapReportKind = isLecturer ? (own ? 'saya' : 'kelas') : teacher ? 'pengajar' : 'kelas';

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const name = await download({
        include_laporan_kelas: kelas,
        include_laporan_pertemuan_detail: detail,
        include_tanda_tangan: signature,
        laporan_saya: isLecturer && own,
        ...(!isLecturer && teacher ? { id_pengajar: teacher } : {}),
      });
      void message.success(`${name} berhasil diunduh`);
      onClose();
    } catch (failure) {
      setError(normalizeApiError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={modalWidth('base', isPhone)}
      centered
      okText="Unduh"
      cancelText="Batal"
      okButtonProps={{ disabled: noPart }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {isLecturer ? (
          <div role="group" aria-labelledby="bap-jenis">
            <Typography.Text strong id="bap-jenis">
              Jenis Laporan
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                value={own ? 'saya' : 'kelas'}
                onChange={(e) => setOwn(e.target.value === 'saya')}
                options={[
                  { value: 'kelas', label: 'Laporan Kelas' },
                  { value: 'saya', label: 'Laporan Saya' },
                ]}
              />
            </div>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
              {own
                ? 'Hanya pertemuan yang Anda hadiri dan telah divalidasi operator.'
                : 'Semua pertemuan yang telah dilaksanakan di kelas.'}
            </Typography.Text>
          </div>
        ) : teachers ? (
          <div>
            <Typography.Text strong id="bap-pengajar">
              Pengajar
            </Typography.Text>
            <Select
              aria-labelledby="bap-pengajar"
              style={{ width: '100%', marginTop: 8 }}
              value={teacher}
              onChange={setTeacher}
              options={[
                { value: wholeClass, label: 'Semua pengajar (Laporan Kelas)' },
                ...teachers.map((t) => ({ value: t.id, label: t.nama })),
              ]}
            />
          </div>
        ) : null}
        <div role="group" aria-labelledby="bap-isi">
          <Typography.Text strong id="bap-isi" style={{ display: 'block' }}>
            Isi Laporan
          </Typography.Text>
          <Space orientation="vertical" style={{ marginTop: 8, display: 'flex' }}>
            <Checkbox checked={kelas} onChange={(e) => setKelas(e.target.checked)}>
              Sertakan Laporan Kelas
            </Checkbox>
            <Checkbox checked={detail} onChange={(e) => setDetail(e.target.checked)}>
              Sertakan Laporan Detail Pertemuan
            </Checkbox>
            <Space size={6}>
              <Checkbox checked={signature} onChange={(e) => setSignature(e.target.checked)}>
                Sertakan Tanda Tangan
              </Checkbox>
              <Tooltip title={bapSignatureTooltip({ callerIsLecturer: isLecturer, kind })}>
                <InfoCircleOutlined
                  role="img"
                  aria-label={bapSignatureTooltip({ callerIsLecturer: isLecturer, kind })}
                  tabIndex={0}
                  style={{ color: '#1677ff' }}
                />
              </Tooltip>
            </Space>
          </Space>
        </div>
        {noPart ? <Alert type="warning" showIcon title={bapMessages.noReportPart} /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Space>
    </Modal>
  );
}
