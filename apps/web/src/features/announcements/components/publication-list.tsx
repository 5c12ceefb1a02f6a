import { Spin, Tag, Typography } from 'antd';
import { publicationStatusLabels, type Announcement } from '@lms/contract/announcement.schema';
import { formatDate, formatTime } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import './publication-list.css';

/** The text of an HTML body, shortened, for list previews. */
export function excerptOf(html: string, max = 140): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A list of announcements or news; the selected one is marked. */
export function PublicationList({
  items,
  selectedId,
  onSelect,
  loading,
  label,
}: {
  items: (Announcement & { ringkasan?: string })[];
  selectedId?: string;
  onSelect(index: number): void;
  loading?: boolean;
  label: string;
}) {
  const timeZone = useTimeZone();
  return (
    <Spin spinning={!!loading}>
      <ul aria-label={label} className="publication-list">
        {items.map((item, index) => {
          const selected = item.id === selectedId;
          return (
            <li key={item.id}>
              <button
                type="button"
                className={`publication-item${selected ? ' publication-item--selected' : ''}`}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(index)}
              >
                <span className="publication-item__meta">
                  <time dateTime={item.tanggal_publish}>
                    {formatDate(item.tanggal_publish, timeZone)}, {formatTime(item.tanggal_publish, timeZone)}
                  </time>
                  {item.status === 'terjadwal' ? (
                    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                      {publicationStatusLabels.terjadwal}
                    </Tag>
                  ) : null}
                </span>
                <Typography.Text strong className="publication-item__title">
                  {item.judul}
                </Typography.Text>
                <span className="publication-item__excerpt">{item.ringkasan || excerptOf(item.isi)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Spin>
  );
}
