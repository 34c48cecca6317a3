import type { TCsvSaveResponse, TCsvVerifyResponse } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { UploadCsvPage } from './upload-csv-page';

const VERIFIED_WITH_ERRORS: TCsvVerifyResponse = {
  kind: 'prompts',
  rows: 2,
  creates: 1,
  updates: 0,
  columns: ['promptname', 'purpose', 'prompttext'],
  errors: [{ line: 3, message: 'line 3: purpose must be one of blog_topics, … (found "tweets")' }],
  more_errors: 0,
  preview: [
    { line: 2, action: 'create', cells: { promptname: 'Fine', purpose: 'chat', prompttext: '=SUM(A1)' } },
    { line: 3, action: 'create', cells: { promptname: 'Odd', purpose: 'tweets', prompttext: 'Text' } },
  ],
  ready: false,
};
const VERIFIED: TCsvVerifyResponse = {
  ...VERIFIED_WITH_ERRORS,
  rows: 1,
  errors: [],
  preview: VERIFIED_WITH_ERRORS.preview.slice(0, 1),
  ready: true,
};
const SAVED: TCsvSaveResponse = {
  message: 'Imported 1 prompt: 1 created, 0 updated',
  kind: 'prompts',
  created: 1,
  updated: 0,
  items: [{ line: 2, id: 31, name: 'Fine', action: 'created' }],
};

/** Answers the two upload calls in turn; records which file each carried (FormData, not JSON). */
const stubUploads = (answers: { path: string; status?: number; body: unknown }[]) => {
  const sent: { path: string; fileName: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const file = init?.body instanceof FormData ? (init.body.get('file') as File | null) : null;
    sent.push({ path, fileName: file?.name });
    const answer = answers.shift();
    if (!answer || answer.path !== path) {
      return new Response(JSON.stringify({ error: 'not_found', message: `Unexpected ${path}` }), {
        status: 404,
      });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
};

const csvFile = (name: string) =>
  new File(['promptname,purpose,prompttext\r\nFine,chat,Hi\r\n'], name, { type: 'text/csv' });

describe('UploadCsvPage', () => {
  it('lists the bad lines of a verified file and keeps Save off; a good file saves and says what was imported', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const sent = stubUploads([
      { path: '/api/admin/upload-csv/prompts/verify', body: VERIFIED_WITH_ERRORS },
      { path: '/api/admin/upload-csv/prompts/verify', body: VERIFIED },
      { path: '/api/admin/upload-csv/prompts/save', body: SAVED },
    ]);
    const { container } = renderWithApp(<UploadCsvPage />);
    const user = userEvent.setup();
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;

    await user.upload(input(), csvFile('bad.csv'));
    expect(
      await screen.findByText('line 3: purpose must be one of blog_topics, … (found "tweets")'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('1 error: nothing will be saved until every line is correct'),
    ).toBeInTheDocument();
    // Formula-looking cells are shown as the text they are.
    expect(screen.getByText('=SUM(A1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save 1 prompt' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    await user.upload(input(), csvFile('good.csv'));
    expect(await screen.findByText('Ready: 1 to create, 0 to update')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save 1 prompt' }));
    expect(
      await screen.findByText('Imported 1 prompt: 1 created, 0 updated: Fine (id 31)'),
    ).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('input[type="file"]')).not.toBeNull());
    expect(sent).toEqual([
      { path: '/api/admin/upload-csv/prompts/verify', fileName: 'bad.csv' },
      { path: '/api/admin/upload-csv/prompts/verify', fileName: 'good.csv' },
      { path: '/api/admin/upload-csv/prompts/save', fileName: 'good.csv' },
    ]);
  });

  it('a file refused as a whole says why, and Templates sends to the templates calls', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const message = 'This file is a PNG file, not a CSV.';
    const sent = stubUploads([
      {
        path: '/api/admin/upload-csv/templates/verify',
        status: 400,
        body: { error: 'invalid_file', message },
      },
    ]);
    const { container } = renderWithApp(<UploadCsvPage />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Templates'));
    await user.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      csvFile('picture.csv'),
    );
    // In a toast and in place, under the dropzone.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(sent).toEqual([{ path: '/api/admin/upload-csv/templates/verify', fileName: 'picture.csv' }]);
  });
});
