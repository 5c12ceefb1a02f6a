import { useState, type ReactNode } from 'react';
import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Typography,
  Button,
} from 'antd';
import { useParams } from 'react-router';
import { groupTexts } from '@lms/contract/task-group.rules';
import type { ClassGroups, TaskGroup } from '@lms/contract/task-group.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useClassGroups } from '../api/get-class-groups.ts';
import { createGroup, formGroups, useGroupMutation } from '../api/save-group.ts';
import { GroupCard } from '../components/group-card.tsx';
import { useToasts } from '../../../components/toasts.tsx';

/** /kelas/{id}/kelompok: the class's groups for group tasks, formed one by one or the whole class at once. */
export function ClassGroupsPage({ chat }: { chat?: (group: TaskGroup) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const groups = useClassGroups(id);
  const [dialog, setDialog] = useState<'tambah' | 'bentuk' | null>(null);
  if (groups.isPending) return <Spin />;
  if (!groups.data)
    return <EmptyState description={groups.error?.message ?? 'Kelompok tidak dapat dimuat.'} />;
  const data = groups.data;
  const canWrite = data.akses.ubah;
  return (
    <Card
      title="Kelompok"
      extra={
        canWrite ? (
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => setDialog('tambah')}>
              Tambah Kelompok
            </Button>
            <Button icon={<ThunderboltOutlined />} onClick={() => setDialog('bentuk')}>
              Bentuk Otomatis
            </Button>
          </Space>
        ) : null
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {data.kelompok.length} kelompok · {data.tanpa_kelompok.length} mahasiswa belum berkelompok
        </Typography.Text>
        {data.kelompok.length === 0 ? <EmptyState description="Belum ada kelompok di kelas ini." /> : null}
        <div
          style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
        >
          {data.kelompok.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              canWrite={canWrite}
              withoutGroup={data.tanpa_kelompok}
              chat={chat?.(group)}
            />
          ))}
        </div>
      </Space>
      {canWrite ? (
        <>
          <NewGroupModal
            open={dialog === 'tambah'}
            classId={id}
            data={data}
            onClose={() => setDialog(null)}
          />
          <FormGroupsModal
            open={dialog === 'bentuk'}
            classId={id}
            data={data}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
    </Card>
  );
}

function NewGroupModal({
  open,
  classId,
  data,
  onClose,
}: {
  open: boolean;
  classId: string;
  data: ClassGroups;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const create = useGroupMutation(createGroup);
  const { message, notification } = useToasts();
  const [form] = Form.useForm<{ nama: string; anggota: string[] }>();
  return (
    <Modal
      open={open}
      title="Tambah Kelompok"
      width={modalWidth('default', isPhone)}
      okText="Simpan"
      cancelText="Batal"
      destroyOnHidden
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        try {
          await create.mutateAsync({
            classId,
            form: {
              nama: values.nama,
              anggota: (values.anggota ?? []).map((nim) => ({ mahasiswa: { nim } })),
            },
          });
          void message.success('Kelompok berhasil ditambahkan');
          onClose();
        } catch (error) {
          notification.error({ title: (error as Error).message, placement: 'bottom' });
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ nama: groupTexts.defaultName(data.kelompok.length + 1), anggota: [] }}
      >
        <Form.Item
          name="nama"
          label="Nama Kelompok"
          rules={[{ required: true, whitespace: true, message: groupTexts.namaRequired }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="anggota" label="Anggota" extra="Anggota pertama menjadi ketua kelompok.">
          <Select
            mode="multiple"
            optionFilterProp="label"
            aria-label="Anggota"
            options={data.tanpa_kelompok.map((s) => ({ value: s.nim, label: `${s.nim} - ${s.nama}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function FormGroupsModal({
  open,
  classId,
  data,
  onClose,
}: {
  open: boolean;
  classId: string;
  data: ClassGroups;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const form = useGroupMutation(formGroups);
  const { message, notification } = useToasts();
  const [size, setSize] = useState<number | null>(4);
  const [replace, setReplace] = useState(false);
  const students = data.tanpa_kelompok.length + data.kelompok.reduce((n, g) => n + g.anggota.length, 0);
  return (
    <Modal
      open={open}
      title="Bentuk Kelompok Otomatis"
      width={modalWidth('default', isPhone)}
      okText="Bentuk"
      cancelText="Batal"
      confirmLoading={form.isPending}
      onCancel={onClose}
      onOk={async () => {
        try {
          const result = await form.mutateAsync({
            classId,
            input: { cara: 'acak', anggota_per_kelompok: size ?? 4, ganti: replace },
          });
          void message.success(`${result.kelompok.length} kelompok terbentuk`);
          onClose();
        } catch (error) {
          notification.error({ title: (error as Error).message, placement: 'bottom' });
        }
      }}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text>
          Seluruh {students} mahasiswa kelas dibagi acak ke kelompok berukuran hampir sama; anggota pertama
          tiap kelompok menjadi ketua.
        </Typography.Text>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          Anggota per kelompok
          <InputNumber
            min={2}
            max={50}
            precision={0}
            value={size}
            onChange={setSize}
            aria-label="Anggota per kelompok"
          />
        </label>
        {data.kelompok.length ? (
          <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
            Ganti kelompok yang ada
          </Checkbox>
        ) : null}
      </Space>
    </Modal>
  );
}
