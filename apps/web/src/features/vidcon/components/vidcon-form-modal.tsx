import { Alert, Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import {
  areVidconTimesLocked,
  validateVidconForm,
  vidconAppLabels,
  vidconApps,
  vidconDefaultLengthMs,
  vidconMessages,
} from '@lms/contract/vidcon.rules';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { MeetingField } from '../../../components/meeting-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { fromPickerValue, pickerFormat, toPickerValue } from '../../../lib/date.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveVidcon } from '../api/save-vidcon.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** What the vidcon form needs of the meeting it is opened on. */
export interface VidconMeeting {
  id: string;
  nomor: number;
  kelasId: string;
  waktu_mulai: string;
  waktu_selesai: string;
  timeZone: string;
  /** Lecturers add to this meeting; operators pick one (spec 2 §6). */
  fixed: boolean;
}

interface VidconFormValues {
  id_pertemuan?: string;
  judul?: string;
  aplikasi?: string;
  link?: string;
  catatan?: string;
  waktu_mulai?: dayjs.Dayjs | null;
  waktu_selesai?: dayjs.Dayjs | null;
}

/** The pickers allow from yesterday on (spec 2 §5), by the server's clock. */
function beforeYesterday(day: dayjs.Dayjs): boolean {
  return day.isBefore(dayjs(serverNow()).subtract(1, 'day').startOf('day'));
}

/**
 * The vidcon form of spec 2 §5: meeting (operators), title, application, link with the hint not to share
 * it, notes, start and end. A new start moves the end to an hour later; the pickers are locked once the
 * vidcon ended or runs with participants. Lecturers start from the meeting's time, operators from empty.
 */
export function VidconFormModal({
  open,
  meeting,
  vidcon,
  onClose,
}: {
  open: boolean;
  meeting: VidconMeeting;
  vidcon?: Vidcon;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={vidcon ? 'Ubah Vidcon' : 'Tambah Vidcon'}
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? <VidconForm meeting={meeting} vidcon={vidcon} onClose={onClose} /> : null}
    </Modal>
  );
}

