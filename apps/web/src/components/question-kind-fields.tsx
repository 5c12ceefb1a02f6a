import { useState, type ReactNode } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Checkbox, Input, Radio, Space, Switch, Tag, Typography } from 'antd';
import { minOptions, type ExamFieldError } from '@lms/contract/exam.rules';
import {
  gapNumbers,
  weightsFromKeys,
  type AcceptedAnswer,
  type ChoiceOptionBody,
  type ExtraQuestionBody,
  type Gap,
  type GapsBody,
  type MatchingBody,
  type MultipleAnswersBody,
  type NumericBody,
} from '@lms/contract/question-kinds.rules';
import { alignGaps, blankAccepted, gapsInStep, removeGap } from './question-gap-rules.ts';

/** The body a new question of one of these kinds starts with. */
export function emptyExtraBody(kind: ExtraQuestionBody['jenis']): ExtraQuestionBody {
  switch (kind) {
    case 'isian_singkat':
      return { jenis: 'isian_singkat', jawaban: [blankAccepted()], peka_huruf_besar: false };
    case 'numerik':
      return { jenis: 'numerik', jawaban: [{ angka: Number.NaN, toleransi: 0, nilai: 100 }], satuan: [] };
    case 'pilihan_kompleks':
      return { jenis: 'pilihan_kompleks', pilihan: [{ teks: '' }, { teks: '' }, { teks: '' }], bobot: null };
    case 'menjodohkan':
      return {
        jenis: 'menjodohkan',
        pasangan: [
          { kiri: '', kanan: '' },
          { kiri: '', kanan: '' },
        ],
        pengecoh: [],
      };
    case 'isian_rumpang':
      return { jenis: 'isian_rumpang', rumpang: [] };
  }
}

/** The form's messages for one field, under it. */
export function FieldErrors({ errors, field }: { errors: ExamFieldError[]; field: string }) {
  const messages = [...new Set(errors.filter((e) => e.field === field).map((e) => e.message))];
  if (messages.length === 0) return null;
  return (
    <div role="alert" data-field={field} style={{ marginTop: 4 }}>
      {messages.map((m) => (
        <Typography.Text key={m} type="danger" style={{ display: 'block' }}>
          {m}
        </Typography.Text>
      ))}
    </div>
  );
}

const decimalPattern = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** A number as Indonesians type it ("9,8"); NaN when it is not one, `empty` when the box is empty. */
export function parseDecimal(text: string, empty = Number.NaN): number {
  const trimmed = text.trim();
  if (!trimmed) return empty;
  return decimalPattern.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

function formatDecimal(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

const percentFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** A weight or credit for reading: "50%", "−33,33%". */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/**
 * A number box that takes a comma or a dot as the decimal mark: what was typed stays as typed while
 * it reads as the same number, so "9," is not cut back to "9" on the way.
 */
function DecimalInput({
  value,
  onChange,
  label,
  empty,
  ...rest
}: {
  value: number;
  onChange: (value: number) => void;
  label: string;
  empty?: number;
  placeholder?: string;
  prefix?: ReactNode;
  suffix?: ReactNode;
  disabled?: boolean;
  style?: React.CSSProperties;
  status?: 'error';
}) {
  const [draft, setDraft] = useState(formatDecimal(value));
  const parsed = parseDecimal(draft, empty);
  const same = Object.is(parsed, value) || parsed === value;
  return (
    <Input
      aria-label={label}
      inputMode="decimal"
      maxLength={30}
      value={same ? draft : formatDecimal(value)}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(parseDecimal(e.target.value, empty));
      }}
      {...rest}
    />
  );
}

