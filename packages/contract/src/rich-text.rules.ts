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
