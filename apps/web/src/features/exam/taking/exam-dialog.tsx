import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';

/**
 * A modal dialog in plain markup (the browser's <dialog>: focus kept inside, the page behind inert),
 * for the exam page, which does without antd's Modal. `width` is the popup width of spec 1 §9 (90% on
 * phones); Escape does nothing, as with antd's `closable={false}` and `keyboard={false}`.
 */
export function ExamDialog({
  open,
  title,
  width,
  footer,
  children,
}: {
  open: boolean;
  title: string;
  width: number;
  footer: ReactNode;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="xt-dialog"
      style={{ width: `min(${width}px, 90vw)` }}
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId} className="xt-dialog-title">
        {title}
      </h2>
      <div className="xt-dialog-body">{children}</div>
      <div className="xt-dialog-footer">{footer}</div>
    </dialog>
  );
}
