import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { richTextAllowedTags } from '@lms/contract/rich-text.rules';
import './rich-text.css';

/** Cleans HTML from the API for display: formatting tags only, links open in a new tab. */
export function purifyHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...richTextAllowedTags],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer nofollow" ');
}

/** Rich text (announcements, news, help) from the API, sanitised once more with DOMPurify. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <div className={`rich-text ${className ?? ''}`.trim()} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
