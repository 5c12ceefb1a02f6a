import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { publicationStatusLabels, type News } from '@lms/contract/announcement.schema';
import { defaultPageSize, pageSizeOptions } from '@lms/contract/pagination.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { hasStatus } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { newsListQuery, newsQuery } from '../api/list-news.ts';
import { useDeletePublication } from '../api/save-publication.ts';
import { PublicationDetail } from '../components/publication-detail.tsx';
import { excerptOf } from '../components/publication-list.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import '../components/publication-list.css';

// The form carries the rich-text editor, which readers never need: loaded when opened.
const PublicationFormModal = lazy(async () => ({
  default: (await import('../components/publication-form-modal.tsx')).PublicationFormModal,
}));

/** /berita: the news, newest first; /berita/{id}: one article. */
export function NewsPage() {
  const { id } = useParams();
  return id ? <NewsArticle id={id} /> : <NewsIndex />;
}

function NewsIndex() {
  const [params, setParams] = useSearchParams();
  const timeZone = useTimeZone();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPageParam = Number(params.get('per_page'));
  const perPage = pageSizeOptions.some((n) => n === perPageParam) ? perPageParam : defaultPageSize;
  const query = useQuery(newsListQuery({ page, per_page: perPage }));
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <Alert type="error" showIcon message="Berita gagal dimuat" description={query.error.message} />;
  }
  const { data: items, meta, akses } = query.data;

  return (
    <>
      {akses.ubah ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Tambah Berita
          </Button>
        </div>
      ) : null}
      {items.length === 0 ? (
        <Card>
          <EmptyState description="Belum ada berita." />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((item) => (
            <Col key={item.id} xs={24} md={12} xl={8}>
              <Link
                to={`/berita/${item.id}`}
                aria-label={item.judul}
                style={{ display: 'block', height: '100%' }}
              >
                <Card
                  hoverable
                  style={{ height: '100%' }}
                  cover={
                    item.gambar_url ? (
                      // The title beside it names the card; the picture adds nothing to read.
                      <img className="publication-card-cover" src={item.gambar_url} alt="" loading="lazy" />
                    ) : undefined
                  }
                >
                  <Space size={8} style={{ marginBottom: 4 }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDate(item.tanggal_publish, timeZone)}
                    </Typography.Text>
                    {item.status === 'terjadwal' ? (
                      <Tag color="orange">{publicationStatusLabels.terjadwal}</Tag>
                    ) : null}
                  </Space>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    {item.judul}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ marginBottom: 0 }}>
                    {item.ringkasan || excerptOf(item.isi)}
                  </Typography.Paragraph>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
      {meta.total_items > perPage || perPage !== defaultPageSize ? (
        <Card style={{ marginTop: 16 }} styles={{ body: { padding: 12 } }}>
          <Pagination
            page={page}
            pageSize={perPage}
            totalItems={meta.total_items}
            onChange={(p, size) => setParams({ page: String(p), per_page: String(size) })}
          />
        </Card>
      ) : null}
      {creating ? (
        <Suspense fallback={null}>
          <PublicationFormModal
            kind="berita"
            open={creating}
            item={null}
            onClose={() => setCreating(false)}
            onSaved={(id) => navigate(`/berita/${id}`)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function NewsArticle({ id }: { id: string }) {
  const query = useQuery(newsQuery(id));
  const navigate = useNavigate();
  const { message } = useToasts();
  const [editing, setEditing] = useState<News | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePublication('berita');
  // The list tells whether the caller may change news.
  const access = useQuery({ ...newsListQuery({ page: 1, per_page: 5 }), select: (r) => r.akses });

  const back = (
    <Link to="/berita" style={{ display: 'inline-flex', gap: 6, marginBottom: 8 }}>
      <ArrowLeftOutlined /> Semua berita
    </Link>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Card>
        {back}
        {hasStatus(query.error, 404) || hasStatus(query.error, 400) ? (
          <EmptyState description="Berita yang Anda tuju tidak ditemukan." />
        ) : (
          <Alert type="error" showIcon message="Berita gagal dimuat" description={query.error.message} />
        )}
      </Card>
    );
  }
  const item = query.data;
  return (
    <>
      <PublicationDetail
        item={item}
        canEdit={access.data?.ubah ?? false}
        onEdit={() => setEditing(item)}
        onDelete={() => setDeleting(true)}
        extra={back}
      />
      {editing ? (
        <Suspense fallback={null}>
          <PublicationFormModal
            kind="berita"
            open={editing !== null}
            item={editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Hapus Berita"
        confirmText="Hapus"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(item.id);
            message.success('Berita berhasil dihapus');
            navigate('/berita', { replace: true });
          } catch (error) {
            message.error(error instanceof Error ? error.message : 'Terjadi kesalahan');
            throw error;
          }
        }}
      >
        Yakin ingin menghapus berita <strong>{item.judul}</strong>?
      </ConfirmDialog>
    </>
  );
}
