import type { TImportStatusResponse } from '@sales-assist/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { ImportBanner } from './import-banner';

/** import_status as the banner reads it. */
const stubStatus = (status: TImportStatusResponse) =>
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(status), { headers: { 'Content-Type': 'application/json' } }),
  );

const FINISHED: TImportStatusResponse = {
  status: 'Not in Campaign',
  processed: 1500,
  total: 1500,
  skipped: 2,
  imported: 1498,
  message: '',
  notice: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the result of a CSV import', () => {
  it("shows the import's notice with its counts, so a file read with losses never looks all fine", async () => {
    const notice =
      "12 rows had characters that could not be read in the file's encoding; they are shown as �. 2 rows with a Sales Navigator link were skipped: Sales Navigator links cannot be opened as public profiles. Export the leads' public profile URLs (linkedin.com/in/…) instead.";
    sessionStore.set(SESSION);
    stubStatus({ ...FINISHED, notice });
    renderWithApp(<ImportBanner recent={{ listId: 7, listName: 'Q3' }} onClose={() => undefined} />, {
      path: '/leads',
    });
    expect(await screen.findByText('Import into "Q3" finished')).toBeInTheDocument();
    expect(screen.getByText('1,498 imported')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(notice);
  });

  it('shows no notice when there is nothing to add to the counts', async () => {
    sessionStore.set(SESSION);
    stubStatus(FINISHED);
    renderWithApp(<ImportBanner recent={{ listId: 8, listName: 'Clean' }} onClose={() => undefined} />, {
      path: '/leads',
    });
    expect(await screen.findByText('Import into "Clean" finished')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
