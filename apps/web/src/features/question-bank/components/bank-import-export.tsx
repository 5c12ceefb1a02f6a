import { useState } from 'react';
import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import { QuestionImportModal } from '../../../components/question-import-modal.tsx';
import { downloadImportTemplate } from '../api/download-import-template.ts';
import { exportGift } from '../api/export-gift.ts';
import { exportMoodleXml } from '../api/export-moodle-xml.ts';
import { useImportQuestions } from '../api/import-questions.ts';
import { previewImport } from '../api/preview-import.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** The Tambah Soal dropdown's entry that opens Impor Soal. */
export const importMenuItem = { key: 'impor', label: 'Impor Soal' } as const;

/** The bank's Impor Soal modal (Excel templates, GIFT, Aiken, Moodle XML) wired to the API. */
export function BankImportModal({
  bankId,
  open,
  onClose,
}: {
  bankId: string;
  open: boolean;
  onClose(): void;
}) {
  const importing = useImportQuestions(bankId);
  return (
    <QuestionImportModal
      open={open}
      onClose={onClose}
      onPreview={(request) => previewImport(bankId, request)}
      onImport={(request) => importing.mutateAsync(request)}
      onDownloadTemplate={downloadImportTemplate}
    />
  );
}

const exporters = {
  moodle_xml: { label: 'Unduh Moodle XML', run: exportMoodleXml },
  gift: { label: 'Unduh GIFT', run: exportGift },
} as const;

/**
 * Unduh Moodle XML / Unduh GIFT: the bank's questions for Moodle (or another bank); "Belum ada soal"
 * when empty.
 */
export function BankExportButton({
  format,
  bankId,
  judul,
  empty,
}: {
  format: keyof typeof exporters;
  bankId: string;
  judul: string;
  empty: boolean;
}) {
  const { notification } = useToasts();
  const [busy, setBusy] = useState(false);
  const exporter = exporters[format];
  const run = async () => {
    if (empty) {
      notification.error({ title: questionBankMessages.emptyBank, placement: 'bottom', duration: 5 });
      return;
    }
    setBusy(true);
    try {
      await exporter.run(bankId, judul);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom', duration: 5 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()}>
      {exporter.label}
    </Button>
  );
}
