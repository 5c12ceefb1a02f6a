import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';
import { lazyModal } from './lazy-modal.tsx';

/**
 * A confirm dialog, 400 px wide, or 500 px when it deletes (90% on phones), spec 1 §9. Its code (antd's
 * Modal) comes when it first opens: most pages offer a confirmation that most visits never open.
 */
export const ConfirmDialog = lazyModal<ConfirmDialogProps>(
  async () => (await import('./confirm-dialog-modal.tsx')).ConfirmDialogModal,
);
