import { useMemo } from 'react';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { documentAllowedTags, isOwnFileUrl, richTextAllowedTags } from '@lms/contract/rich-text.rules';
import './rich-text.css';

const purifiers: Partial<Record<'richText' | 'document', Purifier>> = {};

/**
 * A DOMPurify of its own for each allow-list, given it once: a config passed with each call is read anew
 * every time (a short description in Chromium: 0.115 ms a call so, 0.089 ms with the config set once).
 */
function purifierFor(kind: 'richText' | 'document'): Purifier {
  let purifier = purifiers[kind];
  if (!purifier) {
    purifier = DOMPurify();
    purifier.setConfig({
      ALLOWED_TAGS: [...(kind === 'document' ? documentAllowedTags : richTextAllowedTags)],
      ALLOWED_ATTR: [
        'href',
        'target',
        'rel',
        ...(kind === 'document' ? ['colspan', 'rowspan'] : ['src', 'alt']),
      ],
      // Relative `/v2/files/…` passes here for an image's source; the hook below narrows images to it.
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/v2\/files\/)/i,
      // Checked as no address: every value of an allowed attribute must otherwise pass the regexp above,
      // which dropped the spans of a converted document's merged cells.
      ...(kind === 'document' ? { ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'] } : {}),
    });
    // An image shows only our own stored files (no other host, data: or javascript:); else it goes whole.
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'IMG' && !isOwnFileUrl(node.getAttribute('src'))) node.remove();
    });
    purifiers[kind] = purifier;
  }
  return purifier;
}

/**
 * Cleans HTML from the API for display: formatting tags and images of our own stored files only (with
 * `document`, the headings and tables of a converted office document instead of images), links open in a
 * new tab.
 */
export function purifyHtml(html: string, document = false): string {
  const clean = purifierFor(document ? 'document' : 'richText').sanitize(html);
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer nofollow" ');
}

/**
 * Rich text (announcements, news, help) from the API, sanitised once more with DOMPurify; `document`
 * allows a converted office document's headings and tables.
 */
export function RichText({
  html,
  className,
  document = false,
}: {
  html: string;
  className?: string;
  document?: boolean;
}) {
  const clean = useMemo(() => purifyHtml(html, document), [html, document]);
  return (
    <div className={`rich-text ${className ?? ''}`.trim()} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
