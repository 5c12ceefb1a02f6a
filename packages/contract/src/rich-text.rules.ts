/** HTML tags rich text may hold: the server's sanitiser keeps these, and the browser's DOMPurify
 * drops anything else once more before showing. */
export const richTextAllowedTags: readonly string[] = [
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
 * Tags of an office document shown in the page (a converted .docx or .xlsx): rich text plus headings and
 * tables. Cells may span (`colspan`, `rowspan`); nothing else carries attributes but links.
 */
export const documentAllowedTags: readonly string[] = [
  ...richTextAllowedTags,
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
