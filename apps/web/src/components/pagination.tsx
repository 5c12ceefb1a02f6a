import { useEffect, useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  clampPage,
  pageCount,
  pageInputDebounceMs,
  pageSizeLabel,
  pageSizeOptions,
  visiblePages,
} from '@lms/contract/pagination.rules';
import { PlainButton } from './plain-button.tsx';
import './pagination.css';

export { rowNumber } from '@lms/contract/pagination.rules';

export interface PaginationProps {
  page: number;
  pageSize: number;
  totalItems: number;
  /** Called with the new page and size; a new size always comes with page 1. */
  onChange(page: number, pageSize: number): void;
  /** Sizes in the selector; 5, 10, 20 and 50 by default. */
  sizes?: readonly number[];
  /** Hides the size selector (e.g. where the size is fixed). */
  hideSizeChanger?: boolean;
  /** Accessible name of the navigation; 'Navigasi halaman' by default. */
  label?: string;
}

/**
 * The paging bar of spec 1 §2 §9: a '{n} per halaman' selector, previous and next arrows, at most three
 * page buttons (up to two before and one after the current page), and a page input that jumps 500 ms
 * after the last keystroke. Changing the size goes back to page 1.
 */
export function Pagination({
  page,
  pageSize,
  totalItems,
  onChange,
  sizes = pageSizeOptions,
  hideSizeChanger = false,
  label = 'Navigasi halaman',
}: PaginationProps) {
  const totalPages = pageCount(totalItems, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const [typed, setTyped] = useState(String(current));
  const [typedFor, setTypedFor] = useState(current);
  // The input follows the page when it changes from outside.
  if (typedFor !== current) {
    setTypedFor(current);
    setTyped(String(current));
  }

  // Jump once typing has paused.
  useEffect(() => {
    if (typed === String(current)) return;
    const timer = setTimeout(() => {
      const target = clampPage(typed, totalPages);
      if (target === null) return;
      if (target !== current) onChange(target, pageSize);
      else setTyped(String(current));
    }, pageInputDebounceMs);
    return () => clearTimeout(timer);
  }, [typed, current, totalPages, pageSize, onChange]);

  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= totalPages) onChange(target, pageSize);
  };

  return (
    <nav
      aria-label={label}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
      }}
    >
      {hideSizeChanger ? (
        <span />
      ) : (
        // The browser's own select: the phone's native picker, and none of antd Select's ~38 KB of
        // styles generated in the page (issue 17).
        <select
          className="page-size-select"
          aria-label="Jumlah data per halaman"
          value={pageSize}
          onChange={(event) => onChange(1, Number(event.target.value))}
        >
          {sizes.map((n) => (
            <option key={n} value={n}>
              {pageSizeLabel(n)}
            </option>
          ))}
        </select>
      )}
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
        <PlainButton
          aria-label="Halaman sebelumnya"
          icon={<LeftOutlined />}
          disabled={current <= 1}
          onClick={() => go(current - 1)}
        />
        {visiblePages(current, totalPages).map((p) => (
          <PlainButton
            key={p}
            variant={p === current ? 'primary' : 'default'}
            aria-current={p === current ? 'page' : undefined}
            aria-label={`Halaman ${p}`}
            onClick={() => go(p)}
          >
            {p}
          </PlainButton>
        ))}
        <PlainButton
          aria-label="Halaman berikutnya"
          icon={<RightOutlined />}
          disabled={current >= totalPages}
          onClick={() => go(current + 1)}
        />
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginLeft: 4 }}>
          <input
            type="text"
            className="page-jump-input"
            aria-label="Ke halaman"
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/[^\d]/g, ''))}
            onBlur={() => {
              if (clampPage(typed, totalPages) === null) setTyped(String(current));
            }}
          />
          {/* A theme colour, so 'dari {n}' stays readable in the dark colour mode. */}
          <span style={{ color: 'var(--ant-color-text-secondary, rgba(0,0,0,0.45))', whiteSpace: 'nowrap' }}>
            dari {totalPages}
          </span>
        </span>
      </div>
    </nav>
  );
}
