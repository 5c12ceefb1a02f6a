import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarPlaceholderUrl, UserAvatar } from './user-avatar.tsx';

describe('UserAvatar', () => {
  it('shows the placeholder image when there is no photo', () => {
    render(<UserAvatar src={null} alt="Rizky" size={32} />);
    expect(screen.getByRole('img', { name: 'Rizky' })).toHaveAttribute('src', avatarPlaceholderUrl);
  });

  it('is asked for after what the page is opened for', () => {
    render(<UserAvatar src="/files/foto.png" alt="Rizky" size={32} />);
    expect(screen.getByRole('img', { name: 'Rizky' })).toHaveAttribute('fetchpriority', 'low');
  });

  it('shows the photo, and the placeholder image when the photo fails to load', () => {
    render(<UserAvatar src="/files/foto.png" alt="Rizky" size={32} />);
    const image = screen.getByRole('img', { name: 'Rizky' });
    expect(image).toHaveAttribute('src', '/files/foto.png');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Rizky' })).toHaveAttribute('src', avatarPlaceholderUrl);
  });
});
