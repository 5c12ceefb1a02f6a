/** The id of the shell's main landmark, the skip link's target. */
export const mainContentId = 'konten-utama';

/**
 * 'Lewati ke konten utama' (issue 45): first in the tab order and seen only when focused, it takes the
 * keyboard past the sidebar's links and the header's buttons. Focus is moved by hand rather than by the
 * hash, which would be added to the address the router's pages read.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${mainContentId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(mainContentId)?.focus();
      }}
    >
      Lewati ke konten utama
    </a>
  );
}
