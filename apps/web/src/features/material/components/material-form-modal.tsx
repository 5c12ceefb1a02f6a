import { useState } from 'react';
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Form, Input, Select, Tabs, Typography, Upload } from 'antd';
import {
  attendanceRequirementAllowed,
  defaultMaterialDeadline,
  fileTooLargeMessage,
  isAcceptedMaterialFile,
  materialAccept,
  materialFileTypeLabels,
  materialFileTypes,
  materialKindLabel,
  materialKinds,
  materialMaxBytes,
  materialMessages,
  validateMaterialForm,
  type MaterialFileType,
} from '@lms/contract/material.rules';
import type { Material } from '@lms/contract/material.schema';
import { formatFileSize } from '@lms/contract/format.rules';
import { UploadProgressBar, useUploadProgress } from '../../../components/upload-progress.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { MeetingField } from '../../../components/meeting-field.tsx';
import {
  ContentFormFooter,
  ContentFormModal,
  richTextRequired,
  serverFieldErrors,
  showFieldErrors,
  useFormErrorToast,
  validatedValues,
} from '../../../components/meeting-content-form.tsx';
import { uploadFailedMessage } from '../../../components/upload-rules.ts';
import { toPickerValue } from '../../../lib/date.ts';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveMaterial } from '../api/save-material.ts';
import { MaterialCopyTab } from './material-copy-tab.tsx';
import { MaterialScheduleFields, scheduleOf, type MaterialScheduleValues } from './material-form-fields.tsx';
import type { ContentFormState } from '../../../components/meeting-content-list.tsx';
import type { MaterialMeeting } from './material-meeting.ts';
import { useToasts } from '../../../components/toasts.tsx';

interface MaterialFormValues extends MaterialScheduleValues {
  id_pertemuan?: string;
  judul?: string;
  jenis_materi?: string;
  tipe_file?: MaterialFileType;
  file_url?: string;
  deskripsi?: string;
}

function initialValues(meeting: MaterialMeeting, material: Material | undefined): MaterialFormValues {
  if (material) {
    return {
      id_pertemuan: material.id_pertemuan,
      judul: material.judul,
      jenis_materi: material.jenis_materi,
      tipe_file: material.tipe_file,
      file_url: material.file_url ?? undefined,
      deskripsi: material.deskripsi,
      tampil: material.tampil_sekarang ? 'sekarang' : 'nanti',
      waktu_mulai_tampil: material.tampil_sekarang
        ? null
        : toPickerValue(material.waktu_mulai_tampil, meeting.timeZone),
      is_syarat_hadir: material.is_syarat_hadir,
      deadline: toPickerValue(material.deadline, meeting.timeZone),
    };
  }
  const online = attendanceRequirementAllowed(meeting.jenis);
  return {
    id_pertemuan: meeting.id,
    tampil: 'sekarang',
    is_syarat_hadir: online,
    deadline: online ? toPickerValue(defaultMaterialDeadline(meeting), meeting.timeZone) : null,
  };
}

/**
 * The material form of spec 2 §2 §5: Tambah Data with two tabs (Upload Materi Baru, Salin Materi Kelas
 * Lain) or Ubah Data without tabs. Lecturers add to the meeting they are on; operators pick one.
 */
export function MaterialFormModal({
  open,
  meeting,
  item: material,
  onClose,
}: ContentFormState<Material, MaterialMeeting>) {
  const [tab, setTab] = useState('baru');
  const editing = !!material;
  return (
    <ContentFormModal
      open={open}
      title={
        <div>
          <div>{editing ? 'Ubah Data' : 'Tambah Data'}</div>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 14 }}>
            {editing ? 'Ubah Data Materi' : 'Tambah Data Materi'}
          </Typography.Text>
        </div>
      }
      onClose={onClose}
    >
      {editing ? (
        <MaterialUploadForm meeting={meeting} material={material} onClose={onClose} />
      ) : (
        <Tabs
          activeKey={tab}
          // Switching tabs starts the other form afresh (spec 2 §4): each tab mounts only while shown.
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'baru',
              label: 'Upload Materi Baru',
              children: <MaterialUploadForm meeting={meeting} onClose={onClose} />,
            },
            {
              key: 'salin',
              label: 'Salin Materi Kelas Lain',
              children: <MaterialCopyTab meeting={meeting} onClose={onClose} />,
            },
          ]}
        />
      )}
    </ContentFormModal>
  );
}

