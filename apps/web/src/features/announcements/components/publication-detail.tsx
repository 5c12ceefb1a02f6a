import type { ReactNode } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { publicationStatusLabels, type Announcement } from '@lms/contract/announcement.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import './publication-list.css';

/** One announcement or news article in full (a news cover on top), with edit and delete for those who may. */
export function PublicationDetail({
  item,
  canEdit,
  onEdit,
  onDelete,
  extra,
}: {
  item: Announcement & { ringkasan?: string; gambar_url?: string | null };
  canEdit: boolean;
  onEdit?(): void;
  onDelete?(): void;
  /** Shown above the title (e.g. a back button on phones). */
  extra?: ReactNode;
}) {
  const timeZone = useTimeZone();
  return (
    <Card>
      <article aria-labelledby={`judul-${item.id}`}>
        {extra}
        {item.gambar_url ? (
          <img className="publication-cover" src={item.gambar_url} alt={`Gambar sampul ${item.judul}`} />
        ) : null}
        <Space size={[8, 4]} wrap style={{ marginBottom: 4 }}>
          <Typography.Text type="secondary">{formatDateTime(item.tanggal_publish, timeZone)}</Typography.Text>
          {item.status === 'terjadwal' ? <Tag color="orange">{publicationStatusLabels.terjadwal}</Tag> : null}
          {item.penulis ? <Typography.Text type="secondary">· {item.penulis.nama}</Typography.Text> : null}
        </Space>
        <Typography.Title
          level={3}
          id={`judul-${item.id}`}
          style={{ marginTop: 0, fontSize: 'clamp(19px, 4.5vw, 24px)' }}
        >
          {item.judul}
        </Typography.Title>
        {item.ringkasan ? (
          <Typography.Paragraph type="secondary" style={{ fontSize: 15 }}>
            {item.ringkasan}
          </Typography.Paragraph>
        ) : null}
        <RichText html={item.isi} />
        {canEdit ? (
          <Space style={{ marginTop: 24 }} wrap>
            <Button icon={<EditOutlined />} onClick={onEdit}>
              Ubah
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
              Hapus
            </Button>
          </Space>
        ) : null}
      </article>
    </Card>
  );
}
