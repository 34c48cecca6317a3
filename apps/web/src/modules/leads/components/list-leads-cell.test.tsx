import type { TList } from '@sales-assist/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ListLeadsCell } from './list-leads-cell';

const NOBODY = 'LinkedIn found nobody to import here: no leads were added. Try a broader search.';
const list = (changes: Partial<TList>): TList => ({
  id: 5,
  name: 'Nobody',
  status: 'Not in Campaign',
  message: '',
  leadcount: 0,
  ...changes,
});

describe('the leads count of a list', () => {
  it('says why a finished list is empty, beside its 0', () => {
    renderWithApp(<ListLeadsCell list={list({ message: NOBODY })} />);
    expect(screen.getByText('0')).toBeInTheDocument();
    expect(screen.getByTestId('list-empty-reason-5')).toHaveTextContent(NOBODY);
  });

  it('shows the count alone when the list has leads', () => {
    renderWithApp(<ListLeadsCell list={list({ leadcount: 12, message: 'Imported 12 of 12 people' })} />);
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.queryByTestId('list-empty-reason-5')).not.toBeInTheDocument();
  });
});
