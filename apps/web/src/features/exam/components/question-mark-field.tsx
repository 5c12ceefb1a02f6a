import { Button, InputNumber, Space, Tag, Typography } from 'antd';
import { maxQuestionMark } from '@lms/contract/exam.rules';
import { rangeMessage } from '@lms/contract/number-range.rules';

/** The field message for a mark or deduction outside 0–100, or undefined when it is in range. */
export function markRangeError(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined || (value >= 0 && value <= maxQuestionMark)) return undefined;
  return rangeMessage(0, maxQuestionMark);
}

/**
 * A 0–100 mark input. It has no min/max: antd would turn 150 into 100 on blur and the lecturer would
 * save a mark they did not type (issue 45); the field shows the range message instead.
 */
export function MarkInput({
  id,
  label,
  value,
  onChange,
  precision,
  step,
}: {
  id: string;
  label: string;
  value: number | null | undefined;
  onChange(value: number | null): void;
  precision: number;
  step?: number;
}) {
  const error = markRangeError(value);
  return (
    <div>
      <InputNumber
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        status={error ? 'error' : undefined}
        precision={precision}
        step={step}
        value={value}
        onChange={onChange}
      />
      {error ? (
        <Typography.Text id={`${id}-error`} type="danger" role="alert" style={{ display: 'block' }}>
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** What the mark field needs of a question of the attempt. */
export interface MarkedQuestion {
  id: string;
  nomor: number;
  jenis: string;
  nilai: number | null;
  nilai_dosen?: boolean;
}

/**
 * A question's mark in the grading dialog, for every kind: essays are marked by hand; any other kind
 * shows whether its mark is the automatic one (Otomatis) or the lecturer's (Diubah dosen, kept when a
 * corrected key rescores the exam), and the lecturer's can go back to the automatic one.
 */
export function QuestionMarkField({
  question,
  value,
  onChange,
  closed,
  busy,
  onSave,
  onRestore,
}: {
  question: MarkedQuestion;
  /** The mark typed and not saved yet; undefined: the stored one is shown. */
  value: number | null | undefined;
  onChange(value: number | null): void;
  /** Marks are given once the attempt is finished. */
  closed: boolean;
  busy: boolean;
  onSave(nilai: number): void;
  onRestore(): void;
}) {
  const automatic = question.jenis !== 'esay';
  const overridden = automatic && question.nilai_dosen === true;
  const shown = value === undefined ? question.nilai : value;
  return (
    <Space style={{ marginTop: 8 }} wrap align="start" size={[8, 4]}>
      <Typography.Text>Nilai (0–100)</Typography.Text>
      <MarkInput
        id={`nilai-soal-${question.id}`}
        label={`Nilai soal ${question.nomor}`}
        precision={0}
        value={shown}
        onChange={onChange}
      />
      <Button
        size="small"
        disabled={!closed}
        loading={busy}
        onClick={() => {
          if (shown === null || shown === undefined || markRangeError(shown)) return;
          onSave(shown);
        }}
      >
        Simpan Nilai
      </Button>
      {automatic ? (
        <Tag color={overridden ? 'orange' : 'default'} style={{ marginTop: 1 }}>
          {overridden ? 'Diubah dosen' : 'Otomatis'}
        </Tag>
      ) : null}
      {overridden ? (
        <Button size="small" type="link" disabled={!closed || busy} onClick={onRestore}>
          Kembalikan ke nilai otomatis
        </Button>
      ) : null}
    </Space>
  );
}
