import { useState } from 'react';
import { useParams } from 'react-router';
import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  Button,
  Card,
  Descriptions,
  Dropdown,
  Pagination,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Question } from '@lms/contract/exam.schema';
import {
  keyAttachmentExtensions,
  questionAttachmentExtensions,
  questionBankMessages,
} from '@lms/contract/question-bank.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QuestionEditorModal, type QuestionMedia } from '../../../components/question-editor-modal.tsx';
import { QuestionView } from '../../../components/question-view.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { copyFromExam } from '../api/copy-questions.ts';
import { downloadBankPdf } from '../api/download-bank-pdf.ts';
import { useBank } from '../api/get-bank.ts';
import { deleteOptionImage, uploadOptionImage } from '../api/option-images.ts';
import { useSaveBankQuestion } from '../api/save-bank-question.ts';
import { BankFormModal, type BankFormMode } from '../components/bank-form-modal.tsx';
import { BankExportButton, BankImportModal, importMenuItem } from '../components/bank-import-export.tsx';
import { BankQuestionHistoryButton } from '../components/bank-question-history.tsx';
import { CopyFromExamModal } from '../components/copy-from-exam-modal.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * /bank-soal/{id} (spec 3 §2): Judul, Deskripsi, Pembuat, Jumlah Soal, Tampilan; Cari soal; Unduh, Ubah
 * Bank Soal, Unduh Moodle XML and Tambah Soal (Soal Baru, Dari Kuis/Ujian, Impor Soal; disabled at the
 * college's limit); each question a card with its key, 50 a page, searched by the server; "Ups! Data
 * Kosong" when empty and NO DATA when it cannot load.
 */
export function BankDetailPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const bank = useBank(id, { page, search });
  const client = useQueryClient();
  const { message, notification } = useToasts();
  const saveQuestion = useSaveBankQuestion();
  const [editing, setEditing] = useState<{ question?: Question } | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [formMode, setFormMode] = useState<BankFormMode | null>(null);
  const [copying, setCopying] = useState(false);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const soalMb = useUploadLimitMb('soal_bank_soal');
  const kunciMb = useUploadLimitMb('kunci_bank_soal');
  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom', duration: 5 });

  if (bank.isPending) return <Spin />;
  if (bank.isError)
    return (
      <Card>
        <Typography.Text type="secondary">NO DATA</Typography.Text>
      </Card>
    );
  const b = bank.data;
  const full = b.jumlah_soal >= b.maks_soal;
  const shown = b.list_soal;
  const media: QuestionMedia = {
    uploadImage: (file) => uploadOptionImage(file, 'bank_soal'),
    deleteImage: deleteOptionImage,
    attachments: {
      soal: { extensions: questionAttachmentExtensions, maxBytes: soalMb * 1_000_000 },
      kunci: { extensions: keyAttachmentExtensions, maxBytes: kunciMb * 1_000_000 },
    },
  };

  const download = async () => {
    if (!b.jumlah_soal) {
      notification.error({ title: questionBankMessages.emptyBank, placement: 'bottom', duration: 5 });
      return;
    }
    setDownloading(true);
    try {
      await downloadBankPdf(b.id, b.judul);
    } catch (error) {
      fail(error);
    } finally {
      setDownloading(false);
    }
  };

  const addMenu = {
    items: [{ key: 'baru', label: 'Soal Baru' }, { key: 'ujian', label: 'Dari Kuis/Ujian' }, importMenuItem],
    onClick: ({ key }: { key: string }) =>
      key === 'baru' ? setEditing({}) : key === importMenuItem.key ? setImporting(true) : setCopying(true),
  };

  return (
    <>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Detail Bank Soal">
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            items={[
              { key: 'judul', label: 'Judul', children: b.judul },
              { key: 'mk', label: 'Mata Kuliah', children: `${b.mata_kuliah.kode} - ${b.mata_kuliah.nama}` },
              { key: 'deskripsi', label: 'Deskripsi', children: b.deskripsi },
              { key: 'pembuat', label: 'Pembuat', children: b.pembuat },
              { key: 'jumlah', label: 'Jumlah Soal', children: `${b.jumlah_soal} / ${b.maks_soal}` },
              {
                key: 'tampilan',
                label: 'Tampilan',
                children: (
                  <Tag color={b.ditampilkan ? 'green' : 'gold'}>
                    {b.ditampilkan ? 'Ditampilkan' : 'Disembunyikan'}
                  </Tag>
                ),
              },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }}>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
              Unduh
            </Button>
            <BankExportButton format="moodle_xml" bankId={b.id} judul={b.judul} empty={!b.jumlah_soal} />
            <BankExportButton format="gift" bankId={b.id} judul={b.judul} empty={!b.jumlah_soal} />
            {b.akses.ubah ? (
              <Button icon={<EditOutlined />} onClick={() => setFormMode({ kind: 'update', bank: b })}>
                Ubah Bank Soal
              </Button>
            ) : null}
          </Space>
        </Card>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <SearchBox
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
            placeholder="Cari soal"
            style={{ maxWidth: 360 }}
          />
          {b.akses.ubah ? (
            <Tooltip title={full ? questionBankMessages.tooManyQuestions(b.maks_soal) : undefined}>
              <Dropdown menu={addMenu} disabled={full} trigger={['click']}>
                <Button type="primary" icon={<PlusOutlined />} disabled={full}>
                  Tambah Soal <DownOutlined />
                </Button>
              </Dropdown>
            </Tooltip>
          ) : null}
        </div>
        {b.jumlah_soal === 0 ? (
          <Card>
            <EmptyState description={questionBankMessages.emptyDetail} />
          </Card>
        ) : shown.length === 0 ? (
          <Card>
            <EmptyState description="Tidak ada soal yang cocok dengan pencarian." />
          </Card>
        ) : (
          shown.map((q) => (
            <Card key={q.id} size="small" data-testid="bank-question">
              <QuestionView
                question={q}
                answer={
                  q.isi.jenis === 'pilihan'
                    ? { jenis: 'pilihan', pilihan: q.isi.kunci }
                    : q.isi.jenis === 'benar_salah'
                      ? { jenis: 'benar_salah', benar_salah: q.isi.kunci }
                      : null
                }
                readOnly
                hideAnswer
              />
              <Space style={{ marginTop: 8 }} wrap>
                {b.akses.ubah ? (
                  <>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ question: q })}>
                      Ubah Soal {q.nomor}
                    </Button>
                    <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(q)}>
                      Hapus Soal {q.nomor}
                    </Button>
                  </>
                ) : null}
                <BankQuestionHistoryButton bankId={b.id} questionId={q.id} nomor={q.nomor} />
              </Space>
            </Card>
          ))
        )}
        {b.meta_soal.total_pages > 1 ? (
          <Pagination
            align="center"
            current={b.meta_soal.page}
            pageSize={b.meta_soal.per_page}
            total={b.meta_soal.total_items}
            showSizeChanger={false}
            onChange={(next) => {
              setPage(next);
              window.scrollTo({ top: 0 });
            }}
          />
        ) : null}
      </Space>
      {/* Outside the Space: it keys children by position, so modals after the cards would remount when
          the number of cards changes (and close an open modal). */}
      <QuestionEditorModal
        open={!!editing}
        question={editing?.question}
        media={media}
        onClose={() => setEditing(null)}
        onSave={async (input, onUploadProgress) => {
          await saveQuestion.mutateAsync({
            kind: 'save',
            bankId: b.id,
            soalId: editing?.question?.id,
            input,
            onUploadProgress,
          });
          message.success(questionBankMessages.questionSaved);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        danger
        title={deleting ? `Hapus Soal Nomor ${deleting.nomor}` : ''}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await saveQuestion.mutateAsync({ kind: 'delete', bankId: b.id, soalId: deleting.id });
            // The last question of the last page: show the page before, not an empty one.
            if (shown.length === 1 && page > 1) setPage(page - 1);
            message.success(questionBankMessages.questionDeleted);
            setDeleting(null);
          } catch (error) {
            fail(error);
          }
        }}
        onCancel={() => setDeleting(null)}
      >
        {questionBankMessages.deleteQuestionConfirm}
      </ConfirmDialog>
      <BankFormModal
        mode={formMode}
        isOperator={user.role === 'operator'}
        onClose={() => setFormMode(null)}
      />
      <BankImportModal bankId={b.id} open={importing} onClose={() => setImporting(false)} />
      <CopyFromExamModal
        open={copying}
        dosenId={user.role === 'dosen' ? user.id : b.id_dosen}
        onClose={() => setCopying(false)}
        onSubmit={async (examId, ids) => {
          const n = await copyFromExam(b.id, examId, ids);
          await client.invalidateQueries({ queryKey: questionBankKeys.all });
          message.success(questionBankMessages.copied(n));
        }}
      />
    </>
  );
}
