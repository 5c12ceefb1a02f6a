import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Radio, Select, Switch, Upload } from 'antd';
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
import {
  ContentFormFooter,
  ContentFormModal,
  ContentTimeFields,
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
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { toPickerValue } from '../../../lib/date.ts';
import { useSaveTask } from '../api/save-task.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { uploadFailedMessage, uploadRefusals } from '../../../components/upload-rules.ts';
import { bytesPerMb, formatFileSize } from '@lms/contract/format.rules';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { UploadProgressBar, useUploadProgress } from '../../../components/upload-progress.tsx';

interface TaskFormValues extends ContentTimeValues {
  judul?: string;
  deskripsi?: string;
  jenis?: TaskType;
  tipe_file_jawaban: string[];
  terima_terlambat: boolean;
  hapus_lampiran: string[];
}

/** Tambah Tugas / Ubah Tugas. */
export function TaskFormModal(props: ContentFormState<Task>) {
  return (
    <ContentFormModal {...props} title={props.item ? 'Ubah Tugas' : 'Tambah Tugas'}>
      <TaskForm {...props} />
    </ContentFormModal>
  );
}

function TaskForm({ meeting, item: task, onClose }: ContentFormState<Task>) {
  const [form] = Form.useForm<TaskFormValues>();
  const { message } = useToasts();
  const toast = useFormErrorToast();
  const save = useSaveTask();
  const [files, setFiles] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useUploadProgress();
  const maxBytes = Math.round(useUploadLimitMb('lampiran_tugas') * bytesPerMb);
  const zone = meeting.timeZone;
  const initial: TaskFormValues = task
    ? {
        ...storedTimeValues(task, zone),
        judul: task.judul,
        deskripsi: task.deskripsi,
        jenis: task.jenis,
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
    const values = await validatedValues(form, toast);
    if (!values) return;
    upload.start();
    try {
      await save.mutateAsync({
        id: task?.id,
        input: {
          id_pertemuan: values.id_pertemuan ?? meeting.id,
          judul: values.judul ?? '',
          deskripsi: values.deskripsi ?? '',
          jenis: values.jenis ?? 'individu',
          waktu_mulai: pickedTime(values.waktu_mulai, zone) ?? '',
          waktu_selesai: pickedTime(values.waktu_selesai, zone) ?? '',
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
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
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
      <MeetingField meeting={meeting} requiredMessage={taskMessages.pertemuanRequired} />
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
        rules={[richTextRequired(taskMessages.deskripsiRequired)]}
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
      <ContentTimeFields
        wholeMinutes
        start={{ rules: [{ required: true, message: taskMessages.mulaiRequired }] }}
        end={{
          rules: [
            { required: true, message: taskMessages.selesaiRequired },
            {
              validator: async (_, value: dayjs.Dayjs | null) => {
                const start = form.getFieldValue('waktu_mulai') as dayjs.Dayjs | null;
                if (value && start && !value.isAfter(start)) throw new Error(taskMessages.selesaiAfterMulai);
              },
            },
          ],
        }}
      />
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
      <ContentFormFooter onCancel={onClose} onSave={() => void submit()} saving={save.isPending} />
    </Form>
  );
}
