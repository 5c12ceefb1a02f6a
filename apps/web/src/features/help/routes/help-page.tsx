import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { HelpArticle } from '@lms/contract/help.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { helpQuery, useDeleteHelp } from '../api/help-articles.ts';
import { useToasts } from '../../../components/toasts.tsx';

// The form carries the rich-text editor, which readers never need: loaded when opened.
const HelpFormModal = lazy(async () => ({
  default: (await import('../components/help-form-modal.tsx')).HelpFormModal,
}));

/** /bantuan: questions and answers by topic, with a search; operators with write on data_sistem edit. */
export function HelpPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const query = useQuery(helpQuery(search || undefined));
  const { message } = useToasts();
  const [editing, setEditing] = useState<HelpArticle | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<HelpArticle | null>(null);
  const remove = useDeleteHelp();

  const onSearch = useCallback(
    (value: string) => setParams(value ? { search: value } : {}, { replace: true }),
    [setParams],
  );

  const groups = useMemo(() => {
    const map = new Map<string, HelpArticle[]>();
    for (const article of query.data?.data ?? []) {
      map.set(article.kategori, [...(map.get(article.kategori) ?? []), article]);
    }
    return [...map.entries()];
  }, [query.data]);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <Alert type="error" showIcon message="Bantuan gagal dimuat" description={query.error.message} />;
  }
  const canEdit = query.data.akses.ubah;

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Space align="start" size={16} style={{ width: '100%' }}>
          <QuestionCircleOutlined aria-hidden style={{ fontSize: 32, color: '#1d4ed8', marginTop: 4 }} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              Pusat Bantuan
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              Jawaban atas pertanyaan yang sering diajukan tentang LMS.
            </Typography.Paragraph>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
              <SearchBox
                value={search}
                onSearch={onSearch}
                placeholder="Cari bantuan"
                style={{ flex: '1 1 220px', maxWidth: 420 }}
              />
              {canEdit ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                  Tambah Bantuan
                </Button>
              ) : null}
            </div>
          </div>
        </Space>
      </Card>

      {groups.length === 0 ? (
        <Card>
          <EmptyState
            description={
              search ? `Tidak ada bantuan yang memuat "${search}".` : 'Belum ada bantuan yang tersedia.'
            }
          />
        </Card>
      ) : (
        groups.map(([kategori, articles]) => (
          <section key={kategori} aria-label={kategori} style={{ marginBottom: 20 }}>
            <Typography.Title level={5} style={{ marginBottom: 8 }}>
              {kategori}
            </Typography.Title>
            <Collapse
              style={{ background: '#fff' }}
              items={articles.map((article) => ({
                key: article.id,
                label: <span style={{ fontWeight: 500 }}>{article.judul}</span>,
                children: (
                  <>
                    <RichText html={article.isi} />
                    {canEdit ? (
                      <Space style={{ marginTop: 16 }} wrap>
                        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(article)}>
                          Ubah
                        </Button>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => setDeleting(article)}
                        >
                          Hapus
                        </Button>
                      </Space>
                    ) : null}
                  </>
                ),
              }))}
            />
          </section>
        ))
      )}

      {editing !== undefined ? (
        <Suspense fallback={null}>
          <HelpFormModal
            open={editing !== undefined}
            item={editing ?? null}
            categories={groups.map(([k]) => k)}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus Bantuan"
        confirmText="Hapus"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            message.success('Bantuan berhasil dihapus');
            setDeleting(null);
          } catch (error) {
            message.error(error instanceof Error ? error.message : 'Terjadi kesalahan');
            throw error;
          }
        }}
      >
        Yakin ingin menghapus bantuan <strong>{deleting?.judul}</strong>?
      </ConfirmDialog>
    </>
  );
}
