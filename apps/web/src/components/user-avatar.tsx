import { useState } from 'react';
import './user-avatar.css';

/** The placeholder image for people without a photo (spec 1 §2, §8), from apps/web/public. */
export const avatarPlaceholderUrl = `${import.meta.env.BASE_URL}avatar-placeholder.svg`;

/**
 * A person's photo; the placeholder image when there is none or it fails to load. A plain image: antd's
 * Avatar measures its text on every render (a forced layout), and the shell shows two of them. At low
 * priority: a face of 24–56 px is never what a page is opened for, and on a phone's slow link the shell's
 * avatars were asked for at the browser's high image priority beside the page's own answers.
 */
export function UserAvatar({
  src,
  alt,
  size,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size: number;
  className?: string;
}) {
  // The photo that failed, so a new photo (another user, a fresh upload) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && src !== failed ? src : avatarPlaceholderUrl;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      fetchPriority="low"
      className={className ? `user-avatar ${className}` : 'user-avatar'}
      onError={() => setFailed(src ?? null)}
    />
  );
}
