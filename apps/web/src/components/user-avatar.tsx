import { useState } from 'react';
import { Avatar } from 'antd';

/** The placeholder image for people without a photo (spec 1 §2, §8), from apps/web/public. */
export const avatarPlaceholderUrl = `${import.meta.env.BASE_URL}avatar-placeholder.svg`;

/** A person's photo; the placeholder image when there is none or it fails to load. */
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
    <Avatar
      size={size}
      src={url}
      alt={alt}
      className={className}
      style={{ flex: 'none' }}
      onError={() => {
        setFailed(src ?? null);
        // Keep antd from swapping in its own fallback: the placeholder replaces the photo instead.
        return false;
      }}
    />
  );
}
