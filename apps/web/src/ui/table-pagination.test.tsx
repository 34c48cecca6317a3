import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TablePagination } from './table-pagination';

const Pager = ({ total, onSize = () => undefined }: { total: number; onSize?: (size: number) => void }) => {
  const [page, setPage] = useState(1);
  return (
    <MantineProvider env="test">
      <TablePagination
        page={page}
        pageSize={10}
        total={total}
        onPageChange={setPage}
        onPageSizeChange={onSize}
      />
    </MantineProvider>
  );
};

const numbers = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => text && /^\d+$/.test(text));

describe('TablePagination', () => {
  it('appears only when the total exceeds 10', () => {
    const { rerender } = render(<Pager total={10} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    rerender(<Pager total={11} />);
    expect(numbers()).toEqual(['1', '2']);
  });

  it('shows five page numbers at a time while paging through 200 rows', async () => {
    const user = userEvent.setup();
    render(<Pager total={200} />);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    await user.click(screen.getByRole('button', { name: '5' }));
    expect(numbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(numbers()).toEqual(['16', '17', '18', '19', '20']);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByRole('button', { name: '19' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('offers 10, 50 and 100 rows per page', async () => {
    const user = userEvent.setup();
    const onSize = vi.fn();
    render(<Pager total={200} onSize={onSize} />);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('Rows Per Page - 10');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: 'Rows Per Page - 50' }));
    expect(onSize).toHaveBeenCalledWith(50);
  });
});