function MaterialUploadForm({
  meeting,
  material,
  onClose,
}: {
  meeting: MaterialMeeting;
  material?: Material;
  onClose: () => void;
}) {
  const [form] = Form.useForm<MaterialFormValues>();
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const toast = useFormErrorToast();
  const save = useSaveMaterial();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const upload = useUploadProgress();
  const tipeFile = Form.useWatch('tipe_file', form);
  const online = attendanceRequirementAllowed(meeting.jenis);
  const limitMb = useUploadLimitMb('materi');
  const maxBytes = materialMaxBytes(limitMb);
  const storedFile = material?.file && material.tipe_file === tipeFile ? material.file : null;

  const chooseFile = (chosen: File) => {
    if (!isAcceptedMaterialFile(tipeFile!, chosen.name)) {
      const ext = chosen.name.includes('.') ? chosen.name.split('.').pop()!.toLowerCase() : '';
      setFile(undefined);
      setFileError(materialMessages.fileTypeInvalid(ext));
      void message.error(materialMessages.fileTypeInvalid(ext));
    } else if (chosen.size > maxBytes) {
      setFile(undefined);
      setFileError(fileTooLargeMessage(maxBytes));
    } else {
      setFile(chosen);
      setFileError(undefined);
    }
    return false;
  };

  const submit = async () => {
    const values = await validatedValues(form, toast);
    if (!values) return;
    const schedule = scheduleOf(values, meeting.timeZone, online);
    const hasFile = tipeFile === 'url' || !!file || !!storedFile;
    if (!hasFile) {
      setFileError(materialMessages.fileRequired);
      toast(materialMessages.incomplete);
      return;
    }
    const { invalid } = validateMaterialForm(
      {
        ...values,
        id_pertemuan: values.id_pertemuan ?? meeting.id,
        has_file: hasFile,
        tampil_sekarang: schedule.tampil_sekarang,
        waktu_mulai_tampil: schedule.waktu_mulai_tampil ? new Date(schedule.waktu_mulai_tampil) : null,
        is_syarat_hadir: schedule.is_syarat_hadir,
        deadline: schedule.deadline ? new Date(schedule.deadline) : null,
      },
      { requireMeeting: true, now: new Date(serverNow()) },
    );
    const kept = invalid.filter(
      (e) => !(material && e.field === 'waktu_mulai_tampil' && !form.isFieldTouched('waktu_mulai_tampil')),
    );
    if (kept.length) {
      form.setFields(kept.map((e) => ({ name: e.field as keyof MaterialFormValues, errors: [e.message] })));
      toast(kept[0]!.message);
      return;
    }
    const fields: Record<string, string> = {
      id_pertemuan: values.id_pertemuan ?? meeting.id,
      judul: values.judul ?? '',
      deskripsi: values.deskripsi ?? '',
      jenis_materi: values.jenis_materi ?? '',
      tipe_file: values.tipe_file ?? '',
      tampil_sekarang: String(schedule.tampil_sekarang),
      is_syarat_hadir: String(schedule.is_syarat_hadir),
    };
    if (tipeFile === 'url') fields.file_url = values.file_url ?? '';
    if (schedule.waktu_mulai_tampil) fields.waktu_mulai_tampil = schedule.waktu_mulai_tampil;
    if (schedule.deadline) fields.deadline = schedule.deadline;
    upload.start();
    try {
      await save.mutateAsync({
        id: material?.id,
        fields,
        file: tipeFile === 'url' ? undefined : file,
        onUploadProgress: upload.onUploadProgress,
      });
      void message.success(material ? 'Materi berhasil diubah' : 'Materi berhasil ditambahkan');
      onClose();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const sentFile = tipeFile !== 'url' && !!file;
      if (sentFile && !fieldErrors?.some((e) => e.field !== 'file')) {
        // The send of the file failed (refused content, over the server's limit, network): the file is
        // dropped and the reason shown under it (spec 2 §8), so the next Simpan cannot resend it unseen.
        setFile(undefined);
        setFileError(uploadFailedMessage(error));
        return;
      }
      if (fieldErrors?.length) {
        showFieldErrors(
          form,
          fieldErrors.filter((e) => e.field !== 'file'),
        );
      }
      toast((error as Error).message);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(meeting, material)}
      requiredMark={false}
      onValuesChange={(changed: Partial<MaterialFormValues>) => {
        if ('tipe_file' in changed) {
          setFile(undefined);
          setFileError(undefined);
        }
      }}
    >
      <MeetingField meeting={meeting} requiredMessage={materialMessages.pertemuanRequired} />
      <Form.Item
        name="judul"
        label="Judul"
        rules={[{ required: true, whitespace: true, message: materialMessages.judulRequired }]}
      >
        <Input placeholder="Judul materi" maxLength={255} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexDirection: isPhone ? 'column' : 'row' }}>
        <Form.Item
          name="jenis_materi"
          label="Jenis Materi"
          style={{ flex: 1 }}
          rules={[{ required: true, message: materialMessages.jenisRequired }]}
        >
          <Select
            placeholder="Pilih jenis"
            options={materialKinds.map((k) => ({ value: k, label: materialKindLabel(k) }))}
          />
        </Form.Item>
        <Form.Item
          name="tipe_file"
          label="Tipe"
          style={{ flex: 1 }}
          rules={[{ required: true, message: materialMessages.tipeRequired }]}
        >
          <Select
            placeholder="Pilih tipe"
            options={materialFileTypes.map((t) => ({ value: t, label: materialFileTypeLabels[t] }))}
          />
        </Form.Item>
      </div>
      {tipeFile === 'url' ? (
        <Form.Item
          name="file_url"
          label="Link"
          rules={[{ required: true, whitespace: true, message: materialMessages.urlRequired }]}
        >
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
      ) : tipeFile ? (
        <Form.Item
          label="File"
          validateStatus={fileError ? 'error' : undefined}
          help={fileError}
          extra={`Format: ${materialAccept(tipeFile).replaceAll(',', ', ')} · maksimal ${limitMb} MB`}
        >
          <Upload.Dragger
            accept={materialAccept(tipeFile)}
            multiple={false}
            showUploadList={false}
            beforeUpload={chooseFile}
            aria-label="Pilih file materi"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Klik atau seret file ke sini</p>
          </Upload.Dragger>
          {file || storedFile ? (
            <Typography.Text style={{ display: 'block', marginTop: 8 }}>
              <PaperClipOutlined /> {file ? `${file.name} (${formatFileSize(file.size)})` : storedFile!.name}
            </Typography.Text>
          ) : null}
        </Form.Item>
      ) : null}
      <Form.Item
        name="deskripsi"
        label="Deskripsi"
        rules={[richTextRequired(materialMessages.deskripsiRequired)]}
      >
        <RichTextEditor label="Deskripsi materi" />
      </Form.Item>
      <MaterialScheduleFields online={online} />
      {save.isPending && tipeFile !== 'url' && file ? <UploadProgressBar progress={upload.progress} /> : null}
      {!online ? (
        <Alert
          type="info"
          showIcon
          title="Pertemuan offline: kehadiran dicatat manual."
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <ContentFormFooter onCancel={onClose} onSave={() => void submit()} saving={save.isPending} />
    </Form>
  );
}
