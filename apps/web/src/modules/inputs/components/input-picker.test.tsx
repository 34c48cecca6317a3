import type { TInput } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../test/render';
import { InputPicker } from './input-picker';

const text = (id: number, name: string, characters: number): TInput => ({
  id,
  kind: 'text',
  name,
  mime: 'application/pdf',
  size_bytes: 1000,
  characters,
  excerpt: 'Beginning of the text',
  width: null,
  height: null,
  has_file: true,
  created_at: '2026-11-23T10:00:00.000Z',
});

const TEXTS = [text(7, 'Product sheet', 5_200), text(3, 'Case study', 12_000)];

/** The picker inside a parent that keeps the chosen ids, as the Blogs and LinkedIn screens do. */
const Host = ({ onChange, initial = [] }: { onChange: (ids: number[]) => void; initial?: number[] }) => {
  const [ids, setIds] = useState<number[]>(initial);
  return (
    <InputPicker
      value={ids}
      max={2}
      onChange={(next) => {
        setIds(next);
        onChange(next);
      }}
    />
  );
};

/** The picker's search field (its label also names the hidden field that carries the value). */
const pickerField = async (): Promise<HTMLElement> => {
  const labelled = await screen.findAllByLabelText('Ground it in your texts');
  const field = labelled.find(
    (element) => element.tagName === 'INPUT' && element.getAttribute('type') !== 'hidden',
  );
  if (!field) throw new Error('no search field');
  return field;
};

describe('InputPicker', () => {
  it("lists the user's texts and answers the ids chosen, in the order chosen", async () => {
    const server = stubApi({ 'GET /api/inputs': { body: { inputs: TEXTS, total: 2 } } });
    vi.stubGlobal('fetch', server.fetch);
    const onChange = vi.fn();
    renderWithApp(<Host onChange={onChange} />);
    const field = await pickerField();
    expect(screen.getByText(/Optional, up to 2\. Each text is used up to 6,000 characters\./)).toBeVisible();
    expect(server.calls[0]?.path).toBe('/api/inputs');

    await userEvent.click(field);
    expect(await screen.findByText('PDF · 12,000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Case study'));
    await userEvent.click(field);
    await userEvent.click(await screen.findByText('Product sheet'));
    expect(onChange).toHaveBeenLastCalledWith([3, 7]);
  });

  it('asks only for texts, the newest hundred', async () => {
    const server = stubApi({ 'GET /api/inputs': { body: { inputs: TEXTS, total: 2 } } });
    const seen: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input));
      return server.fetch(input, init);
    });
    renderWithApp(<Host onChange={() => undefined} />);
    await pickerField();
    expect(seen[0]).toMatch(/\/api\/inputs\?kind=text&page=0&limit=100$/);
  });

  it('with no texts yet, says where to add some', async () => {
    vi.stubGlobal('fetch', stubApi({ 'GET /api/inputs': { body: { inputs: [], total: 0 } } }).fetch);
    renderWithApp(<Host onChange={() => undefined} />);
    const link = await screen.findByRole('link', { name: 'Add texts in Inputs' });
    expect(link).toHaveAttribute('href', '/inputs/uploadedtexts');
  });

  it('drops a chosen id whose text is gone', async () => {
    vi.stubGlobal('fetch', stubApi({ 'GET /api/inputs': { body: { inputs: TEXTS, total: 2 } } }).fetch);
    renderWithApp(<Host onChange={() => undefined} initial={[7, 99]} />);
    await waitFor(() => expect(screen.getByText('Product sheet')).toBeInTheDocument());
    const chosen = document.querySelectorAll('.mantine-Pill-root');
    expect([...chosen].map((pill) => pill.textContent)).toEqual(['Product sheet']);
  });

  it('says when the texts could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({ 'GET /api/inputs': { status: 500, body: { error: 'internal_error', message: 'Boom' } } })
        .fetch,
    );
    renderWithApp(<Host onChange={() => undefined} />);
    expect(await screen.findByText('Your texts could not be loaded')).toBeInTheDocument();
  });
});
