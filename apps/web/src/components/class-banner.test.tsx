import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ClassBanner, defaultBanners } from './class-banner.tsx';

describe('ClassBanner', () => {
  it('has seven default banners, chosen by banner_color_idx modulo 7', () => {
    expect(defaultBanners).toHaveLength(7);
    const { container, rerender } = render(<ClassBanner bannerUrl={null} colorIdx={9} />);
    expect(container.firstElementChild).toHaveAttribute('data-banner', 'default-2');
    rerender(<ClassBanner bannerUrl={null} colorIdx={-1} />);
    expect(container.firstElementChild).toHaveAttribute('data-banner', 'default-6');
  });

  it('shows an uploaded banner instead', () => {
    const { container } = render(<ClassBanner bannerUrl="/v2/files/abc?college-id=demo" colorIdx={3} />);
    const banner = container.firstElementChild as HTMLElement;
    expect(banner).toHaveAttribute('data-banner', 'uploaded');
    expect(banner.style.backgroundImage).toContain('/v2/files/abc');
  });
});
