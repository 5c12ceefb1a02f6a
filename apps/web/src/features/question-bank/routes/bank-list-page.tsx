import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { canWriteArea } from '@lms/contract/permission.rules';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import type { BankListItem } from '@lms/contract/question-bank.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { formatDate } from '../../../lib/date.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import { useCourseRefs } from '../api/list-bank-refs.ts';
import { useBanks } from '../api/list-banks.ts';
import { useSaveBank } from '../api/save-bank.ts';
import { BankFormModal, type BankFormMode } from '../components/bank-form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * /bank-soal (spec 3 §2): cards with title, course, question count, created date, Lihat, and duplicate
 * and delete where allowed; a side panel with search, mata_kuliah and prodi_matkul.
 */
export function BankListPage() {
  const user = useCurrentUser();
  const isOperator = user.role === 'operator';
  const canCreate = !isOperator || canWriteArea(user.permissions, 'bank_soal');
  const navigate = useNavigate();
  const { message, notification } = useToasts();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const course = params.get('mata_kuliah') ?? undefined;
  const prodi = params.get('prodi_matkul') ?? undefined;
  const page = Number(params.get('page') ?? '1') || 1;
  const perPage = Number(params.get('per_page') ?? '12') || 12;
  const banks = useBanks({
    search: search || undefined,
    id_mata_kuliah: course,
    id_prodi: prodi,
    page,
    per_page: perPage,
  });
  const courses = useCourseRefs(null);
  const programs = useStudyPrograms();
  const save = useSaveBank();
  const [formMode, setFormMode] = useState<BankFormMode | null>(null);
  const [deleting, setDeleting] = useState<BankListItem | null>(null);

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await save.mutateAsync({ kind: 'delete', id: deleting.id });
      message.success(questionBankMessages.deleted);
      setDeleting(null);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    }
  };

  const items = banks.data?.data ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Bank Soal
        </Typography.Title>
        {canCreate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormMode({ kind: 'create' })}>
            Tambah Bank Soal
          </Button>
        ) : null}
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6}>
          <Card size="small" title="Filter">
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <SearchBox
                value={search}
                onSearch={(v) => setParam('search', v || undefined)}
                placeholder="Cari bank soal"
                style={{ width: '100%' }}
              />
              <Select
                aria-label="Mata Kuliah"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Mata Kuliah"
                style={{ width: '100%' }}
                value={course}
                onChange={(v: string | undefined) => setParam('mata_kuliah', v)}
                options={(courses.data ?? []).map((c) => ({ value: c.id, label: `${c.kode} - ${c.nama}` }))}
              />
              <Select
                aria-label="Prodi Mata Kuliah"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Prodi Mata Kuliah"
                style={{ width: '100%' }}
                value={prodi}
                onChange={(v: string | undefined) => setParam('prodi_matkul', v)}
                options={(programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }))}
              />
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={18}>
          {banks.isPending ? (
            <Spin />
          ) : banks.isError ? (
            <Typography.Text type="secondary">NO DATA</Typography.Text>
          ) : items.length === 0 ? (
            <Card>
              <EmptyState description="Belum ada bank soal." />
            </Card>
          ) : (
            <Row gutter={[16, 16]}>
              {items.map((bank) => (
                <Col key={bank.id} xs={24} md={12} xl={8}>
                  <Card
                    size="small"
                    data-testid="bank-card"
                    style={{ height: '100%' }}
                    actions={[
                      <Link key="lihat" to={`/bank-soal/${bank.id}`}>
                        Lihat
                      </Link>,
                      ...(bank.akses.duplikat
                        ? [
                            <Button
                              key="dup"
                              type="text"
                              size="small"
                              icon={<CopyOutlined />}
                              aria-label={`Duplikat ${bank.judul}`}
                              onClick={() => setFormMode({ kind: 'duplicate', bank })}
                            />,
                          ]
                        : []),
                      ...(bank.akses.hapus
                        ? [
                            <Button
                              key="del"
                              type="text"
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={`Hapus ${bank.judul}`}
                              onClick={() => setDeleting(bank)}
                            />,
                          ]
                        : []),
                    ]}
                  >
                    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                      <Typography.Text strong style={{ fontSize: 16 }}>
                        {bank.judul}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {bank.mata_kuliah.kode} - {bank.mata_kuliah.nama}
                      </Typography.Text>
                      <Space size={4} wrap>
                        <Tag color="blue">{bank.jumlah_soal} Soal</Tag>
                        <Tag color={bank.ditampilkan ? 'green' : 'gold'}>
                          {bank.ditampilkan ? 'Ditampilkan' : 'Disembunyikan'}
                        </Tag>
                      </Space>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {bank.dosen.nama} · Dibuat {formatDate(bank.created_at)}
                      </Typography.Text>
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
          {banks.data && banks.data.meta.total_items > 0 ? (
            <div style={{ marginTop: 16 }}>
              <Pagination
                page={page}
                pageSize={perPage}
                totalItems={banks.data.meta.total_items}
                sizes={[12, 24, 48]}
                onChange={(p, size) => {
                  const next = new URLSearchParams(params);
                  next.set('page', String(p));
                  next.set('per_page', String(size));
                  setParams(next, { replace: true });
                }}
              />
            </div>
          ) : null}
        </Col>
      </Row>
      <BankFormModal
        mode={formMode}
        isOperator={isOperator}
        onClose={() => setFormMode(null)}
        onSaved={(bank) => void navigate(`/bank-soal/${bank.id}`)}
      />
      <ConfirmDialog
        open={!!deleting}
        danger
        title="Hapus Bank Soal"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {questionBankMessages.deleteBankConfirm}
      </ConfirmDialog>
    </Space>
  );
}
