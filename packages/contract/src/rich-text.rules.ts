/** Formatting tags of every HTML the app shows. */
const formattingTags: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'span',
];

/**
 * The address of a file in our own store, as the server answers it (`fileUrl`): `/v2/files/{key}?college-id=…`,
 * relative, nothing after the college. The only source an image in rich text may have: no other host (no
 * tracking, no mixed content), no data: or javascript: URL, and the file sweep finds every such key.
 */
export const ownFileUrlPattern = /^\/v2\/files\/[A-Za-z0-9_-]{24,64}\?college-id=[A-Za-z0-9._~%-]{1,100}$/;

/** Whether a URL is one of our stored files' addresses (see ownFileUrlPattern). */
export function isOwnFileUrl(url: string | null | undefined): boolean {
  return !!url && ownFileUrlPattern.test(url);
}

/**
 * HTML tags rich text may hold: the server's sanitiser keeps these, and the browser's DOMPurify drops
 * anything else once more before showing. `img` only with an own file as `src` (and `alt`); links only
 * http(s) and mailto.
 */
export const richTextAllowedTags: readonly string[] = [...formattingTags, 'img'];

/**
 * Tags of an office document shown in the page (a converted .docx or .xlsx): formatting plus headings and
 * tables, no images. Cells may span (`colspan`, `rowspan`); nothing else carries attributes but links.
 */
export const documentAllowedTags: readonly string[] = [
  ...formattingTags,
  'h1',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
];

/** Office documents (by extension) that the server can show in the page as HTML. */
export const documentViewableExtensions: readonly string[] = ['docx', 'xlsx'];

/** Rich text with no words in it (an empty editor leaves `<p></p>` or `<p><br></p>`). */
export function isBlankRichText(text: string | null | undefined): boolean {
  return (
    !text ||
    text
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/** Typed plain text as rich text: special characters escaped, one paragraph per line. */
export function plainTextToRichText(text: string): string {
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
