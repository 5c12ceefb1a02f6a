import { Button, DatePicker, Form, Input, InputNumber, Modal, Switch } from 'antd';
import dayjs from 'dayjs';
import { defaultMinimalPost, forumMessages, validateForumForm } from '@lms/contract/forum.rules';
import type { Forum } from '@lms/contract/forum.schema';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { MeetingField } from '../../../components/meeting-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { fromPickerValue, pickerFormat, toPickerValue } from '../../../lib/date.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveForum } from '../api/save-forum.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** What the forum form needs of the meeting it is opened on. */
export interface ForumMeeting {
  id: string;
  nomor: number;
  kelasId: string;
  waktu_mulai: string;
  waktu_selesai: string;
  timeZone: string;
  /** Lecturers add to this meeting; operators pick one (spec 2 §5). */
  fixed: boolean;
}

interface ForumFormValues {
  id_pertemuan?: string;
  judul?: string;
  deskripsi?: string;
  waktu_mulai?: dayjs.Dayjs | null;
  waktu_selesai?: dayjs.Dayjs | null;
  minimal_post?: number | null;
  penilaian_keaktifan: boolean;
}

/** Dates before yesterday (server time) cannot be picked (spec 2 §5). */
function beforeYesterday(day: dayjs.Dayjs): boolean {
  return day.isBefore(dayjs(serverNow()).subtract(1, 'day').startOf('day'));
}

/** The forum form of spec 2 §5 "Forum form". */
export function ForumFormModal({
  open,
  meeting,
  forum,
  onClose,
}: {
  open: boolean;
  meeting: ForumMeeting;
  forum?: Forum;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={forum ? 'Ubah Forum' : 'Tambah Forum'}
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? <ForumForm meeting={meeting} forum={forum} onClose={onClose} /> : null}
    </Modal>
  );
}

function ForumForm({
  meeting,
  forum,
  onClose,
}: {
  meeting: ForumMeeting;
  forum?: Forum;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ForumFormValues>();
  const { message, notification } = useToasts();
  const save = useSaveForum();
  const zone = meeting.timeZone;
  const startLocked = !!forum && forum.jumlah_peserta_join > 0;
  const toast = (title: string) => notification.error({ title, placement: 'bottom' });

  const initial: ForumFormValues = forum
    ? {
        id_pertemuan: forum.id_pertemuan,
        judul: forum.judul,
        deskripsi: forum.deskripsi,
        waktu_mulai: toPickerValue(forum.waktu_mulai, zone),
        waktu_selesai: toPickerValue(forum.waktu_selesai, zone),
        minimal_post: forum.minimal_post,
        penilaian_keaktifan: forum.penilaian_keaktifan,
      }
    : {
        id_pertemuan: meeting.fixed ? meeting.id : undefined,
        waktu_mulai: meeting.fixed ? toPickerValue(meeting.waktu_mulai, zone) : null,
        waktu_selesai: meeting.fixed ? toPickerValue(meeting.waktu_selesai, zone) : null,
        minimal_post: defaultMinimalPost,
        penilaian_keaktifan: false,
      };

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
    let values: ForumFormValues;
    try {
      values = await form.validateFields();
    } catch {
      toast('Pengisian Data Belum Lengkap!');
      return;
    }
    try {
      await save.mutateAsync({
        id: forum?.id,
        input: {
          id_pertemuan: values.id_pertemuan ?? meeting.id,
          judul: values.judul ?? '',
          deskripsi: values.deskripsi ?? '',
          waktu_mulai: values.waktu_mulai ? fromPickerValue(values.waktu_mulai, zone) : null,
          waktu_selesai: values.waktu_selesai ? fromPickerValue(values.waktu_selesai, zone) : null,
          // Sent as an integer (spec 2 §5).
          minimal_post: values.minimal_post == null ? null : Math.round(values.minimal_post),
          penilaian_keaktifan: values.penilaian_keaktifan,
        },
      });
      void message.success(forum ? 'Forum berhasil diubah' : 'Forum berhasil ditambahkan');
      onClose();
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? (error.detail as { fields?: { field: string; message: string }[] })?.fields
          : undefined;
      if (fields)
        form.setFields(fields.map((f) => ({ name: f.field as keyof ForumFormValues, errors: [f.message] })));
      toast((error as Error).message);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={initial}>
      <MeetingField
        meeting={meeting}
        classId={meeting.kelasId}
        fixed={meeting.fixed}
        timeZone={zone}
        requiredMessage={forumMessages.pertemuanRequired}
      />
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
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value || !value.replace(/<[^>]*>/g, '').trim())
                throw new Error(forumMessages.deskripsiRequired);
            },
          },
        ]}
      >
        <RichTextEditor label="Deskripsi forum" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="waktu_mulai"
          label="Waktu Mulai"
          style={{ flex: '1 1 220px' }}
          extra={startLocked ? forumMessages.mulaiLocked : undefined}
          rules={[
            { required: true, message: forumMessages.mulaiRequired },
            { validator: timeRule('waktu_mulai') },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            disabled={startLocked}
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
          rules={[
            { required: true, message: forumMessages.selesaiRequired },
            { validator: timeRule('waktu_selesai') },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            disabledDate={beforeYesterday}
            style={{ width: '100%' }}
            placeholder="Pilih waktu selesai"
          />
        </Form.Item>
      </div>
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
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          Simpan
        </Button>
      </div>
    </Form>
  );
}