function VidconForm({
  meeting,
  vidcon,
  onClose,
}: {
  meeting: VidconMeeting;
  vidcon?: Vidcon;
  onClose: () => void;
}) {
  const [form] = Form.useForm<VidconFormValues>();
  const { message, notification } = useToasts();
  const save = useSaveVidcon();
  const zone = meeting.timeZone;
  const toast = (title: string) => notification.error({ title, placement: 'bottom' });
  const locked = vidcon ? areVidconTimesLocked(vidcon.status, vidcon.jumlah_peserta_join) : false;

  const initial: VidconFormValues = vidcon
    ? {
        id_pertemuan: vidcon.id_pertemuan,
        judul: vidcon.judul,
        aplikasi: vidcon.aplikasi,
        link: vidcon.link,
        catatan: vidcon.catatan,
        waktu_mulai: toPickerValue(vidcon.waktu_mulai, zone),
        waktu_selesai: toPickerValue(vidcon.waktu_selesai, zone),
      }
    : {
        id_pertemuan: meeting.fixed ? meeting.id : undefined,
        // Operators start with an empty time (spec 2 §6); lecturers with the meeting's.
        waktu_mulai: meeting.fixed ? toPickerValue(meeting.waktu_mulai, zone) : null,
        waktu_selesai: meeting.fixed
          ? toPickerValue(
              new Date(Date.parse(meeting.waktu_mulai) + vidconDefaultLengthMs).toISOString(),
              zone,
            )
          : null,
      };

  const submit = async () => {
    let values: VidconFormValues;
    try {
      values = await form.validateFields();
    } catch {
      toast('Pengisian Data Belum Lengkap!');
      return;
    }
    const input = {
      id_pertemuan: values.id_pertemuan ?? meeting.id,
      judul: values.judul ?? '',
      aplikasi: (values.aplikasi ?? null) as Vidcon['aplikasi'] | null,
      link: values.link ?? '',
      catatan: values.catatan ?? '',
      waktu_mulai: values.waktu_mulai ? fromPickerValue(values.waktu_mulai, zone) : null,
      waktu_selesai: values.waktu_selesai ? fromPickerValue(values.waktu_selesai, zone) : null,
    };
    try {
      await save.mutateAsync({ id: vidcon?.id, input });
      void message.success(vidcon ? 'Vidcon berhasil diubah' : 'Vidcon berhasil ditambahkan');
      onClose();
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? (error.detail as { fields?: { field: string; message: string }[] })?.fields
          : undefined;
      if (fields)
        form.setFields(fields.map((f) => ({ name: f.field as keyof VidconFormValues, errors: [f.message] })));
      toast((error as Error).message);
    }
  };

  /** The end's own rules, shown under it as the user picks. */
  const endRule = async () => {
    const start = form.getFieldValue('waktu_mulai') as dayjs.Dayjs | null;
    const end = form.getFieldValue('waktu_selesai') as dayjs.Dayjs | null;
    const { invalid } = validateVidconForm(
      {
        judul: 'x',
        aplikasi: 'x',
        link: 'x',
        waktu_mulai: start ? new Date(fromPickerValue(start, zone)) : null,
        waktu_selesai: end ? new Date(fromPickerValue(end, zone)) : null,
      },
      {
        requireMeeting: false,
        stored: vidcon
          ? { waktu_selesai: new Date(vidcon.waktu_selesai), participants: vidcon.jumlah_peserta_join }
          : undefined,
      },
    );
    if (invalid[0]) throw new Error(invalid[0].message);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={(changed: VidconFormValues) => {
        // Choosing a start sets the end an hour later (spec 2 §5).
        if (changed.waktu_mulai) form.setFieldValue('waktu_selesai', changed.waktu_mulai.add(1, 'hour'));
      }}
    >
      <MeetingField
        meeting={meeting}
        classId={meeting.kelasId}
        fixed={meeting.fixed}
        timeZone={zone}
        requiredMessage={vidconMessages.pertemuanRequired}
      />
      <Form.Item
        name="judul"
        label="Judul"
        rules={[{ required: true, whitespace: true, message: vidconMessages.judulRequired }]}
      >
        <Input placeholder="Judul vidcon" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="aplikasi"
        label="Aplikasi"
        rules={[{ required: true, message: vidconMessages.aplikasiRequired }]}
      >
        <Select
          placeholder="Pilih aplikasi"
          options={vidconApps.map((a) => ({ value: a, label: vidconAppLabels[a] }))}
        />
      </Form.Item>
      <Form.Item
        name="link"
        label="Link"
        extra={vidconMessages.linkHint}
        rules={[{ required: true, whitespace: true, message: vidconMessages.linkRequired }]}
      >
        <Input placeholder="https://" inputMode="url" />
      </Form.Item>
      <Form.Item name="catatan" label="Catatan">
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      {locked ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Waktu tidak dapat diubah: vidcon sudah berakhir atau sedang berlangsung dengan peserta."
        />
      ) : null}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="waktu_mulai"
          label="Waktu Mulai"
          style={{ flex: '1 1 220px' }}
          rules={[{ required: true, message: vidconMessages.mulaiRequired }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            disabled={locked}
            disabledDate={beforeYesterday}
            style={{ width: '100%' }}
            placeholder="Pilih waktu mulai"
          />
        </Form.Item>
        <Form.Item
          name="waktu_selesai"
          label="Waktu Selesai"
          style={{ flex: '1 1 220px' }}
          dependencies={['waktu_mulai']}
          rules={[{ required: true, message: vidconMessages.selesaiRequired }, { validator: endRule }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            disabled={locked}
            disabledDate={beforeYesterday}
            style={{ width: '100%' }}
            placeholder="Pilih waktu selesai"
          />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          Simpan
        </Button>
      </div>
    </Form>
  );
}
