import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Form, Input, Modal, Radio, Select, Switch, Upload } from 'antd';
import type dayjs from 'dayjs';
import {
  taskAnswerExtensions,
  taskAttachmentExtensions,
  taskFileMaxCount,
  taskMessages,
  taskTypeLabels,
  taskTypes,
  type TaskType,
} from '@lms/contract/task.rules';
import type { Task } from '@lms/contract/task.schema';
import { MeetingField } from '../../../components/meeting-field.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { fromPickerValue, pickerFormat, toPickerValue, wholeMinutePickerValue } from '../../../lib/date.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveTask } from '../api/save-task.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { uploadFailedMessage, uploadRefusals } from '../../../components/upload-rules.ts';
import { bytesPerMb, formatFileSize } from '@lms/contract/format.rules';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { UploadProgressBar, useUploadProgress } from '../../../components/upload-progress.tsx';

/** What the task form needs of the meeting it is opened on. */
export interface TaskMeeting {
  id: string;
  nomor: number;
  kelasId: string;
  waktu_mulai: string;
  waktu_selesai: string;
  timeZone: string;
  /** Lecturers add to this meeting; operators pick one. */
  fixed: boolean;
}

interface TaskFormValues {
  id_pertemuan?: string;
  judul?: string;
  deskripsi?: string;
  jenis?: TaskType;
  waktu_mulai?: dayjs.Dayjs | null;
  waktu_selesai?: dayjs.Dayjs | null;
  tipe_file_jawaban: string[];
  terima_terlambat: boolean;
  hapus_lampiran: string[];
}

/** Tambah Tugas / Ubah Tugas. */
export function TaskFormModal({
  open,
  meeting,
  task,
  onClose,
}: {
  open: boolean;
  meeting: TaskMeeting;
  task?: Task;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={task ? 'Ubah Tugas' : 'Tambah Tugas'}
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? <TaskForm meeting={meeting} task={task} onClose={onClose} /> : null}
    </Modal>
  );
}

