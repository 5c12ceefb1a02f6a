import { useState } from 'react';
import { Form, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  attendanceRequirementAllowed,
  defaultMaterialDeadline,
  materialKindLabel,
  materialMessages,
} from '@lms/contract/material.rules';
import type { MaterialSearchItem } from '@lms/contract/material.schema';
import { defaultPageSize } from '@lms/contract/pagination.rules';
import { Pagination, rowNumber } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { toPickerValue } from '../../../lib/date.ts';
import { useCopyMaterials } from '../api/copy-materials.ts';
import { useMaterialSearch } from '../api/search-materials.ts';
import { MaterialScheduleFields, scheduleOf, type MaterialScheduleValues } from './material-form-fields.tsx';
import type { MaterialMeeting } from './material-meeting.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { MeetingField } from '../../../components/meeting-field.tsx';
import {
  ContentFormFooter,
  useFormErrorToast,
  validatedValues,
} from '../../../components/meeting-content-form.tsx';

/**
 * Salin Materi Kelas Lain (spec 2 §2): search by title, a selectable table of other classes' materials
 * with paging, the display and attendance choices of the copies, and Salin. Nothing selected answers
 * "Materi wajib dipilih!".
 */
export function MaterialCopyTab({ meeting, onClose }: { meeting: MaterialMeeting; onClose: () => void }) {
  const [form] = Form.useForm<MaterialScheduleValues & { id_pertemuan?: string }>();
  const { message } = useToasts();
  const toast = useFormErrorToast();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [selected, setSelected] = useState<string[]>([]);
  const [selectionError, setSelectionError] = useState<string>();
  const online = attendanceRequirementAllowed(meeting.jenis);
  const results = useMaterialSearch(
    { search, exclude_id_kelas_kuliah: meeting.kelasId, page, per_page: pageSize },
    true,
  );
  const copy = useCopyMaterials();

  const columns: ColumnsType<MaterialSearchItem> = [
    { title: 'No', key: 'no', width: 56, render: (_, __, i) => rowNumber(page, pageSize, i) },
    { title: 'Jenis Materi', key: 'jenis', render: (_, m) => materialKindLabel(m.jenis_materi) },
    { title: 'Judul', dataIndex: 'judul', key: 'judul' },
    {
      title: 'Format',
      key: 'format',
      render: (_, m) =>
        m.file ? (
          <a href={m.file.url} target="_blank" rel="noopener noreferrer">
            {m.file.name}
          </a>
        ) : (
          '-'
        ),
    },
    {
      title: 'Kelas',
      key: 'kelas',
      render: (_, m) =>
        `${m.kelas_kuliah.mata_kuliah.kode} ${m.kelas_kuliah.mata_kuliah.nama} · ${m.kelas_kuliah.nama}`,
    },
    { title: 'Pertemuan', key: 'pertemuan', render: (_, m) => m.pertemuan.nomor },
    { title: 'Pengunggah', key: 'pengunggah', render: (_, m) => m.created_by?.name.toLowerCase() ?? '-' },
  ];

  const submit = async () => {
    if (selected.length === 0) setSelectionError(materialMessages.materiRequired);
    const values = await validatedValues(form, toast);
    if (!values) return;
    if (selected.length === 0) {
      toast(materialMessages.materiRequired);
      return;
    }
    const schedule = scheduleOf(values, meeting.timeZone, online);
    try {
      await copy.mutateAsync({
        id_pertemuan: values.id_pertemuan ?? meeting.id,
        list_id: selected,
        ...schedule,
        type: 'salin',
      });
      void message.success('Materi berhasil disalin');
      onClose();
    } catch (error) {
      toast(error instanceof ApiError ? error.message : (error as Error).message);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        id_pertemuan: meeting.id,
        tampil: 'sekarang',
        is_syarat_hadir: online,
        deadline: online ? toPickerValue(defaultMaterialDeadline(meeting), meeting.timeZone) : null,
      }}
    >
      <MeetingField meeting={meeting} requiredMessage={materialMessages.pertemuanRequired} />
      <SearchBox
        value={search}
        placeholder="Cari judul materi"
        label="Cari judul materi"
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<MaterialSearchItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={results.data?.data ?? []}
        loading={results.isFetching}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: 'No records' }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => {
            setSelected(keys as string[]);
            if (keys.length) setSelectionError(undefined);
          },
        }}
      />
      {selectionError ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {selectionError}
        </Typography.Text>
      ) : null}
      <div style={{ margin: '12px 0 16px' }}>
        <Pagination
          page={page}
          pageSize={pageSize}
          totalItems={results.data?.meta.total_items ?? 0}
          onChange={(p, size) => {
            setPage(p);
            setPageSize(size);
          }}
        />
      </div>
      <MaterialScheduleFields online={online} />
      <ContentFormFooter
        onCancel={onClose}
        onSave={() => void submit()}
        saving={copy.isPending}
        saveText="Salin"
      />
    </Form>
  );
}