const rowStyle: React.CSSProperties = { display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' };
/** A row of boxes and its delete button, which stays at the end of the first line on a phone. */
const lineStyle: React.CSSProperties = { display: 'flex', gap: 8, alignItems: 'flex-start' };
const growStyle: React.CSSProperties = { flex: '1 1 0', minWidth: 0 };

function replaceAt<T>(items: T[], index: number, item: T): T[] {
  return items.map((x, i) => (i === index ? item : x));
}

/**
 * Accepted answers with their share of the mark, and the case switch: a short answer's key, and a
 * short-answer gap's. `name` prefixes the boxes' labels ("Jawaban 1", "Rumpang 2 jawaban 1").
 */
export function AcceptedAnswersFields({
  answers,
  caseSensitive,
  onChange,
  name = 'Jawaban',
}: {
  answers: AcceptedAnswer[];
  caseSensitive: boolean;
  onChange: (answers: AcceptedAnswer[], caseSensitive: boolean) => void;
  name?: string;
}) {
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {answers.map((answer, i) => (
        <div key={i} style={lineStyle}>
          <Input
            aria-label={`${name} ${i + 1}`}
            placeholder={`Jawaban ${i + 1}`}
            maxLength={500}
            value={answer.teks}
            style={growStyle}
            onChange={(e) =>
              onChange(replaceAt(answers, i, { ...answer, teks: e.target.value }), caseSensitive)
            }
          />
          <DecimalInput
            label={`Nilai ${name.toLowerCase()} ${i + 1}`}
            value={answer.nilai}
            suffix="%"
            style={{ width: 88, flex: 'none' }}
            onChange={(nilai) => onChange(replaceAt(answers, i, { ...answer, nilai }), caseSensitive)}
          />
          <Button
            aria-label={`Hapus ${name.toLowerCase()} ${i + 1}`}
            icon={<DeleteOutlined />}
            disabled={answers.length <= 1}
            onClick={() =>
              onChange(
                answers.filter((_, j) => j !== i),
                caseSensitive,
              )
            }
          />
        </div>
      ))}
      <Space wrap size={[16, 8]}>
        <Button
          icon={<PlusOutlined />}
          disabled={answers.length >= 20}
          onClick={() => onChange([...answers, { teks: '', nilai: 100 }], caseSensitive)}
        >
          Tambah Jawaban
        </Button>
        <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <Switch
            size="small"
            checked={caseSensitive}
            aria-label={`${name === 'Jawaban' ? '' : `${name}: `}Peka huruf besar/kecil`}
            onChange={(checked) => onChange(answers, checked)}
          />
          <span>Peka huruf besar/kecil</span>
        </label>
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        Tanda * cocok dengan karakter apa pun, misalnya <code>basis*data</code>. Jawaban pertama yang cocok
        yang dinilai.
      </Typography.Text>
    </Space>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
      {children}
    </Typography.Text>
  );
}

