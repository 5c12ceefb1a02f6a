import { useState } from 'react';
import { Checkbox, Typography } from 'antd';
import { questionKindLabels, type QuestionKind } from '@lms/contract/exam.rules';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import { RichText } from '../../../components/rich-text.tsx';
import { useToasts } from '../../../components/toasts.tsx';

/** A question offered to take: its number as the list shows it and the name its box is read by. */
export interface PickableQuestion {
  id: string;
  nomor: number;
  label: string;
  jenis: QuestionKind;
  pertanyaan: string;
}

/**
 * The questions of an exam or a bank (or one page of a bank) to tick, with Pilih semua above them.
 * `chosen` may hold questions of other pages: ticking here keeps them.
 */
export function QuestionPickList({
  questions,
  chosen,
  onChange,
}: {
  questions: PickableQuestion[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const shownIds = new Set(questions.map((q) => q.id));
  const elsewhere = chosen.filter((id) => !shownIds.has(id));
  const chosenHere = chosen.filter((id) => shownIds.has(id));
  return (
    <div style={{ maxHeight: 360, overflow: 'auto' }}>
      <Checkbox
        checked={chosenHere.length === questions.length}
        indeterminate={chosenHere.length > 0 && chosenHere.length < questions.length}
        onChange={(e) =>
          onChange(e.target.checked ? [...elsewhere, ...questions.map((q) => q.id)] : elsewhere)
        }
      >
        Pilih semua ({questions.length} soal)
      </Checkbox>
      <Checkbox.Group
        value={chosenHere}
        onChange={(v) => onChange([...elsewhere, ...(v as string[])])}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}
      >
        {questions.map((q) => (
          <Checkbox key={q.id} value={q.id} aria-label={q.label}>
            <Typography.Text strong>
              {q.nomor}. {questionKindLabels[q.jenis]}
            </Typography.Text>
            <RichText html={q.pertanyaan} />
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
}

/**
 * Sending the ticked questions: nothing ticked, or a refusal, is said in a notification; the dialog
 * closes once they are sent. `saving` while they go.
 */
export function useQuestionPickSubmit(onClose: () => void) {
  const { notification } = useToasts();
  const [saving, setSaving] = useState(false);
  const submit = async (picked: boolean, send: () => Promise<void>) => {
    if (!picked) {
      notification.error({ title: questionBankMessages.noneSelected, placement: 'bottom', duration: 5 });
      return;
    }
    setSaving(true);
    try {
      await send();
      onClose();
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom', duration: 5 });
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
