import { useState } from 'react';
import { Card, Checkbox, DatePicker, Modal, Space, Switch, Typography } from 'antd';
import type dayjs from 'dayjs';
import {
  lecturerAttendanceMessages,
  validateLecturerAttendance,
  type LecturerAttendanceFieldError,
} from '@lms/contract/lecturer-attendance.rules';
import type { LecturerAttendanceInfo, LecturerAttendanceRow } from '@lms/contract/lecturer-attendance.schema';
import { fromPickerValue, pickerFormat, toPickerValue } from '../../../lib/date.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useUpdateLecturerAttendance } from '../api/update-lecturer-attendance.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** One lecturer's values in the form. */
interface Draft {
  is_hadir: boolean;
  mulai: dayjs.Dayjs | null;
  selesai: dayjs.Dayjs | null;
  is_valid: boolean;
  /** A lecturer without presence is recorded absent only when the operator says so. */
  catat_tidak_hadir: boolean;
}

function draftOf(row: LecturerAttendanceRow, timeZone: string): Draft {
  return {
    is_hadir: row.is_hadir,
    mulai: toPickerValue(row.mulai_kuliah, timeZone),
    selesai: toPickerValue(row.selesai_kuliah, timeZone),
    is_valid: row.is_valid,
    catat_tidak_hadir: false,
  };
}

/** Whether the form holds other values than the lecturer's stored attendance. */
function isChanged(row: LecturerAttendanceRow, draft: Draft, timeZone: string): boolean {
  const stored = draftOf(row, timeZone);
  const same = (a: dayjs.Dayjs | null, b: dayjs.Dayjs | null) => (a && b ? a.isSame(b, 'minute') : a === b);
  return (
    draft.catat_tidak_hadir ||
    draft.is_hadir !== stored.is_hadir ||
    draft.is_valid !== stored.is_valid ||
    !same(draft.mulai, stored.mulai) ||
    !same(draft.selesai, stored.selesai)
  );
}

/**
 * "Ubah Kehadiran Pengajar" (operators with write, spec 2 §6): per lecturer a Hadir switch, the start and
 * end pickers (absent clears them) and, while the college validates, a validation box. Saving sends one
 * call per changed lecturer and toasts "Berhasil mengubah kehadiran dosen", or the server's message.
 */
