import { useState } from 'react';
import { DatabaseOutlined } from '@ant-design/icons';
import { Button, Checkbox, Modal, Select, Space, Spin, Typography } from 'antd';
import { questionKindLabels } from '@lms/contract/exam.rules';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { takeFromBank } from '../api/copy-questions.ts';
import { useBank } from '../api/get-bank.ts';
import { useBanks } from '../api/list-banks.ts';
import { useToasts } from '../../../components/toasts.tsx';

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
  const { message, notification } = useToasts();
  const banks = useBanks({ page: 1, per_page: 100 });
  const [bankId, setBankId] = useState<string | null>(null);
  const bank = useBank(bankId ?? '');
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const questions = bankId && bank.data ? bank.data.list_soal : [];

  const submit = async () => {
    if (!bankId || !chosen.length) {
      notification.error({ title: questionBankMessages.noneSelected, placement: 'bottom', duration: 5 });
      return;
    }
    setSaving(true);
    try {
      const n = await takeFromBank(examId, groupId, bankId, chosen);
      message.success(`Berhasil mengambil ${n} soal dari bank soal`);
      onDone();
      onClose();
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom', duration: 5 });
    } finally {
      setSaving(false);
    }
  };

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
        }}
        options={(banks.data?.data ?? []).map((b) => ({
          value: b.id,
          label: `${b.judul} (${b.mata_kuliah.kode}, ${b.jumlah_soal} soal)`,
        }))}
      />
      {bankId ? (
        bank.isPending ? (
          <Spin />
        ) : questions.length === 0 ? (
          <EmptyState description={questionBankMessages.emptyDetail} />
        ) : (
          <div style={{ maxHeight: 360, overflow: 'auto' }}>
            <Checkbox
              checked={chosen.length === questions.length}
              indeterminate={chosen.length > 0 && chosen.length < questions.length}
              onChange={(e) => setChosen(e.target.checked ? questions.map((q) => q.id) : [])}
            >
              Pilih semua ({questions.length} soal)
            </Checkbox>
            <Checkbox.Group
              value={chosen}
              onChange={(v) => setChosen(v as string[])}
              style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}
            >
              {questions.map((q) => (
                <Checkbox key={q.id} value={q.id} aria-label={`Soal bank ${q.nomor}`}>
                  <Typography.Text strong>
                    {q.nomor}. {questionKindLabels[q.jenis]}
                  </Typography.Text>
                  <RichText html={q.pertanyaan} />
                </Checkbox>
              ))}
            </Checkbox.Group>
          </div>
        )
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Ambil Soal
        </Button>
      </div>
    </Space>
  );
}