function NumericFields({
  body,
  onChange,
  errors,
}: {
  body: NumericBody;
  onChange: (body: NumericBody) => void;
  errors: ExamFieldError[];
}) {
  const setAnswer = (i: number, patch: Partial<NumericBody['jawaban'][number]>) =>
    onChange({ ...body, jawaban: replaceAt(body.jawaban, i, { ...body.jawaban[i]!, ...patch }) });
  const setUnit = (i: number, patch: Partial<NumericBody['satuan'][number]>) =>
    onChange({ ...body, satuan: replaceAt(body.satuan, i, { ...body.satuan[i]!, ...patch }) });
  return (
    <>
      <div>
        <SectionTitle>Jawaban (angka ± toleransi, nilai)</SectionTitle>
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {body.jawaban.map((answer, i) => (
            <div key={i} style={lineStyle}>
              <div style={{ ...rowStyle, flex: 1, minWidth: 0 }}>
                <DecimalInput
                  label={`Angka ${i + 1}`}
                  placeholder="Angka, mis. 9,8"
                  value={answer.angka}
                  style={{ flex: '1 1 140px', minWidth: 0 }}
                  onChange={(angka) => setAnswer(i, { angka })}
                />
                <DecimalInput
                  label={`Toleransi ${i + 1}`}
                  prefix="±"
                  empty={0}
                  value={answer.toleransi}
                  style={{ width: 96 }}
                  onChange={(toleransi) => setAnswer(i, { toleransi })}
                />
                <DecimalInput
                  label={`Nilai angka ${i + 1}`}
                  suffix="%"
                  value={answer.nilai}
                  style={{ width: 88 }}
                  onChange={(nilai) => setAnswer(i, { nilai })}
                />
              </div>
              <Button
                aria-label={`Hapus angka ${i + 1}`}
                icon={<DeleteOutlined />}
                disabled={body.jawaban.length <= 1}
                onClick={() => onChange({ ...body, jawaban: body.jawaban.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={body.jawaban.length >= 20}
            onClick={() =>
              onChange({
                ...body,
                jawaban: [...body.jawaban, { angka: Number.NaN, toleransi: 0, nilai: 100 }],
              })
            }
          >
            Tambah Jawaban
          </Button>
        </Space>
        <FieldErrors errors={errors} field="jawaban" />
      </div>
      <div>
        <SectionTitle>Satuan (opsional)</SectionTitle>
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {body.satuan.map((unit, i) => (
            <div key={i} style={lineStyle}>
              <Input
                aria-label={`Satuan ${i + 1}`}
                placeholder={i === 0 ? 'Satuan jawaban, mis. m' : 'Satuan, mis. cm'}
                maxLength={50}
                value={unit.satuan}
                style={growStyle}
                onChange={(e) => setUnit(i, { satuan: e.target.value })}
              />
              <DecimalInput
                label={`Pengali satuan ${i + 1}`}
                prefix="×"
                value={unit.pengali}
                disabled={i === 0 && unit.pengali === 1}
                style={{ width: 104, flex: 'none' }}
                onChange={(pengali) => setUnit(i, { pengali })}
              />
              <Button
                aria-label={`Hapus satuan ${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => onChange({ ...body, satuan: body.satuan.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={body.satuan.length >= 10}
            onClick={() =>
              onChange({
                ...body,
                satuan: [...body.satuan, { satuan: '', pengali: body.satuan.length === 0 ? 1 : Number.NaN }],
              })
            }
          >
            Tambah Satuan
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Satuan pertama adalah satuan jawaban (pengali 1). Angka dengan satuan lain dibagi pengalinya: cm
            dengan pengali 100 berarti 980 cm dinilai sebagai 9,8.
          </Typography.Text>
        </Space>
        <FieldErrors errors={errors} field="satuan" />
      </div>
    </>
  );
}

/** Whether weights are the ones the ticks give (the simple mode) rather than typed. */
function isTickWeights(bobot: number[] | null, count: number): boolean {
  if (!bobot) return true;
  const right = bobot.flatMap((w, i) => (w > 0 ? [i] : []));
  const ticks = weightsFromKeys(count, right);
  return bobot.length === count && ticks.every((w, i) => Math.abs(w - bobot[i]!) < 0.01);
}

function MultipleAnswersFields({
  body,
  onChange,
  errors,
  imageControl,
}: {
  body: MultipleAnswersBody;
  onChange: (body: MultipleAnswersBody) => void;
  errors: ExamFieldError[];
  imageControl?: (index: number, option: ChoiceOptionBody) => ReactNode;
}) {
  const [typed, setTyped] = useState(() => !isTickWeights(body.bobot, body.pilihan.length));
  const count = body.pilihan.length;
  const right = (body.bobot ?? []).flatMap((w, i) => (w > 0 ? [i] : []));
  const fromTicks = (ticked: number[], n = count) => (ticked.length ? weightsFromKeys(n, ticked) : null);
  const weights = body.bobot ?? Array.from({ length: count }, () => 0);

  const toggle = (i: number, on: boolean) => {
    const next = on ? [...right, i].sort((a, b) => a - b) : right.filter((j) => j !== i);
    onChange({ ...body, bobot: fromTicks(next) });
  };
  const removeAt = (i: number) => {
    const pilihan = body.pilihan.filter((_, j) => j !== i);
    const bobot = typed
      ? weights.filter((_, j) => j !== i)
      : fromTicks(
          right.filter((j) => j !== i).map((j) => (j > i ? j - 1 : j)),
          pilihan.length,
        );
    onChange({ ...body, pilihan, bobot });
  };
  const add = () => {
    const pilihan = [...body.pilihan, { teks: '' }];
    onChange({ ...body, pilihan, bobot: typed ? [...weights, 0] : fromTicks(right, pilihan.length) });
  };

  return (
    <div>
      <div style={{ ...rowStyle, justifyContent: 'space-between', marginBottom: 4 }}>
        <Typography.Text strong>Pilihan Jawaban (centang semua yang benar)</Typography.Text>
        <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <Switch
            size="small"
            checked={typed}
            aria-label="Atur bobot"
            onChange={(on) => {
              setTyped(on);
              if (!on) onChange({ ...body, bobot: fromTicks(right) });
            }}
          />
          <span>Atur bobot</span>
        </label>
      </div>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {body.pilihan.map((option, i) => (
          <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Checkbox
              aria-label={`Pilihan ${i + 1} benar`}
              checked={weights[i]! > 0}
              // Typed weights say themselves which options are right.
              disabled={typed}
              onChange={(e) => toggle(i, e.target.checked)}
            />
            <Input
              aria-label={`Pilihan ${i + 1}`}
              placeholder={`Pilihan ${i + 1}`}
              maxLength={5000}
              value={option.teks}
              style={{ flex: 1, minWidth: 0 }}
              onChange={(e) =>
                onChange({
                  ...body,
                  pilihan: replaceAt(body.pilihan, i, { ...option, teks: e.target.value }),
                })
              }
            />
            {typed ? (
              <DecimalInput
                label={`Bobot pilihan ${i + 1}`}
                suffix="%"
                value={weights[i]!}
                style={{ width: 96, flex: 'none' }}
                onChange={(w) => onChange({ ...body, bobot: replaceAt(weights, i, w) })}
              />
            ) : (
              <Tag
                color={weights[i]! > 0 ? 'green' : undefined}
                style={{ margin: 0, minWidth: 64, textAlign: 'center' }}
                aria-label={`Bobot pilihan ${i + 1}`}
              >
                {body.bobot ? formatPercent(weights[i]!) : '–'}
              </Tag>
            )}
            {imageControl?.(i, option)}
            <Button
              aria-label={`Hapus pilihan ${i + 1}`}
              icon={<DeleteOutlined />}
              disabled={count <= minOptions}
              onClick={() => removeAt(i)}
            />
          </div>
        ))}
      </Space>
      <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={count >= 26} onClick={add}>
        Tambah Pilihan
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
        {typed
          ? 'Bobot tiap pilihan −100% sampai 100%; bobot pilihan yang benar berjumlah 100%. Nilai soal = jumlah bobot pilihan yang dipilih (0–100).'
          : 'Bobot dihitung dari centang: pilihan benar berbagi 100%, pilihan salah mengurangi nilai, sehingga mencentang semua bernilai 0.'}
      </Typography.Text>
      <FieldErrors errors={errors} field="pilihan" />
      <FieldErrors errors={errors} field="bobot" />
    </div>
  );
}

function MatchingFields({
  body,
  onChange,
  errors,
}: {
  body: MatchingBody;
  onChange: (body: MatchingBody) => void;
  errors: ExamFieldError[];
}) {
  const keylessChoices = body.pilihan_kanan?.length ? body.pilihan_kanan : null;
  return (
    <>
      <div>
        <SectionTitle>Pasangan (kiri → kanan yang benar)</SectionTitle>
        {keylessChoices ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Soal ini disalin tanpa kunci: pilih kembali jawaban kanan yang benar dari daftar.
          </Typography.Paragraph>
        ) : null}
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {body.pasangan.map((pair, i) => (
            <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Input
                aria-label={`Kiri ${i + 1}`}
                placeholder={`Kiri ${i + 1}`}
                maxLength={2000}
                value={pair.kiri}
                style={{ flex: 1, minWidth: 0 }}
                onChange={(e) =>
                  onChange({
                    ...body,
                    pasangan: replaceAt(body.pasangan, i, { ...pair, kiri: e.target.value }),
                  })
                }
              />
              <span aria-hidden>→</span>
              {keylessChoices ? (
                // A copy made without its key keeps the right-hand choices: pick the right one again.
                <AutoComplete
                  aria-label={`Kanan ${i + 1}`}
                  placeholder={`Kanan ${i + 1}`}
                  maxLength={500}
                  value={pair.kanan}
                  style={{ flex: 1, minWidth: 0 }}
                  options={keylessChoices.map((choice) => ({ value: choice }))}
                  onChange={(kanan: string) => {
                    const pasangan = replaceAt(body.pasangan, i, { ...pair, kanan });
                    // The choices no pair takes stay as distractors.
                    const pengecoh = keylessChoices.filter(
                      (c) => !pasangan.some((p) => p.kanan.trim() === c),
                    );
                    onChange({ ...body, pasangan, pengecoh });
                  }}
                />
              ) : (
                <Input
                  aria-label={`Kanan ${i + 1}`}
                  placeholder={`Kanan ${i + 1}`}
                  maxLength={500}
                  value={pair.kanan}
                  style={{ flex: 1, minWidth: 0 }}
                  onChange={(e) =>
                    onChange({
                      ...body,
                      pasangan: replaceAt(body.pasangan, i, { ...pair, kanan: e.target.value }),
                    })
                  }
                />
              )}
              <Button
                aria-label={`Hapus pasangan ${i + 1}`}
                icon={<DeleteOutlined />}
                disabled={body.pasangan.length <= 2}
                onClick={() => onChange({ ...body, pasangan: body.pasangan.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={body.pasangan.length >= 26}
            onClick={() => onChange({ ...body, pasangan: [...body.pasangan, { kiri: '', kanan: '' }] })}
          >
            Tambah Pasangan
          </Button>
        </Space>
        <FieldErrors errors={errors} field="pasangan" />
      </div>
      <div>
        <SectionTitle>Pengecoh (opsional)</SectionTitle>
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {body.pengecoh.map((text, i) => (
            <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Input
                aria-label={`Pengecoh ${i + 1}`}
                placeholder="Pilihan kanan yang tidak berpasangan"
                maxLength={500}
                value={text}
                style={{ flex: 1, minWidth: 0 }}
                onChange={(e) => onChange({ ...body, pengecoh: replaceAt(body.pengecoh, i, e.target.value) })}
              />
              <Button
                aria-label={`Hapus pengecoh ${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => onChange({ ...body, pengecoh: body.pengecoh.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={body.pengecoh.length >= 10}
            onClick={() => onChange({ ...body, pengecoh: [...body.pengecoh, ''] })}
          >
            Tambah Pengecoh
          </Button>
        </Space>
        <FieldErrors errors={errors} field="pengecoh" />
      </div>
    </>
  );
}

function GapEditor({ gap, index, onChange }: { gap: Gap; index: number; onChange: (gap: Gap) => void }) {
  const n = index + 1;
  if (gap.jenis === 'isian')
    return (
      <AcceptedAnswersFields
        name={`Rumpang ${n} jawaban`}
        answers={gap.jawaban}
        caseSensitive={gap.peka_huruf_besar}
        onChange={(jawaban, peka_huruf_besar) => onChange({ ...gap, jawaban, peka_huruf_besar })}
      />
    );
  return (
    <div>
      <Radio.Group
        style={{ width: '100%' }}
        value={gap.kunci}
        onChange={(e) => onChange({ ...gap, kunci: e.target.value as number })}
      >
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {gap.pilihan.map((option, i) => (
            <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Radio value={i} aria-label={`Kunci rumpang ${n} pilihan ${i + 1}`} />
              <Input
                aria-label={`Rumpang ${n} pilihan ${i + 1}`}
                placeholder={`Pilihan ${i + 1}`}
                maxLength={500}
                value={option}
                style={{ flex: 1, minWidth: 0 }}
                onChange={(e) => onChange({ ...gap, pilihan: replaceAt(gap.pilihan, i, e.target.value) })}
              />
              <Button
                aria-label={`Hapus rumpang ${n} pilihan ${i + 1}`}
                icon={<DeleteOutlined />}
                disabled={gap.pilihan.length <= 2}
                onClick={() =>
                  onChange({
                    ...gap,
                    pilihan: gap.pilihan.filter((_, j) => j !== i),
                    kunci:
                      gap.kunci === null || gap.kunci === i
                        ? null
                        : gap.kunci > i
                          ? gap.kunci - 1
                          : gap.kunci,
                  })
                }
              />
            </div>
          ))}
        </Space>
      </Radio.Group>
      <Button
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={gap.pilihan.length >= 26}
        onClick={() => onChange({ ...gap, pilihan: [...gap.pilihan, ''] })}
      >
        Tambah Pilihan
      </Button>
    </div>
  );
}

/** A gap turned into the other kind keeps what it can: a choice gap's key becomes its accepted answer. */
function switchGap(gap: Gap, kind: Gap['jenis']): Gap {
  if (gap.jenis === kind) return gap;
  if (kind === 'pilihan') {
    const options = gap.jenis === 'isian' ? gap.jawaban.map((a) => a.teks).filter(Boolean) : [];
    const pilihan = [...options, '', ''].slice(0, Math.max(2, options.length));
    return { jenis: 'pilihan', pilihan, kunci: options.length ? 0 : null };
  }
  const key = gap.jenis === 'pilihan' && gap.kunci !== null ? (gap.pilihan[gap.kunci] ?? '') : '';
  return { jenis: 'isian', jawaban: [{ teks: key, nilai: 100 }], peka_huruf_besar: false };
}

function GapsFields({
  body,
  pertanyaan,
  onChange,
  errors,
}: {
  body: GapsBody;
  pertanyaan: string;
  onChange: (body: GapsBody, pertanyaan?: string) => void;
  errors: ExamFieldError[];
}) {
  const numbers = gapNumbers(pertanyaan);
  const inStep = gapsInStep(numbers, body.rumpang);
  return (
    <div>
      <SectionTitle>Rumpang</SectionTitle>
      {body.rumpang.length === 0 ? (
        <Typography.Text type="secondary">
          Belum ada rumpang. Letakkan kursor di pertanyaan lalu klik Sisipkan Rumpang.
        </Typography.Text>
      ) : null}
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {body.rumpang.map((gap, i) => (
          <section
            key={i}
            aria-label={`Rumpang ${i + 1}`}
            style={{
              border: '1px solid var(--ant-color-border, #d9d9d9)',
              borderRadius: 8,
              padding: 12,
            }}
          >
            <div style={{ ...rowStyle, justifyContent: 'space-between', marginBottom: 8 }}>
              <Space size={8} wrap>
                <Typography.Text strong>Rumpang [[{i + 1}]]</Typography.Text>
                {numbers.includes(i + 1) ? null : <Tag color="orange">Tidak ada di pertanyaan</Tag>}
              </Space>
              <Space size={8} wrap>
                <Radio.Group
                  size="small"
                  optionType="button"
                  aria-label={`Jenis rumpang ${i + 1}`}
                  value={gap.jenis}
                  onChange={(e) =>
                    onChange({
                      ...body,
                      rumpang: replaceAt(body.rumpang, i, switchGap(gap, e.target.value as Gap['jenis'])),
                    })
                  }
                  options={[
                    { value: 'pilihan', label: 'Pilihan' },
                    { value: 'isian', label: 'Isian' },
                  ]}
                />
                <Button
                  size="small"
                  danger
                  aria-label={`Hapus rumpang ${i + 1}`}
                  icon={<DeleteOutlined />}
                  onClick={() => {
                    const next = removeGap(pertanyaan, body.rumpang, i);
                    onChange({ ...body, rumpang: next.gaps }, next.text);
                  }}
                />
              </Space>
            </div>
            <GapEditor
              gap={gap}
              index={i}
              onChange={(g) => onChange({ ...body, rumpang: replaceAt(body.rumpang, i, g) })}
            />
            <FieldErrors errors={errors} field={`rumpang.${i}`} />
          </section>
        ))}
      </Space>
      <FieldErrors errors={errors} field="rumpang" />
      {inStep || numbers.length === 0 ? null : (
        <div style={{ ...rowStyle, marginTop: 8 }}>
          <Button
            onClick={() => {
              const next = alignGaps(pertanyaan, body.rumpang);
              onChange({ ...body, rumpang: next.gaps }, next.text);
            }}
          >
            Rapikan Nomor Rumpang
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 13, flex: '1 1 200px' }}>
            Menomori ulang rumpang sesuai urutannya di pertanyaan; rumpang yang tidak ada di pertanyaan
            dihapus.
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

/** The fields of the kinds of question-kinds.rules, for the question form. */
export function ExtraKindFields({
  body,
  pertanyaan,
  onChange,
  errors,
  imageControl,
}: {
  body: ExtraQuestionBody;
  pertanyaan: string;
  /** A new body; for gaps also the question text when markers were renumbered or removed. */
  onChange: (body: ExtraQuestionBody, pertanyaan?: string) => void;
  errors: ExamFieldError[];
  imageControl?: (index: number, option: ChoiceOptionBody) => ReactNode;
}) {
  switch (body.jenis) {
    case 'isian_singkat':
      return (
        <div>
          <SectionTitle>Jawaban yang Diterima</SectionTitle>
          <AcceptedAnswersFields
            answers={body.jawaban}
            caseSensitive={body.peka_huruf_besar}
            onChange={(jawaban, peka_huruf_besar) => onChange({ ...body, jawaban, peka_huruf_besar })}
          />
          <FieldErrors errors={errors} field="jawaban" />
        </div>
      );
    case 'numerik':
      return <NumericFields body={body} onChange={onChange} errors={errors} />;
    case 'pilihan_kompleks':
      return (
        <MultipleAnswersFields body={body} onChange={onChange} errors={errors} imageControl={imageControl} />
      );
    case 'menjodohkan':
      return <MatchingFields body={body} onChange={onChange} errors={errors} />;
    case 'isian_rumpang':
      return <GapsFields body={body} pertanyaan={pertanyaan} onChange={onChange} errors={errors} />;
  }
}
