import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EmptyState, noParticipantsSentence } from './empty-state.tsx';

describe('EmptyState', () => {
  it('says Ups! Data Kosong with the context sentence', () => {
    render(<EmptyState description={noParticipantsSentence} />);
    expect(screen.getByText('Ups! Data Kosong')).toBeInTheDocument();
    expect(screen.getByText('Tidak ada mahasiswa yang tersedia pada kelas ini.')).toBeInTheDocument();
  });
});
