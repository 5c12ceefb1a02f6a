import { lazy, Suspense, useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Segmented, Space } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { Announcement } from '@lms/contract/announcement.schema';
import { defaultPageSize, pageSizeOptions } from '@lms/contract/pagination.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { announcementsQuery, type AnnouncementListParams } from '../../../lib/queries/list-announcements.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useDeletePublication } from '../api/save-publication.ts';
import { PublicationDetail } from '../components/publication-detail.tsx';
import { PublicationList } from '../components/publication-list.tsx';
import { useToasts } from '../../../components/toasts.tsx';

// The form carries the rich-text editor, which readers never need: loaded when opened.
const PublicationFormModal = lazy(async () => ({
  default: (await import('../components/publication-form-modal.tsx')).PublicationFormModal,
}));

type StatusFilter = NonNullable<AnnouncementListParams['status']>;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * /pengumuman: the announcements, newest first, and the chosen one in full. `?index={n}` opens the
 * n-th (from 0, in this order) — the dashboard card links there. Operators with write add, edit and
 * delete; with read they also see scheduled ones.
 */
export function AnnouncementsPage() {
  const [params, setParams] = useSearchParams();
  const isPhone = useIsPhone();
  const { message } = useToasts();

  const perPageParam = positiveInt(params.get('per_page'));
  const perPage = pageSizeOptions.some((n) => n === perPageParam) ? perPageParam! : defaultPageSize;
  const index = positiveInt(params.get('index'));
  const page =
    index !== undefined ? Math.floor(index / perPage) + 1 : Math.max(1, positiveInt(params.get('page')) ?? 1);
  const search = params.get('search') ?? '';
  const statusParam = params.get('status');
  const status: StatusFilter =
    statusParam === 'terjadwal' || statusParam === 'semua' ? statusParam : 'terbit';

  const query = useQuery(
    announcementsQuery({ page, per_page: perPage, search: search || undefined, status }),
  );
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const remove = useDeletePublication('pengumuman');

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  const onSearch = useCallback(
    (value: string) => update({ search: value, page: undefined, index: undefined }),
    [update],
  );

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert type="error" showIcon message="Pengumuman gagal dimuat" description={query.error.message} />
    );
  }

  const { data: items, meta, akses } = query.data;
  const firstIndex = (page - 1) * perPage;
  const selectedIndex = index ?? (isPhone ? undefined : firstIndex);
  const selected = selectedIndex !== undefined ? items[selectedIndex - firstIndex] : undefined;
  const showList = !isPhone || index === undefined;
  const showDetail = !isPhone || index !== undefined;

  const toolbar = (
    <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <SearchBox
          value={search}
          onSearch={onSearch}
          placeholder="Cari judul pengumuman"
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        {akses.lihat_terjadwal ? (
          <Segmented<StatusFilter>
            value={status}
            onChange={(value) =>
              update({ status: value === 'terbit' ? undefined : value, page: undefined, index: undefined })
            }
            options={[
              { label: 'Terbit', value: 'terbit' },
              { label: 'Terjadwal', value: 'terjadwal' },
              { label: 'Semua', value: 'semua' },
            ]}
          />
        ) : null}
        {akses.ubah ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            style={{ marginLeft: 'auto' }}
          >
            Tambah Pengumuman
          </Button>
        ) : null}
      </div>
    </Card>
  );

  const emptySentence =
    meta.total_items > 0
      ? 'Pengumuman yang Anda tuju tidak ditemukan.'
      : search
        ? `Tidak ada pengumuman dengan judul yang memuat "${search}".`
        : status === 'terjadwal'
          ? 'Tidak ada pengumuman yang dijadwalkan.'
          : 'Belum ada pengumuman untuk Anda.';

  return (
    <>
      {toolbar}
      {items.length === 0 ? (
        <Card>
          <EmptyState description={emptySentence} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {showList ? (
            <Col xs={24} lg={9}>
              <Card styles={{ body: { padding: 12 } }}>
                <PublicationList
                  label="Daftar pengumuman"
                  items={items}
                  selectedId={selected?.id}
                  loading={query.isFetching && query.isPlaceholderData}
                  onSelect={(i) => update({ index: String(firstIndex + i), page: undefined })}
                />
                <div style={{ marginTop: 8 }}>
                  <Pagination
                    page={page}
                    pageSize={perPage}
                    totalItems={meta.total_items}
                    onChange={(nextPage, size) =>
                      update({
                        page: nextPage === 1 ? undefined : String(nextPage),
                        per_page: size === defaultPageSize ? undefined : String(size),
                        index: undefined,
                      })
                    }
                  />
                </div>
              </Card>
            </Col>
          ) : null}
          {showDetail ? (
            <Col xs={24} lg={15}>
              {selected ? (
                <PublicationDetail
                  item={selected}
                  canEdit={akses.ubah}
                  onEdit={() => setEditing(selected)}
                  onDelete={() => setDeleting(selected)}
                  extra={
                    isPhone ? (
                      <Button
                        type="link"
                        icon={<ArrowLeftOutlined />}
                        style={{ paddingInline: 0, marginBottom: 8 }}
                        onClick={() =>
                          update({ index: undefined, page: page === 1 ? undefined : String(page) })
                        }
                      >
                        Kembali ke daftar
                      </Button>
                    ) : undefined
                  }
                />
              ) : (
                <Card>
                  <EmptyState description="Pengumuman yang Anda tuju tidak ditemukan." />
                </Card>
              )}
            </Col>
          ) : null}
        </Row>
      )}

      {editing !== undefined ? (
        <Suspense fallback={null}>
          <PublicationFormModal
            kind="pengumuman"
            open={editing !== undefined}
            item={editing ?? null}
            onClose={() => setEditing(undefined)}
            onSaved={() => {
              // A new or re-dated item may move; show the newest first.
              if (!editing) update({ index: undefined, page: undefined, search: undefined });
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus Pengumuman"
        confirmText="Hapus"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            message.success('Pengumuman berhasil dihapus');
            setDeleting(null);
            update({ index: undefined });
          } catch (error) {
            message.error(error instanceof Error ? error.message : 'Terjadi kesalahan');
            throw error;
          }
        }}
      >
        <Space direction="vertical">
          <span>Yakin ingin menghapus pengumuman ini?</span>
          <strong>{deleting?.judul}</strong>
        </Space>
      </ConfirmDialog>
    </>
  );
}
