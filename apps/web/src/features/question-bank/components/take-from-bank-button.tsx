import { useState } from 'react';
import { DatabaseOutlined } from '@ant-design/icons';
import { Button, Modal, Pagination, Select, Space, Spin, Typography } from 'antd';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { takeFromBank } from '../api/copy-questions.ts';
import { useBank } from '../api/get-bank.ts';
import { useBanks } from '../api/list-banks.ts';
import { useToasts } from '../../../components/toasts.tsx';
import { QuestionPickList, useQuestionPickSubmit } from './question-pick-list.tsx';

/** "Ambil dari Bank Soal": an exam group takes chosen questions of a bank the user sees. */
export function TakeFromBankButton({
  examId,
  groupId,
  onDone,
}: {
  examId: string;
  groupId: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const isPhone = useIsPhone();
  return (
    <>
      <Button icon={<DatabaseOutlined />} onClick={() => setOpen(true)}>
        Ambil dari Bank Soal
      </Button>
      <Modal
        open={open}
        title="Ambil Soal dari Bank Soal"
        width={modalWidth('default', isPhone)}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        {open ? (
          <TakeForm examId={examId} groupId={groupId} onDone={onDone} onClose={() => setOpen(false)} />
        ) : null}
      </Modal>
    </>
  );
}

function TakeForm({
  examId,
  groupId,
  onDone,
  onClose,
}: {
  examId: string;
  groupId: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const { message } = useToasts();
  const { saving, submit } = useQuestionPickSubmit(onClose);
  const banks = useBanks({ page: 1, per_page: 100 });
  const [bankId, setBankId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const bank = useBank(bankId ?? '', { page, search });
  const [chosen, setChosen] = useState<string[]>([]);
  const questions = bankId && bank.data ? bank.data.list_soal : [];
  const meta = bankId ? bank.data?.meta_soal : undefined;

  const take = () =>
    submit(!!bankId && chosen.length > 0, async () => {
      const n = await takeFromBank(examId, groupId, bankId!, chosen);
      message.success(`Berhasil mengambil ${n} soal dari bank soal`);
      onDone();
    });

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Select
        aria-label="Bank Soal"
        placeholder="Pilih bank soal"
        style={{ width: '100%' }}
        loading={banks.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        value={bankId ?? undefined}
        onChange={(v: string) => {
          setBankId(v);
          setChosen([]);
          setSearch('');
          setPage(1);
        }}
        options={(banks.data?.data ?? []).map((b) => ({
          value: b.id,
          label: `${b.judul} (${b.mata_kuliah.kode}, ${b.jumlah_soal} soal)`,
        }))}
      />
      {bankId && (bank.data?.jumlah_soal ?? 0) > 0 ? (
        <SearchBox
          value={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Cari soal"
        />
      ) : null}
      {bankId ? (
        bank.isPending ? (
          <Spin />
        ) : questions.length === 0 ? (
          <EmptyState
            description={
              bank.data?.jumlah_soal
                ? 'Tidak ada soal yang cocok dengan pencarian.'
                : questionBankMessages.emptyDetail
            }
          />
        ) : (
          <QuestionPickList
            questions={questions.map((q) => ({ ...q, label: `Soal bank ${q.nomor}` }))}
            chosen={chosen}
            onChange={setChosen}
          />
        )
      ) : null}
      {meta && meta.total_pages > 1 ? (
        <Pagination
          size="small"
          align="center"
          current={meta.page}
          pageSize={meta.per_page}
          total={meta.total_items}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
      {chosen.length > 0 ? (
        <Typography.Text type="secondary">{chosen.length} soal dipilih</Typography.Text>
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={saving} onClick={() => void take()}>
          Ambil Soal
        </Button>
      </div>
    </Space>
  );
}
