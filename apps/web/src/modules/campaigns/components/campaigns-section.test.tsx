import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { CampaignsSection, wizardEntryOf } from './campaigns-section';

afterEach(() => vi.unstubAllGlobals());

describe('opening the campaign wizard from an address', () => {
  it('reads ?list=<id> and ?new=1, and nothing else', () => {
    expect(wizardEntryOf(new URLSearchParams('list=42'))).toEqual({ listId: 42 });
    expect(wizardEntryOf(new URLSearchParams('new=1'))).toEqual({ listId: null });
    for (const search of ['', 'list=0', 'list=abc', 'list=-3', 'new=yes'])
      expect(wizardEntryOf(new URLSearchParams(search))).toBeNull();
  });

  it('starts at step 2 with the list Start Outreach made already chosen', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/linkedinAI/fetch_all_lists': {
        body: {
          lists: [
            { id: 7, name: 'Older', status: 'Not in Campaign', leadcount: 30 },
            { id: 42, name: 'Outreach Nov 28, 2026', status: 'Not in Campaign', leadcount: 2 },
          ],
        },
      },
      'GET /api/linkedinAI/campaign_lead_count': { body: { leads: 2, total: 2 } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CampaignsSection />, { path: '/campaigns', search: '?list=42' });
    expect(await screen.findByText('Create a new Outreach Campaign')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Outreach Nov 28, 2026 · 2 leads')).toBeInTheDocument();
    expect(await screen.findByText('2 leads selected')).toBeInTheDocument();
  });
});
