import type { ReactNode } from 'react';
import { Button, DatePicker, Form, Modal, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { ApiError } from '../lib/api-error.ts';
import { fromPickerValue, pickerFormat, toPickerValue, wholeMinutePickerValue } from '../lib/date.ts';
import { modalWidth } from '../lib/layout-constants.ts';
import { serverNow } from '../lib/server-clock.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import type { ContentFormMeeting } from './meeting-content-list.tsx';
import { useToasts } from './toasts.tsx';

// The parts the forms of a meeting's content (material, task, exam, forum, vidcon) share: the modal, the
// meeting's time fields, the footer and the handling of the server's field errors. Each kind's form keeps
// its own fields and rules.

/** A content form's modal: 800 px (or `width`), 90% on phones; the form is mounted only while open. */
export function ContentFormModal({
  open,
  title,
  width,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={title}
      width={width === undefined || isPhone ? modalWidth('default', isPhone) : width}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? children : null}
    </Modal>
  );
}

/** The fields of a content form about its meeting and time, as the form holds them. */
export interface ContentTimeValues {
  id_pertemuan?: string;
  waktu_mulai?: dayjs.Dayjs | null;
  waktu_selesai?: dayjs.Dayjs | null;
}

/** A stored item's meeting and times, for its edit form. */
export function storedTimeValues(
  item: { id_pertemuan: string; waktu_mulai: string; waktu_selesai: string },
  timeZone: string,
): ContentTimeValues {
  return {
    id_pertemuan: item.id_pertemuan,
    waktu_mulai: toPickerValue(item.waktu_mulai, timeZone),
    waktu_selesai: toPickerValue(item.waktu_selesai, timeZone),
  };
}

/** A new item starts at its meeting's times for lecturers; operators pick the meeting and the times. */
export function meetingTimeValues(meeting: ContentFormMeeting): ContentTimeValues {
  return {
    id_pertemuan: meeting.fixed ? meeting.id : undefined,
    waktu_mulai: meeting.fixed ? toPickerValue(meeting.waktu_mulai, meeting.timeZone) : null,
    waktu_selesai: meeting.fixed ? toPickerValue(meeting.waktu_selesai, meeting.timeZone) : null,
  };
}

/** A picked time as the API takes it (an instant), or null when none is picked. */
export function pickedTime(value: dayjs.Dayjs | null | undefined, timeZone: string): string | null {
  return value ? fromPickerValue(value, timeZone) : null;
}

/** Dates before yesterday cannot be picked (spec 2 §5, spec 3 §5), by the server's clock. */
export function beforeYesterday(day: dayjs.Dayjs): boolean {
  return day.isBefore(dayjs(serverNow()).subtract(1, 'day').startOf('day'));
}

/** One of the two time fields: its rules and what a kind changes of its picker. */
export interface TimeFieldOptions {
  rules?: Rule[];
  extra?: ReactNode;
  disabled?: boolean;
  disabledDate?: (day: dayjs.Dayjs) => boolean;
}

/**
 * Waktu Mulai and Waktu Selesai side by side (one under the other on phones); the end is checked again
 * when the start changes. `wholeMinutes` drops the seconds the picker's Now button keeps.
 */
export function ContentTimeFields({
  start = {},
  end = {},
  wholeMinutes = false,
}: {
  start?: TimeFieldOptions;
  end?: TimeFieldOptions;
  wholeMinutes?: boolean;
}) {
  const normalize = wholeMinutes ? wholeMinutePickerValue : undefined;
  const field = (name: 'waktu_mulai' | 'waktu_selesai', options: TimeFieldOptions) => (
    <Form.Item
      name={name}
      label={name === 'waktu_mulai' ? 'Waktu Mulai' : 'Waktu Selesai'}
      style={{ flex: '1 1 220px' }}
      normalize={normalize}
      dependencies={name === 'waktu_selesai' ? ['waktu_mulai'] : undefined}
      extra={options.extra}
      rules={options.rules}
    >
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format={pickerFormat}
        disabled={options.disabled}
        disabledDate={options.disabledDate}
        style={{ width: '100%' }}
        placeholder={name === 'waktu_mulai' ? 'Pilih waktu mulai' : 'Pilih waktu selesai'}
      />
    </Form.Item>
  );
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      {field('waktu_mulai', start)}
      {field('waktu_selesai', end)}
    </div>
  );
}

/** A rich text field's rule: some text beyond the markup. */
export function richTextRequired(message: string): Rule {
  return {
    validator: async (_, value: string | undefined) => {
      if (!value || !value.replace(/<[^>]*>/g, '').trim()) throw new Error(message);
    },
  };
}

/** Batal and Simpan (or `saveText`) at the end of a content form. */
export function ContentFormFooter({
  onCancel,
  onSave,
  saving,
  saveText = 'Simpan',
}: {
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  saveText?: string;
}) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
      <Button onClick={onCancel}>Batal</Button>
      <Button type="primary" loading={saving} onClick={onSave}>
        {saveText}
      </Button>
    </div>
  );
}

/** A content form's failure toast, at the bottom (spec 2 §8). */
export function useFormErrorToast(duration?: number) {
  const { notification } = useToasts();
  return (title: string) =>
    notification.error({ title, placement: 'bottom', ...(duration === undefined ? {} : { duration }) });
}

/** A field the server refused, with its message (the 400 answer's `fields`). */
export interface ServerFieldError {
  field: string;
  message: string;
}

/** The fields a refused save names, if it names any. */
export function serverFieldErrors(error: unknown): ServerFieldError[] | undefined {
  return error instanceof ApiError
    ? (error.detail as { fields?: ServerFieldError[] } | null | undefined)?.fields
    : undefined;
}

/** Shows the server's messages under their fields. */
export function showFieldErrors<Values>(
  form: FormInstance<Values>,
  errors: readonly ServerFieldError[],
): void {
  form.setFields(errors.map((e) => ({ name: e.field as never, errors: [e.message] })));
}

/** The form's values once its rules pass; otherwise the toast Pengisian Data Belum Lengkap! and null. */
export async function validatedValues<Values>(
  form: FormInstance<Values>,
  toast: (title: string) => void,
): Promise<Values | null> {
  try {
    return await form.validateFields();
  } catch {
    toast('Pengisian Data Belum Lengkap!');
    return null;
  }
}
