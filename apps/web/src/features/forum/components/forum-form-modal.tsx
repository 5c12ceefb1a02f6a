import { Form, Input, InputNumber, Switch } from 'antd';
import type dayjs from 'dayjs';
import { defaultMinimalPost, forumMessages, validateForumForm } from '@lms/contract/forum.rules';
import type { Forum } from '@lms/contract/forum.schema';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { MeetingField } from '../../../components/meeting-field.tsx';
import {
  beforeYesterday,
  ContentFormFooter,
  ContentFormModal,
  ContentTimeFields,
  meetingTimeValues,
  pickedTime,
  richTextRequired,
  serverFieldErrors,
  showFieldErrors,
  storedTimeValues,
  useFormErrorToast,
  validatedValues,
  type ContentTimeValues,
} from '../../../components/meeting-content-form.tsx';
import type { ContentFormState } from '../../../components/meeting-content-list.tsx';
import { fromPickerValue } from '../../../lib/date.ts';
import { useSaveForum } from '../api/save-forum.ts';
import { useToasts } from '../../../components/toasts.tsx';

interface ForumFormValues extends ContentTimeValues {
  judul?: string;
  deskripsi?: string;
  minimal_post?: number | null;
  penilaian_keaktifan: boolean;
}

/** The forum form of spec 2 §5 "Forum form". */
export function ForumFormModal(props: ContentFormState<Forum>) {
  return (
    <ContentFormModal {...props} title={props.item ? 'Ubah Forum' : 'Tambah Forum'}>
      <ForumForm {...props} />
    </ContentFormModal>
  );
}

function ForumForm({ meeting, item: forum, onClose }: ContentFormState<Forum>) {
  const [form] = Form.useForm<ForumFormValues>();
  const { message } = useToasts();
  const toast = useFormErrorToast();
  const save = useSaveForum();
  const zone = meeting.timeZone;
  const startLocked = !!forum && forum.jumlah_peserta_join > 0;

  const initial: ForumFormValues = forum
    ? {
        ...storedTimeValues(forum, zone),
        judul: forum.judul,
        deskripsi: forum.deskripsi,
        minimal_post: forum.minimal_post,
        penilaian_keaktifan: forum.penilaian_keaktifan,
      }
    : { ...meetingTimeValues(meeting), minimal_post: defaultMinimalPost, penilaian_keaktifan: false };

  const timeRule = (field: 'waktu_mulai' | 'waktu_selesai') => async () => {
    const value = (name: 'waktu_mulai' | 'waktu_selesai') => {
      const v = form.getFieldValue(name) as dayjs.Dayjs | null;
      return v ? new Date(fromPickerValue(v, zone)) : null;
    };
    const { invalid } = validateForumForm(
      {
        judul: 'x',
        deskripsi: 'x',
        minimal_post: 1,
        waktu_mulai: value('waktu_mulai'),
        waktu_selesai: value('waktu_selesai'),
      },
      {
        requireMeeting: false,
        stored: forum
          ? { waktu_mulai: new Date(forum.waktu_mulai), participants: forum.jumlah_peserta_join }
          : undefined,
      },
    );
    const error = invalid.find((e) => e.field === field);
    if (error) throw new Error(error.message);
  };

  const submit = async () => {
    const values = await validatedValues(form, toast);
    if (!values) return;
    try {
      await save.mutateAsync({
        id: forum?.id,
        input: {
          id_pertemuan: values.id_pertemuan ?? meeting.id,
          judul: values.judul ?? '',
          deskripsi: values.deskripsi ?? '',
          waktu_mulai: pickedTime(values.waktu_mulai, zone),
          waktu_selesai: pickedTime(values.waktu_selesai, zone),
          // Sent as an integer (spec 2 §5).
          minimal_post: values.minimal_post == null ? null : Math.round(values.minimal_post),
          penilaian_keaktifan: values.penilaian_keaktifan,
        },
      });
      void message.success(forum ? 'Forum berhasil diubah' : 'Forum berhasil ditambahkan');
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      toast((error as Error).message);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={initial}>
      <MeetingField meeting={meeting} requiredMessage={forumMessages.pertemuanRequired} />
      <Form.Item
        name="judul"
        label="Judul Forum"
        rules={[{ required: true, whitespace: true, message: forumMessages.judulRequired }]}
      >
        <Input placeholder="Judul forum" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="deskripsi"
        label="Deskripsi"
        rules={[richTextRequired(forumMessages.deskripsiRequired)]}
      >
        <RichTextEditor label="Deskripsi forum" />
      </Form.Item>
      <ContentTimeFields
        start={{
          extra: startLocked ? forumMessages.mulaiLocked : undefined,
          rules: [
            { required: true, message: forumMessages.mulaiRequired },
            { validator: timeRule('waktu_mulai') },
          ],
          disabled: startLocked,
          disabledDate: beforeYesterday,
        }}
        end={{
          rules: [
            { required: true, message: forumMessages.selesaiRequired },
            { validator: timeRule('waktu_selesai') },
          ],
          disabledDate: beforeYesterday,
        }}
      />
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="minimal_post"
          label="Jumlah Minimal Komentar"
          style={{ flex: '1 1 220px' }}
          rules={[{ required: true, message: forumMessages.minimalPostRequired }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="penilaian_keaktifan"
          label="Penilaian Keaktifan"
          valuePropName="checked"
          style={{ flex: '1 1 220px' }}
        >
          <Switch />
        </Form.Item>
      </div>
      <ContentFormFooter onCancel={onClose} onSave={() => void submit()} saving={save.isPending} />
    </Form>
  );
}