function TaskForm({ meeting, task, onClose }: { meeting: TaskMeeting; task?: Task; onClose: () => void }) {
  const [form] = Form.useForm<TaskFormValues>();
  const { message, notification } = useToasts();
  const save = useSaveTask();
  const [files, setFiles] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useUploadProgress();
  const maxBytes = Math.round(useUploadLimitMb('lampiran_tugas') * bytesPerMb);
  const zone = meeting.timeZone;
  const toast = (title: string) => notification.error({ title, placement: 'bottom' });
  const initial: TaskFormValues = task
    ? {
        id_pertemuan: task.id_pertemuan,
        judul: task.judul,
        deskripsi: task.deskripsi,
        jenis: task.jenis,
        waktu_mulai: toPickerValue(task.waktu_mulai, zone),
        waktu_selesai: toPickerValue(task.waktu_selesai, zone),
        tipe_file_jawaban: task.tipe_file_jawaban,
        terima_terlambat: task.terima_terlambat,
        hapus_lampiran: [],
      }
    : {
        id_pertemuan: meeting.fixed ? meeting.id : undefined,
        jenis: 'individu',
        waktu_mulai: toPickerValue(meeting.waktu_mulai, zone),
        waktu_selesai: null,
        tipe_file_jawaban: ['pdf', 'docx'],
        terima_terlambat: false,
        hapus_lampiran: [],
      };

  const submit = async () => {
    let values: TaskFormValues;
    try {
      values = await form.validateFields();
    } catch {
      toast('Pengisian Data Belum Lengkap!');
      return;
    }
    upload.start();
    try {
      await save.mutateAsync({
        id: task?.id,
        input: {
          id_pertemuan: values.id_pertemuan ?? meeting.id,
          judul: values.judul ?? '',
          deskripsi: values.deskripsi ?? '',
          jenis: values.jenis ?? 'individu',
          waktu_mulai: values.waktu_mulai ? fromPickerValue(values.waktu_mulai, zone) : '',
          waktu_selesai: values.waktu_selesai ? fromPickerValue(values.waktu_selesai, zone) : '',
          tipe_file_jawaban: values.tipe_file_jawaban,
          terima_terlambat: values.terima_terlambat,
          ...(task ? { hapus_lampiran: values.hapus_lampiran } : {}),
        },
        files,
        onUploadProgress: upload.onUploadProgress,
      });
      void message.success(task ? 'Tugas berhasil diubah' : 'Tugas berhasil ditambahkan');
      onClose();
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? (error.detail as { fields?: { field: string; message: string }[] } | null)?.fields
          : undefined;
      if (fields)
        form.setFields(fields.map((f) => ({ name: f.field as keyof TaskFormValues, errors: [f.message] })));
      if (files.length > 0 && !fields?.length) {
        // The attachments went with the failed send: dropped, with the reason under them (spec 2 §8).
        setFiles([]);
        setUploadError(uploadFailedMessage(error));
        return;
      }
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
        requiredMessage={taskMessages.pertemuanRequired}
      />
      <Form.Item
        name="judul"
        label="Judul Tugas"
        rules={[{ required: true, whitespace: true, message: taskMessages.judulRequired }]}
      >
        <Input placeholder="Judul tugas" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="deskripsi"
        label="Deskripsi"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value || !value.replace(/<[^>]*>/g, '').trim())
                throw new Error(taskMessages.deskripsiRequired);
            },
          },
        ]}
      >
        <RichTextEditor label="Deskripsi tugas" />
      </Form.Item>
      <Form.Item
        name="jenis"
        label="Jenis Tugas"
        rules={[{ required: true, message: taskMessages.jenisRequired }]}
      >
        <Radio.Group
          optionType="button"
          options={taskTypes.map((t) => ({ value: t, label: taskTypeLabels[t] }))}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="waktu_mulai"
          label="Waktu Mulai"
          style={{ flex: '1 1 220px' }}
          normalize={wholeMinutePickerValue}
          rules={[{ required: true, message: taskMessages.mulaiRequired }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={pickerFormat} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="waktu_selesai"
          label="Waktu Selesai"
          style={{ flex: '1 1 220px' }}
          normalize={wholeMinutePickerValue}
          dependencies={['waktu_mulai']}
          rules={[
            { required: true, message: taskMessages.selesaiRequired },
            {
              validator: async (_, value: dayjs.Dayjs | null) => {
                const start = form.getFieldValue('waktu_mulai') as dayjs.Dayjs | null;
                if (value && start && !value.isAfter(start)) throw new Error(taskMessages.selesaiAfterMulai);
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            style={{ width: '100%' }}
            placeholder="Pilih waktu selesai"
          />
        </Form.Item>
      </div>
      <Form.Item
        name="tipe_file_jawaban"
        label="Tipe File Jawaban"
        rules={[{ required: true, type: 'array', min: 1, message: taskMessages.tipeFileRequired }]}
      >
        <Select
          mode="multiple"
          aria-label="Tipe File Jawaban"
          options={taskAnswerExtensions.map((ext) => ({ value: ext, label: `.${ext}` }))}
        />
      </Form.Item>
      <Form.Item name="terima_terlambat" label="Terima Pengumpulan Terlambat" valuePropName="checked">
        <Switch />
      </Form.Item>
      {task?.lampiran.length ? (
        <Form.Item name="hapus_lampiran" label="Hapus lampiran tersimpan">
          <Checkbox.Group options={task.lampiran.map((f) => ({ value: f.id, label: f.nama }))} />
        </Form.Item>
      ) : null}
      <Form.Item
        label="Lampiran"
        extra={`Maksimal ${taskFileMaxCount} file: ${taskAttachmentExtensions.join(', ')}`}
        validateStatus={uploadError ? 'error' : undefined}
        help={uploadError ?? undefined}
      >
        <Upload
          multiple
          accept={taskAttachmentExtensions.map((e) => `.${e}`).join(',')}
          fileList={files.map((f, i) => ({
            uid: String(i),
            name: `${f.name} (${formatFileSize(f.size)})`,
            status: 'done' as const,
          }))}
          beforeUpload={(file) => {
            // Each file of the choice is checked on its own and refused with its own toast.
            const refusal = uploadRefusals([file], { accept: taskAttachmentExtensions, maxBytes })[0]
              ?.refusal;
            if (refusal) {
              toast(refusal);
              return Upload.LIST_IGNORE;
            }
            setUploadError(null);
            setFiles((list) => [...list, file].slice(0, taskFileMaxCount));
            return false;
          }}
          onRemove={(item) => setFiles((list) => list.filter((_, i) => String(i) !== item.uid))}
        >
          <Button icon={<UploadOutlined />}>Pilih File</Button>
        </Upload>
      </Form.Item>
      {save.isPending && files.length ? <UploadProgressBar progress={upload.progress} /> : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          Simpan
        </Button>
      </div>
    </Form>
  );
}
