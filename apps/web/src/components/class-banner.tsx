import type { CSSProperties, ReactNode } from 'react';
import { defaultBannerCount, defaultBannerIndex } from '@lms/contract/class.rules';

/**
 * The seven default class banners (spec 1 §9): light gradients with soft circles, drawn in CSS so they
 * cost no download. A class without an uploaded banner shows banner_color_idx modulo 7.
 */
export const defaultBanners: readonly string[] = [
  ['#dbeafe', '#bfdbfe', '#93c5fd'],
  ['#ccfbf1', '#99f6e4', '#5eead4'],
  ['#ede9fe', '#ddd6fe', '#c4b5fd'],
  ['#fef3c7', '#fde68a', '#fcd34d'],
  ['#ffe4e6', '#fecdd3', '#fda4af'],
  ['#dcfce7', '#bbf7d0', '#86efac'],
  ['#e0e7ff', '#c7d2fe', '#a5b4fc'],
].map(
  ([a, b, c]) =>
    'radial-gradient(circle at 88% 18%, rgba(255,255,255,0.55) 0 44px, transparent 45px), ' +
    'radial-gradient(circle at 72% 120%, rgba(255,255,255,0.35) 0 70px, transparent 71px), ' +
    'radial-gradient(circle at 4% 0%, rgba(255,255,255,0.4) 0 36px, transparent 37px), ' +
    `linear-gradient(135deg, ${a} 0%, ${b} 55%, ${c} 100%)`,
);

if (defaultBanners.length !== defaultBannerCount) throw new Error('default banner count');

/** A class banner: the uploaded image, or the default one its colour index picks; children overlay it. */
export function ClassBanner({
  bannerUrl,
  colorIdx,
  height = 112,
  children,
  style,
}: {
  bannerUrl: string | null;
  colorIdx: number;
  height?: number;
  children?: ReactNode;
  style?: CSSProperties;
}) {
  const index = defaultBannerIndex(colorIdx);
  return (
    <div
      data-banner={bannerUrl ? 'uploaded' : `default-${index}`}
      style={{
        position: 'relative',
        height,
        backgroundImage: bannerUrl ? `url("${bannerUrl}")` : defaultBanners[index],
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        ...style,
      }}
    >
      {children}
    </div>
  );
}
