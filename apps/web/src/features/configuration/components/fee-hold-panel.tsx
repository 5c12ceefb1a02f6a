import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useToasts } from '../../../components/toasts.tsx';
import { useDownloadFeeHoldTemplate } from '../api/download-fee-hold-template.ts';
import { FeeHoldCard } from './fee-hold-card.tsx';
import { FeeHoldImportModal } from './fee-hold-import-modal.tsx';
import { feeHoldImportResultMessage } from './fee-hold-import-summary.ts';
import { FeeHoldList } from './fee-hold-list.tsx';

/**
 * Konfigurasi › Tunggakan Biaya: the students on hold, the finance office's import (template, preview,
 * tambah/ganti) and one student looked up by NIM. Without write on data_master: the list and the lookup.
 */
export function FeeHoldPanel({ canWrite }: { canWrite: boolean }) {
  const { message } = useToasts();
  const template = useDownloadFeeHoldTemplate();
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  const downloadTemplate = async () => {
    try {
      const name = await template.mutateAsync();
      void message.success(`${name} diunduh.`);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Mahasiswa dengan Tunggakan
        </Typography.Title>
        {canWrite ? (
          <Flex wrap gap={8}>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={template.isPending}
              onClick={() => void downloadTemplate()}
            >
              Unduh Template
            </Button>
            <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
              Impor
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {outcome ? (
        <Alert
          type="success"
          showIcon
          closable
          title={outcome}
          onClose={() => setOutcome(null)}
          role="status"
        />
      ) : null}
      <FeeHoldList canWrite={canWrite} />
      <FeeHoldCard canWrite={canWrite} />
      {canWrite ? (
        <FeeHoldImportModal
          open={importing}
          downloadingTemplate={template.isPending}
          onDownloadTemplate={() => void downloadTemplate()}
          onImported={(result) => {
            setImporting(false);
            setOutcome(feeHoldImportResultMessage(result));
          }}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </Flex>
  );
}