export function LecturerAttendanceModal({
  meetingId,
  timeZone,
  rows,
  info,
  open,
  onClose,
}: {
  meetingId: string;
  timeZone: string;
  rows: LecturerAttendanceRow[];
  info: LecturerAttendanceInfo;
  open: boolean;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const { message, notification } = useToasts();
  const update = useUpdateLecturerAttendance(meetingId);
  const [drafts, setDrafts] = useState(() =>
    Object.fromEntries(rows.map((r) => [r.pengajar.id_dosen, draftOf(r, timeZone)])),
  );
  const [errors, setErrors] = useState<Record<string, LecturerAttendanceFieldError[]>>({});
  const [saving, setSaving] = useState(false);

  const change = (id: string, patch: Partial<Draft>) =>
    setDrafts((all) => {
      const next = { ...all[id]!, ...patch };
      // Spec 2 §4: toggling a lecturer to absent clears their start and end times.
      if (patch.is_hadir === false) Object.assign(next, { mulai: null, selesai: null });
      if (patch.is_hadir === true) next.catat_tidak_hadir = false;
      return { ...all, [id]: next };
    });

  const save = async () => {
    const found: Record<string, LecturerAttendanceFieldError[]> = {};
    for (const row of rows) {
      const d = drafts[row.pengajar.id_dosen]!;
      const list = validateLecturerAttendance(
        {
          is_hadir: d.is_hadir,
          mulai_kuliah: d.mulai?.toDate() ?? null,
          selesai_kuliah: d.selesai?.toDate() ?? null,
        },
        row.pengajar.nama_lengkap,
      );
      if (list.length) found[row.pengajar.id_dosen] = list;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    // Only lecturers whose values changed are sent: a lecturer without presence stays without it.
    const changed = rows.filter((row) => isChanged(row, drafts[row.pengajar.id_dosen]!, timeZone));
    if (changed.length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      for (const row of changed) {
        const d = drafts[row.pengajar.id_dosen]!;
        await update.mutateAsync({
          dosenId: row.pengajar.id_dosen,
          input: {
            is_hadir: d.is_hadir,
            mulai_kuliah: d.is_hadir && d.mulai ? fromPickerValue(d.mulai, timeZone) : null,
            selesai_kuliah: d.is_hadir && d.selesai ? fromPickerValue(d.selesai, timeZone) : null,
            ...(info.validasi_aktif ? { is_valid: d.is_valid } : {}),
          },
        });
      }
      void message.success(lecturerAttendanceMessages.saved);
      onClose();
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    } finally {
      setSaving(false);
      void update.refresh();
    }
  };

  return (
    <Modal
      open={open}
      title="Ubah Kehadiran Pengajar"
      width={modalWidth('default', isPhone)}
      okText="Simpan"
      cancelText="Batal"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {rows.map((row) => {
          const id = row.pengajar.id_dosen;
          const d = drafts[id]!;
          const fieldError = (field: string) => errors[id]?.find((e) => e.field === field)?.message;
          return (
            <Card size="small" key={id} title={row.pengajar.nama_lengkap} data-testid="ubah-kehadiran-dosen">
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <Space>
                  <Switch
                    checked={d.is_hadir}
                    onChange={(is_hadir) => change(id, { is_hadir })}
                    aria-label={`Hadir ${row.pengajar.nama_lengkap}`}
                  />
                  <span>
                    {d.is_hadir ? 'Hadir' : row.ada_presensi ? 'Tidak Hadir' : 'Belum ada presensi'}
                  </span>
                </Space>
                {!row.ada_presensi && !d.is_hadir ? (
                  <Checkbox
                    checked={d.catat_tidak_hadir}
                    onChange={(e) => change(id, { catat_tidak_hadir: e.target.checked })}
                  >
                    Catat Tidak Hadir
                  </Checkbox>
                ) : null}
                <div style={{ display: 'flex', gap: 12, flexDirection: isPhone ? 'column' : 'row' }}>
                  <label style={{ flex: 1 }}>
                    <div>Mulai Kuliah</div>
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format={pickerFormat}
                      value={d.mulai}
                      disabled={!d.is_hadir}
                      onChange={(mulai) => change(id, { mulai })}
                      placeholder="Pilih waktu mulai"
                      status={fieldError('mulai_kuliah') ? 'error' : undefined}
                      style={{ width: '100%' }}
                    />
                    {fieldError('mulai_kuliah') ? (
                      <Typography.Text type="danger">{fieldError('mulai_kuliah')}</Typography.Text>
                    ) : null}
                  </label>
                  <label style={{ flex: 1 }}>
                    <div>Akhiri Kuliah</div>
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format={pickerFormat}
                      value={d.selesai}
                      disabled={!d.is_hadir}
                      onChange={(selesai) => change(id, { selesai })}
                      placeholder="Pilih waktu selesai"
                      status={fieldError('selesai_kuliah') ? 'error' : undefined}
                      style={{ width: '100%' }}
                    />
                    {fieldError('selesai_kuliah') ? (
                      <Typography.Text type="danger">{fieldError('selesai_kuliah')}</Typography.Text>
                    ) : null}
                  </label>
                </div>
                {info.validasi_aktif ? (
                  <Checkbox checked={d.is_valid} onChange={(e) => change(id, { is_valid: e.target.checked })}>
                    Kehadiran valid
                  </Checkbox>
                ) : null}
              </Space>
            </Card>
          );
        })}
      </Space>
    </Modal>
  );
}
