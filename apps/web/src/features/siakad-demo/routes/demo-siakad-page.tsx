import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useParams } from 'react-router';
import { formatRecapScore } from '@lms/contract/grade.rules';
import { PageLoader } from '../../../components/page-loader.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useDemoSiakadClass, useDemoSiakadMutations } from '../api/demo-siakad.ts';
import { useToasts } from '../../../components/toasts.tsx';

const day = 86_400_000;

/**
 * /nilai/{id}/demo-siakad: the demo SIAKAD's screen for one class (there is no public SIAKAD): open and
 * close the grade entry window, lock and unlock the class, and change a student's value "in SIAKAD" so
 * that update_by_sikad and the overwrite confirmation can be tried.
 */
export function DemoSiakadPage() {
  const { id = '' } = useParams();
  const isPhone = useIsPhone();
  const timeZone = useTimeZone();
  const { message, notification } = useToasts();
  const state = useDemoSiakadClass(id);
  const { update, change } = useDemoSiakadMutations();
  const [start, setStart] = useState<Dayjs | null>(null);
  const [end, setEnd] = useState<Dayjs | null>(null);
  const [form] = Form.useForm<{ id_komponen: string; nim: string; nilai: number }>();

  if (state.isPending) return <PageLoader />;
  if (state.isError) return <Alert type="error" showIcon title={normalizeApiError(state.error).message} />;
  const d = state.data;
  const fail = (error: unknown) =>
    notification.error({ title: normalizeApiError(error).message, placement: 'bottom' });
  const save = async (changeSet: Parameters<typeof update.mutateAsync>[0]['change'], done: string) => {
    try {
      await update.mutateAsync({ classId: id, change: changeSet });
      message.success(done);
    } catch (error) {
      fail(error);
    }
  };
  const label = (k: string) => d.komponen.find((c) => c.id === k)?.label ?? k;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="Demo Siakad"
        description="Halaman ini berperan sebagai Siakad untuk demo: perubahan di sini terlihat oleh LMS seperti perubahan di Siakad sungguhan."
      />
      <Card
        title="Waktu Entri Nilai dan Kunci"
        extra={<Link to={`/nilai/${encodeURIComponent(id)}`}>Rekap Nilai</Link>}
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={isPhone ? 1 : 2}
            items={[
              {
                key: 's',
                label: 'Mulai',
                children: d.waktu_entri_nilai_start
                  ? formatDateTime(d.waktu_entri_nilai_start, timeZone)
                  : '-',
              },
              {
                key: 'e',
                label: 'Selesai',
                children: d.waktu_entri_nilai_end ? formatDateTime(d.waktu_entri_nilai_end, timeZone) : '-',
              },
              {
                key: 'l',
                label: 'Kunci Nilai',
                children: (
                  <Space>
                    <Switch
                      checked={d.is_nilai_dikunci}
                      aria-label="Kunci nilai kelas"
                      loading={update.isPending}
                      onChange={(locked) =>
                        void save(
                          { is_nilai_dikunci: locked },
                          locked ? 'Nilai kelas dikunci' : 'Kunci nilai dibuka',
                        )
                      }
                    />
                    <Tag color={d.is_nilai_dikunci ? 'red' : 'green'}>
                      {d.is_nilai_dikunci ? 'Dikunci' : 'Terbuka'}
                    </Tag>
                  </Space>
                ),
              },
            ]}
          />
          <Space wrap>
            <Button
              onClick={() => {
                const now = Date.now();
                void save(
                  {
                    waktu_entri_nilai_start: new Date(now - 2 * day).toISOString(),
                    waktu_entri_nilai_end: new Date(now + 7 * day).toISOString(),
                  },
                  'Waktu entri nilai dibuka',
                );
              }}
            >
              Buka Waktu Entri
            </Button>
            <Button
              danger
              onClick={() => {
                const now = Date.now();
                void save(
                  {
                    waktu_entri_nilai_start: new Date(now - 9 * day).toISOString(),
                    waktu_entri_nilai_end: new Date(now - 60_000).toISOString(),
                  },
                  'Waktu entri nilai ditutup',
                );
              }}
            >
              Tutup Waktu Entri
            </Button>
          </Space>
          <Space wrap>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              placeholder="Mulai"
              value={start}
              onChange={setStart}
              aria-label="Mulai entri"
            />
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              placeholder="Selesai"
              value={end}
              onChange={setEnd}
              aria-label="Selesai entri"
            />
            <Button
              type="primary"
              disabled={!start || !end}
              onClick={() =>
                void save(
                  {
                    waktu_entri_nilai_start: start!.toISOString(),
                    waktu_entri_nilai_end: end!.toISOString(),
                  },
                  'Waktu entri nilai disimpan',
                )
              }
            >
              Simpan Waktu
            </Button>
          </Space>
        </Space>
      </Card>
      <Card title="Ubah Nilai di Siakad">
        <Form
          form={form}
          layout={isPhone ? 'vertical' : 'inline'}
          onFinish={async (value) => {
            try {
              await change.mutateAsync({ classId: id, value });
              message.success('Nilai di Siakad diubah');
            } catch (error) {
              fail(error);
            }
          }}
        >
          <Form.Item
            name="id_komponen"
            label="Komponen"
            rules={[{ required: true, message: 'Pilih komponen' }]}
          >
            <Select
              style={{ minWidth: 160 }}
              options={d.komponen.map((k) => ({ value: k.id, label: `${k.label} (${k.bobot}%)` }))}
            />
          </Form.Item>
          <Form.Item name="nim" label="NIM" rules={[{ required: true, message: 'NIM wajib diisi' }]}>
            <AutoComplete
              style={{ minWidth: 160 }}
              options={[...new Set(d.nilai.map((v) => v.nim))].map((nim) => ({ value: nim, label: nim }))}
            />
          </Form.Item>
          <Form.Item name="nilai" label="Nilai" rules={[{ required: true, message: 'Nilai wajib diisi' }]}>
            <InputNumber min={0} max={100} step={0.01} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              Ubah Nilai
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title="Nilai di Siakad">
        <Table
          size="small"
          rowKey={(v) => `${v.id_komponen}:${v.nim}`}
          dataSource={d.nilai}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description="Belum ada nilai di Siakad." /> }}
          columns={[
            { title: 'NIM', dataIndex: 'nim' },
            { title: 'Komponen', render: (_, v) => label(v.id_komponen) },
            { title: 'Nilai', align: 'right', render: (_, v) => formatRecapScore(v.nilai) },
            {
              title: 'Diubah oleh',
              render: (_, v) => (
                <Space>
                  {v.updated_by}
                  {v.update_by_sikad ? <Tag color="gold">Siakad</Tag> : <Tag color="blue">LMS</Tag>}
                </Space>
              ),
            },
            { title: 'Waktu', render: (_, v) => formatDateTime(dayjs(v.updated_at).toISOString(), timeZone) },
          ]}
        />
      </Card>
    </Space>
  );
}
