import { Alert, Form, Input, Select } from 'antd';
import type dayjs from 'dayjs';
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
import {
  beforeYesterday,
  ContentFormFooter,
  ContentFormModal,
  ContentTimeFields,
  meetingTimeValues,
  pickedTime,
  serverFieldErrors,
  showFieldErrors,
  storedTimeValues,
  useFormErrorToast,
  validatedValues,
  type ContentTimeValues,
} from '../../../components/meeting-content-form.tsx';
import type { ContentFormState } from '../../../components/meeting-content-list.tsx';
import { fromPickerValue, toPickerValue } from '../../../lib/date.ts';
import { useSaveVidcon } from '../api/save-vidcon.ts';
import { useToasts } from '../../../components/toasts.tsx';

interface VidconFormValues extends ContentTimeValues {
  judul?: string;
  aplikasi?: string;
  link?: string;
  catatan?: string;
}

/**
 * The vidcon form of spec 2 §5: meeting (operators), title, application, link with the hint not to share
 * it, notes, start and end. A new start moves the end to an hour later; the pickers are locked once the
 * vidcon ended or runs with participants. Lecturers start from the meeting's time, operators from empty.
 */
export function VidconFormModal(props: ContentFormState<Vidcon>) {
  return (
    <ContentFormModal {...props} title={props.item ? 'Ubah Vidcon' : 'Tambah Vidcon'}>
      <VidconForm {...props} />
    </ContentFormModal>
  );
}

function VidconForm({ meeting, item: vidcon, onClose }: ContentFormState<Vidcon>) {
  const [form] = Form.useForm<VidconFormValues>();
  const { message } = useToasts();
  const toast = useFormErrorToast();
  const save = useSaveVidcon();
  const zone = meeting.timeZone;
  const locked = vidcon ? areVidconTimesLocked(vidcon.status, vidcon.jumlah_peserta_join) : false;

  const initial: VidconFormValues = vidcon
    ? {
        ...storedTimeValues(vidcon, zone),
        judul: vidcon.judul,
        aplikasi: vidcon.aplikasi,
        link: vidcon.link,
        catatan: vidcon.catatan,
      }
    : {
        // Operators start with an empty time (spec 2 §6); lecturers with the meeting's start and an hour.
        ...meetingTimeValues(meeting),
        waktu_selesai: meeting.fixed
          ? toPickerValue(
              new Date(Date.parse(meeting.waktu_mulai) + vidconDefaultLengthMs).toISOString(),
              zone,
            )
          : null,
      };

  const submit = async () => {
    const values = await validatedValues(form, toast);
    if (!values) return;
    const input = {
      id_pertemuan: values.id_pertemuan ?? meeting.id,
      judul: values.judul ?? '',
      aplikasi: (values.aplikasi ?? null) as Vidcon['aplikasi'] | null,
      link: values.link ?? '',
      catatan: values.catatan ?? '',
      waktu_mulai: pickedTime(values.waktu_mulai, zone),
      waktu_selesai: pickedTime(values.waktu_selesai, zone),
    };
    try {
      await save.mutateAsync({ id: vidcon?.id, input });
      void message.success(vidcon ? 'Vidcon berhasil diubah' : 'Vidcon berhasil ditambahkan');
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
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
      <MeetingField meeting={meeting} requiredMessage={vidconMessages.pertemuanRequired} />
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
      <ContentTimeFields
        start={{
          rules: [{ required: true, message: vidconMessages.mulaiRequired }],
          disabled: locked,
          disabledDate: beforeYesterday,
        }}
        end={{
          rules: [{ required: true, message: vidconMessages.selesaiRequired }, { validator: endRule }],
          disabled: locked,
          disabledDate: beforeYesterday,
        }}
      />
      <ContentFormFooter onCancel={onClose} onSave={() => void submit()} saving={save.isPending} />
    </Form>
  );
}
