import { useToasts } from './toasts.tsx';

/** The toast of a copied link (spec 2 §8), letter for letter. */
export const copiedMessage = 'Copied';
/** The toast when the clipboard refused or is missing (spec 2 §8). */
export const cannotCopyMessage = 'Cannot copy';

/**
 * Copies a text to the clipboard and says so: `successText` ('Copied' for links, 'Berhasil Copy ID' for
 * ids) or 'Cannot copy'. `navigator.clipboard` is missing on plain http and in some in-app browsers, and
 * writeText rejects without permission: both end in 'Cannot copy' rather than a silent button.
 */
export function useCopyText(): (text: string, successText?: string) => Promise<boolean> {
  const { message } = useToasts();
  return async (text, successText = copiedMessage) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      message.success(successText);
      return true;
    } catch {
      message.error(cannotCopyMessage);
      return false;
    }
  };
}
