import { useMemo } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Checkbox, Space, Tag, Typography } from 'antd';
import type { AnswerValue } from '@lms/contract/exam.rules';
import type {
  AcceptedAnswer,
  ExtraAnswerValue,
  ExtraQuestionBody,
  Gap,
  GapsBody,
} from '@lms/contract/question-kinds.rules';
import { purifyHtml } from './rich-text.tsx';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const numberFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 6 });
const percentFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const percent = (value: number) => `${percentFormat.format(value)}%`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** What fills gap `gap` for reading: the key (the first full-mark answer, or the chosen option). */
function gapKey(gap: Gap): string {
  if (gap.jenis === 'pilihan') return gap.kunci !== null ? (gap.pilihan[gap.kunci] ?? '') : '';
  return (gap.jawaban.find((a) => a.nilai === 100) ?? gap.jawaban[0])?.teks ?? '';
}

function gapResponse(gap: Gap | undefined, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return gap?.jenis === 'pilihan' ? (gap.pilihan[value] ?? '') : '';
  return value;
}

/**
 * The question text of fill in the blanks with each [[n]] a box: its number and the key (with a
 * student's answer, the answer). Built on the sanitised HTML; the texts put in are escaped.
 */
export function GapText({
  html,
  body,
  answers,
}: {
  html: string;
  body: GapsBody;
  answers?: Array<string | number | null>;
}) {
  const filled = useMemo(
    () =>
      purifyHtml(html).replace(/\[\[(\d{1,2})\]\]/g, (_m, digits: string) => {
        const n = Number(digits);
        const gap = body.rumpang[n - 1];
        const text = answers ? gapResponse(gap, answers[n - 1]) : gap ? gapKey(gap) : '';
        return `<span class="question-gap" aria-label="Rumpang ${n}"><span class="question-gap__number">${n}</span>${escapeHtml(text) || '&nbsp;'}</span>`;
      }),
    [html, body, answers],
  );
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: filled }} />;
}

function AcceptedList({ answers, caseSensitive }: { answers: AcceptedAnswer[]; caseSensitive: boolean }) {
  if (answers.length === 0) return null;
  return (
    <Space size={[6, 6]} wrap>
      {answers.map((a, i) => (
        <Tag
          key={i}
          color={a.nilai === 100 ? 'green' : undefined}
          style={{ margin: 0, whiteSpace: 'normal' }}
        >
          {a.teks} ({percent(a.nilai)})
        </Tag>
      ))}
      {caseSensitive ? <Tag style={{ margin: 0 }}>Peka huruf besar/kecil</Tag> : null}
    </Space>
  );
}

function KeyCaption({ children }: { children: string }) {
  return <Typography.Text type="secondary">{children}</Typography.Text>;
}

function StudentText({ text }: { text: string }) {
  return (
    <div>
      <Typography.Text type="secondary">Jawaban: </Typography.Text>
      {text.trim() ? (
        <Typography.Text strong>{text}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">Belum dijawab</Typography.Text>
      )}
    </div>
  );
}

function RightOrWrong({ right }: { right: boolean }) {
  return right ? (
    <CheckOutlined aria-label="benar" style={{ color: 'var(--ant-color-success, #15803d)' }} />
  ) : (
    <CloseOutlined aria-label="salah" style={{ color: 'var(--ant-color-error, #b91c1c)' }} />
  );
}

/**
 * A question of the kinds of question-kinds.rules, read-only: the key when the server sent it (accepted
 * answers with their credit, numbers ± tolerance and units, options with their weights, pairs, gaps
 * with their answers) and, with `answer`, the student's answer. The text of fill in the blanks is drawn
 * by QuestionView with GapText.
 */
