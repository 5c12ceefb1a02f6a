import { Button, Typography } from 'antd';

/** The neighbour `step` places from `current` in `ids`, or null past either end (or when it is missing). */
export function neighbourOf<T>(ids: readonly T[], current: T, step: -1 | 1): T | null {
  const index = ids.indexOf(current);
  if (index < 0) return null;
  return ids[index + step] ?? null;
}

export interface GradingStepperProps {
  /** 0-based place of the one being graded among those that can be graded. */
  index: number;
  total: number;
  /** Moves one place; a grading dialog saves (or refuses) what was typed before it moves. */
  onMove(step: -1 | 1): void;
  /** While a save before moving runs. */
  busy?: boolean;
  /** 'Mahasiswa' by default; 'Kelompok' for group tasks. */
  noun?: string;
}

/**
 * ‹ Sebelumnya · 3 dari 40 · Berikutnya ›: moves a grading dialog from one student to the next without
 * going back to the list (issue 45: 40 essays are not 40 round trips). Wraps on phones; sticks to the top
 * of a dialog that scrolls.
 */
export function GradingStepper({ index, total, onMove, busy, noun = 'Mahasiswa' }: GradingStepperProps) {
  if (total < 2 || index < 0) return null;
  return (
    <nav
      aria-label={`Pindah ${noun.toLowerCase()}`}
      // Stays in view at the top of the dialog while a long attempt is scrolled through.
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        position: 'sticky',
        top: 0,
        zIndex: 2,
        padding: '6px 0',
        marginBottom: 6,
        background: 'var(--ant-color-bg-elevated, #fff)',
      }}
    >
      <span style={{ display: 'inline-flex', gap: 8 }}>
        <Button size="small" disabled={index === 0 || busy} onClick={() => onMove(-1)}>
          ‹ Sebelumnya
        </Button>
        <Button size="small" disabled={index >= total - 1 || busy} loading={busy} onClick={() => onMove(1)}>
          Berikutnya ›
        </Button>
      </span>
      <Typography.Text type="secondary" aria-live="polite">
        {noun} {index + 1} dari {total}
      </Typography.Text>
    </nav>
  );
}
