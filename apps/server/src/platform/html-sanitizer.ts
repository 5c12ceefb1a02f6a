import sanitizeHtml from 'sanitize-html';
import { documentAllowedTags, isOwnFileUrl, richTextAllowedTags } from '@lms/contract/rich-text.rules';

/**
 * Rich text users write (announcements, news, help, forum posts, questions…) is HTML. It is
 * sanitised on the way in, before it is stored, and again on the way out, so rows written by older code
 * or by hand never reach a browser unsanitised. The web app also runs DOMPurify before showing it.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextAllowedTags],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // An image shows only our own stored files (relative `/v2/files/…`): no other host, data: or javascript:.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // An image whose source is not an own file goes whole (its src was dropped above, or is elsewhere).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnFileUrl(frame.attribs.src),
  // Script and style contents go entirely, not only their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/**
 * Safe HTML for rich-text fields: a fixed set of formatting tags, http(s)/mailto links, images of our own
 * stored files, nothing else.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const documentOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...documentAllowedTags],
  allowedAttributes: { a: ['href', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
};

/** Safe HTML of a converted office document: rich text plus headings and tables, nothing else. */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeHtml(html, documentOptions).trim();
}