export function ExtraKindView({
  body,
  answer,
  nomor,
}: {
  body: ExtraQuestionBody;
  /** A student's answer (null: not answered); undefined shows the key only. */
  answer?: AnswerValue | null;
  nomor: number;
}) {
  const given = answer && answer.jenis === body.jenis ? (answer as ExtraAnswerValue) : null;
  const showAnswer = answer !== undefined;
  switch (body.jenis) {
    case 'isian_singkat':
      return (
        <Space orientation="vertical" size={6}>
          {showAnswer ? <StudentText text={given?.jenis === 'isian_singkat' ? given.teks : ''} /> : null}
          {body.jawaban.length ? <KeyCaption>Jawaban yang diterima:</KeyCaption> : null}
          <AcceptedList answers={body.jawaban} caseSensitive={body.peka_huruf_besar} />
        </Space>
      );
    case 'numerik':
      return (
        <Space orientation="vertical" size={6}>
          {showAnswer ? <StudentText text={given?.jenis === 'numerik' ? given.teks : ''} /> : null}
          {body.jawaban.length ? <KeyCaption>Jawaban yang diterima:</KeyCaption> : null}
          {body.jawaban.length ? (
            <Space size={[6, 6]} wrap>
              {body.jawaban.map((a, i) => (
                <Tag key={i} color={a.nilai === 100 ? 'green' : undefined} style={{ margin: 0 }}>
                  {numberFormat.format(a.angka)}
                  {a.toleransi ? ` ± ${numberFormat.format(a.toleransi)}` : ''}
                  {body.satuan[0] ? ` ${body.satuan[0].satuan}` : ''} ({percent(a.nilai)})
                </Tag>
              ))}
            </Space>
          ) : null}
          {body.satuan.length ? (
            <Typography.Text type="secondary">
              Satuan:{' '}
              {body.satuan
                .map((u, i) => (i === 0 ? u.satuan : `${u.satuan} (× ${numberFormat.format(u.pengali)})`))
                .join(', ')}
            </Typography.Text>
          ) : null}
        </Space>
      );
    case 'pilihan_kompleks': {
      const picked = given?.jenis === 'pilihan_kompleks' ? given.pilihan : [];
      return (
        <Space orientation="vertical" size={6} aria-label={`Jawaban soal ${nomor}`}>
          {body.pilihan.map((option, i) => {
            const weight = body.bobot?.[i];
            return (
              <div key={i}>
                <Checkbox
                  // Without a student's answer, the ticks are the key's (as the bank shows a choice's key).
                  checked={showAnswer ? picked.includes(i) : (weight ?? 0) > 0}
                  disabled
                  aria-label={`Pilihan ${letters[i]}`}
                >
                  <span>
                    {letters[i]}. {option.teks}
                  </span>
                  {weight !== undefined ? (
                    <Tag
                      color={weight > 0 ? 'green' : weight < 0 ? 'red' : undefined}
                      style={{ marginLeft: 8 }}
                    >
                      {weight > 0 ? 'Kunci ' : ''}
                      {percent(weight)}
                    </Tag>
                  ) : null}
                </Checkbox>
                {option.gambar ? (
                  <img
                    src={option.gambar}
                    alt={`Gambar pilihan ${letters[i]}`}
                    style={{ display: 'block', maxHeight: '15rem', maxWidth: '100%', marginLeft: 24 }}
                  />
                ) : null}
              </div>
            );
          })}
        </Space>
      );
    }
    case 'menjodohkan': {
      const chosen = given?.jenis === 'menjodohkan' ? given.pasangan : [];
      const keyed = body.pasangan.some((p) => p.kanan);
      return (
        <Space orientation="vertical" size={6} style={{ width: '100%' }}>
          <ul className="question-pairs" aria-label={`Pasangan soal ${nomor}`}>
            {body.pasangan.map((pair, i) => {
              const response = chosen[i] ?? '';
              return (
                <li key={i}>
                  <span>{pair.kiri}</span>
                  <span aria-hidden> → </span>
                  {showAnswer ? (
                    <span>
                      {response ? (
                        <Typography.Text strong>{response}</Typography.Text>
                      ) : (
                        <Typography.Text type="secondary">Belum dijawab</Typography.Text>
                      )}
                      {keyed ? (
                        <>
                          {' '}
                          <RightOrWrong right={response.trim() === pair.kanan.trim()} />
                          {response.trim() === pair.kanan.trim() ? null : (
                            <Typography.Text type="secondary"> (kunci: {pair.kanan})</Typography.Text>
                          )}
                        </>
                      ) : null}
                    </span>
                  ) : (
                    <Typography.Text strong>{pair.kanan}</Typography.Text>
                  )}
                </li>
              );
            })}
          </ul>
          {body.pengecoh.length ? (
            <Typography.Text type="secondary">Pengecoh: {body.pengecoh.join(', ')}</Typography.Text>
          ) : null}
        </Space>
      );
    }
    case 'isian_rumpang': {
      const responses = given?.jenis === 'isian_rumpang' ? given.rumpang : [];
      return (
        <ol className="question-gaps" aria-label={`Rumpang soal ${nomor}`}>
          {body.rumpang.map((gap, i) => (
            <li key={i}>
              {showAnswer ? (
                <div>
                  <Typography.Text type="secondary">Jawaban: </Typography.Text>
                  {gapResponse(gap, responses[i]) ? (
                    <Typography.Text strong>{gapResponse(gap, responses[i])}</Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">Belum dijawab</Typography.Text>
                  )}
                </div>
              ) : null}
              {gap.jenis === 'pilihan' ? (
                <Space size={[6, 6]} wrap>
                  <KeyCaption>Pilihan:</KeyCaption>
                  {gap.pilihan.map((option, j) => (
                    <Tag key={j} color={gap.kunci === j ? 'green' : undefined} style={{ margin: 0 }}>
                      {option}
                      {gap.kunci === j ? ' (Kunci)' : ''}
                    </Tag>
                  ))}
                </Space>
              ) : gap.jawaban.length ? (
                <Space size={[6, 6]} wrap>
                  <KeyCaption>Isian:</KeyCaption>
                  <AcceptedList answers={gap.jawaban} caseSensitive={gap.peka_huruf_besar} />
                </Space>
              ) : (
                <KeyCaption>Isian</KeyCaption>
              )}
            </li>
          ))}
        </ol>
      );
    }
  }
}
