import type { TLeadResearch, TResearchLeadMatch } from '@sales-assist/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { ProspectResearchPage } from './prospect-research-page';

const LEAD: TResearchLeadMatch = {
  id: 7,
  name: 'Jane Doe',
  headline: 'Head of Growth at Acme',
  company: 'Acme',
  linkedin_url: 'https://www.linkedin.com/in/jane-doe',
  list_name: 'Q3 prospects',
  researched_at: null,
};

const CARD: TLeadResearch = {
  lead: {
    id: 7,
    name: 'Jane Doe',
    headline: 'Head of Growth at Acme',
    company: 'Acme',
    linkedin_url: LEAD.linkedin_url,
    list_name: 'Q3 prospects',
  },
  card: {
    role: { text: 'Head of Growth at Acme since March 2021 (4 years 8 months)', source: 'profile' },
    company: { text: 'Acme makes invoicing simple. For: small agencies', source: 'site' },
    topics: [{ text: 'pricing experiments', source: 'post-1' }],
    talking_points: [{ text: '“We doubled our trial conversion by asking one question.”', source: 'post-1' }],
    opening_line: {
      text: 'Write here: an opening line in your own words about pricing experiments.',
      source: null,
    },
  },
  sources: [
    {
      id: 'profile',
      kind: 'profile',
      label: 'LinkedIn profile',
      url: LEAD.linkedin_url,
      date: null,
      text: '…',
    },
    {
      id: 'post-1',
      kind: 'post',
      label: 'Post 1',
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:1/',
      date: '2026-03-12T10:00:00.000Z',
      text: '…',
    },
    {
      id: 'site',
      kind: 'website',
      label: 'Website: acme.example',
      url: 'https://acme.example/',
      date: null,
      text: '…',
    },
  ],
  notes: ['Written without an AI model: every point is taken from the sources as they are.'],
  website: 'https://acme.example/',
  writer: 'offline',
  model: null,
  researched_at: '2026-11-28T10:00:00.000Z',
};

const RUNS = {
  'GET /api/prospect-research/runs': { body: { runs: [] } },
  'GET /api/linkedinAI/fetch_all_lists': { body: { lists: [] } },
};

beforeEach(() => sessionStore.set(SESSION));
afterEach(() => vi.unstubAllGlobals());

describe('Prospect Research', () => {
  it('finds a lead, researches it and shows each point beside the badge of its source', async () => {
    let researched = false;
    const api = stubApi({
      ...RUNS,
      'GET /api/prospect-research/leads': { body: { leads: [LEAD] } },
      'GET /api/leads/7/research': () =>
        researched
          ? { body: CARD }
          : { status: 404, body: { error: 'not_found', message: 'This lead has not been researched yet' } },
      'POST /api/leads/7/research': () => {
        researched = true;
        return { body: CARD };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ProspectResearchPage />, { path: '/prospect-research' });
    expect(await screen.findByText('Choose a lead to research')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /Jane Doe/ }));
    expect(await screen.findByText('Jane Doe is not researched yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Company website'), 'acme.example');
    await userEvent.click(screen.getAllByRole('button', { name: 'Research' })[0] as HTMLElement);

    const card = await screen.findByTestId('research-card');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ website: 'acme.example' });
    expect(within(card).getByText(CARD.card.role?.text ?? '')).toBeInTheDocument();
    expect(within(card).getByText('Written without a model')).toBeInTheDocument();
    // The talking point links to the post it quotes, with the post's date.
    const quote = within(card).getByText(CARD.card.talking_points[0]?.text ?? '');
    const badge = within(quote.parentElement as HTMLElement).getByRole('link', {
      name: 'Source: Post 1 · 12 Mar 2026',
    });
    expect(badge).toHaveAttribute('href', 'https://www.linkedin.com/feed/update/urn:li:activity:1/');
    expect(within(card).getByText(/^Write here:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Research again' })).toBeInTheDocument();
  });

  it('opens the lead of ?lead= with its saved card, and says why a research could not be done', async () => {
    const api = stubApi({
      ...RUNS,
      'GET /api/prospect-research/leads': { body: { leads: [] } },
      'GET /api/leads/7/research': { body: CARD },
      'POST /api/leads/7/research': {
        status: 409,
        body: {
          error: 'daily_cap_reached',
          message: 'Your LinkedIn account has viewed as many profiles today as it safely can.',
          retry_at: '2026-11-29T00:00:00.000Z',
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ProspectResearchPage />, { path: '/prospect-research', search: '?lead=7' });
    expect(await screen.findByTestId('research-card')).toBeInTheDocument();
    expect(screen.getByLabelText('Company website')).toHaveValue('https://acme.example/');
    await userEvent.click(screen.getByRole('button', { name: 'Research again' }));
    expect(await screen.findByText('Research could not be done')).toBeInTheDocument();
    expect(screen.getAllByText(/viewed as many profiles today/).length).toBeGreaterThan(0);
    // The saved card stays in view.
    expect(screen.getByTestId('research-card')).toBeInTheDocument();
  });
});
