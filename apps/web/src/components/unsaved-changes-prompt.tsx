import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** The prompt's words (issue 45: leaving Konfigurasi lost what was typed without a warning). */
export const unsavedChangesTexts = {
  title: 'Perubahan belum disimpan',
  body: 'Perubahan yang Anda buat belum disimpan dan akan hilang jika Anda meninggalkan halaman ini.',
  leave: 'Tinggalkan Halaman',
  stay: 'Tetap di Sini',
};

/**
 * While `when` is true, leaving the page asks first: a navigation in the app (to another path; a change
 * of query string, such as a tab, stays on the page and keeps the form) is held by react-router's
 * blocker until Tinggalkan Halaman or Tetap di Sini, and closing or reloading the tab gets the browser's
 * own question (`beforeunload`, whose text browsers do not let a page choose).
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Safari and Firefox ask only when returnValue is set as well.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={unsavedChangesTexts.title}
      confirmText={unsavedChangesTexts.leave}
      cancelText={unsavedChangesTexts.stay}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {unsavedChangesTexts.body}
    </ConfirmDialog>
  );
}
