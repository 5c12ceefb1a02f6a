import { DatePicker, Form, Radio } from 'antd';
import type dayjs from 'dayjs';
import { materialMessages } from '@lms/contract/material.rules';
import { fromPickerValue, pickerFormat } from '../../../lib/date.ts';

// The parts both tabs of the material form use (Upload Materi Baru in material-form-modal.tsx, Salin
// Materi Kelas Lain in material-copy-tab.tsx): here, so neither tab imports the other's file.

/** The schedule fields' values: show now or later, and the attendance requirement with its deadline. */
export interface MaterialScheduleValues {
  tampil: 'sekarang' | 'nanti';
  waktu_mulai_tampil?: dayjs.Dayjs | null;
  is_syarat_hadir: boolean;
  deadline?: dayjs.Dayjs | null;
}

/** Show now or later, and the attendance requirement with its deadline. */
export function MaterialScheduleFields({ online }: { online: boolean }) {
  const tampil = Form.useWatch<MaterialScheduleValues['tampil']>('tampil');
  const required = Form.useWatch<boolean>('is_syarat_hadir');
  return (
    <>
      <Form.Item name="tampil" label="Tampilkan Materi">
        <Radio.Group
          options={[
            { value: 'sekarang', label: 'Tampilkan Sekarang' },
            { value: 'nanti', label: 'Atur Waktu Tampil' },
          ]}
        />
      </Form.Item>
      {tampil === 'nanti' ? (
        <Form.Item
          name="waktu_mulai_tampil"
          label="Tanggal & Jam Mulai Tampil"
          rules={[{ required: true, message: materialMessages.tampilRequired }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            style={{ width: '100%' }}
            placeholder="Pilih waktu"
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="is_syarat_hadir"
        label="Syarat Kehadiran"
        extra={online ? undefined : 'Syarat kehadiran hanya untuk pertemuan online.'}
      >
        <Radio.Group
          disabled={!online}
          options={[
            { value: true, label: 'Ya' },
            { value: false, label: 'Tidak' },
          ]}
        />
      </Form.Item>
      {online && required ? (
        <Form.Item
          name="deadline"
          label="Batas Waktu Kehadiran"
          rules={[{ required: true, message: materialMessages.deadlineRequired }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            style={{ width: '100%' }}
            placeholder="Pilih batas waktu"
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** The schedule part of a form as the rules and the API take it. */
export function scheduleOf(values: MaterialScheduleValues, timeZone: string, online: boolean) {
  const later = values.tampil === 'nanti' && values.waktu_mulai_tampil;
  const required = online && values.is_syarat_hadir;
  return {
    tampil_sekarang: values.tampil !== 'nanti',
    waktu_mulai_tampil: later ? fromPickerValue(values.waktu_mulai_tampil!, timeZone) : null,
    is_syarat_hadir: required,
    deadline: required && values.deadline ? fromPickerValue(values.deadline, timeZone) : null,
  };
}
