import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { documentAllowedTags, richTextAllowedTags } from '@lms/contract/rich-text.rules';
import './rich-text.css';

/**
 * Cleans HTML from the API for display: formatting tags only (with `document`, also the headings and
 * tables of a converted office document), links open in a new tab.
 */
export function purifyHtml(html: string, document = false): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...(document ? documentAllowedTags : richTextAllowedTags)],
    ALLOWED_ATTR: ['href', 'target', 'rel', ...(document ? ['colspan', 'rowspan'] : [])],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
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
