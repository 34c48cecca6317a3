import type { TAllLeadsResponse, TLead } from '@sales-assist/contract';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { useLeadSelection } from '../hooks/use-lead-selection';
import { AllLeadsScreen } from './all-leads-screen';

const aLead = (id: number, changes: Partial<TLead> = {}): TLead => ({
  id,
  isSelected: false,
  'Profile Image URL': 'None',
  Name: `Person ${id}`,
  Headline: 'Head of Growth',
  Location: 'Paris',
  Company: 'Acme',
  'Connection Degree': '2nd',
  Source: 'CSV',
  'Linkedin URL': `https://www.linkedin.com/in/person-${id}`,
  email: null,
  ...changes,
});

/** Two pages of ten: ids 20…11 on the first (page 0), 10…1 on the second. */
const pageOf = (page: number): TAllLeadsResponse => ({
  leads: Array.from({ length: 10 }, (_, i) => aLead(20 - page * 10 - i)),
  total: 20,
});

const render = (routes: Parameters<typeof stubApi>[0]) => {
  sessionStore.set(SESSION);
  const api = stubApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  const view = renderWithApp(
    <AllLeadsScreen goTo={() => undefined} recentImport={null} onImportSeen={() => undefined} />,
    { path: '/leads' },
  );
  return { ...view, api };
};

afterEach(() => vi.unstubAllGlobals());

describe('the all-leads selection', () => {
  it('keeps leads chosen across pages, selects a whole page, and clears', async () => {
    // The stub reads no query string: the page the screen asks for next is set before each change.
    let page = 0;
    render({
      'GET /api/linkedinAI/all_leads': () => ({ body: pageOf(page) }),
      'GET /api/leads/email-finder': { body: { provider: 'hunter', note: null } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Person 20' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 19' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    page = 1;
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(await screen.findByText('12 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Person 3' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Person 3' })).not.toBeChecked();
  });

  it('stops at the cap and says so', () => {
    const { result } = renderHook(() => useLeadSelection(3));
    act(() => result.current.setMany([1, 2], true));
    act(() => result.current.setMany([3, 4, 5], true));
    expect([...result.current.ids]).toEqual([1, 2, 3]);
    expect(result.current.full).toBe(true);
    act(() => result.current.toggle(1));
    expect(result.current.full).toBe(false);
    act(() => result.current.toggle(9));
    expect([...result.current.ids]).toEqual([2, 3, 9]);
  });
});

describe('Start Outreach', () => {
  it('makes a list of the selected leads and opens the campaign wizard with it', async () => {
    const { api, router } = render({
      'GET /api/linkedinAI/all_leads': { body: pageOf(0) },
      'GET /api/leads/email-finder': { body: { provider: 'hunter', note: null } },
      'POST /api/lists/from-leads': {
        status: 201,
        body: {
          message: 'List Created',
          list: { id: 42, name: 'Outreach Nov 28, 2026', status: 'Not in Campaign', leadcount: 2 },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Person 20' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 18' }));
    await user.click(screen.getByRole('button', { name: 'Start Outreach' }));
    await waitFor(() => expect(router.state.location.search).toBe('?list=42'));
    expect(router.state.location.pathname).toBe('/campaigns');
    expect(api.calls.find((call) => call.path === '/api/lists/from-leads')?.body).toEqual({
      lead_ids: [20, 18],
    });
    expect(await screen.findByText('List Created')).toBeInTheDocument();
  });

  it('with nothing selected opens the wizard without a list', async () => {
    const { api, router } = render({
      'GET /api/linkedinAI/all_leads': { body: pageOf(0) },
      'GET /api/leads/email-finder': { body: { provider: 'hunter', note: null } },
    });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Select Person 20' });
    await user.click(screen.getByRole('button', { name: 'Start Outreach' }));
    await waitFor(() => expect(router.state.location.search).toBe('?new=1'));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('Find Email', () => {
  it('without a provider says what to set up', async () => {
    const note = 'Finding e-mails needs an e-mail finder: an administrator sets HUNTER_API_KEY…';
    const { api } = render({
      'GET /api/linkedinAI/all_leads': { body: pageOf(0) },
      'GET /api/leads/email-finder': { body: { provider: null, note } },
    });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Select Person 20' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find Email' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Find Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find Email needs an e-mail finder' });
    expect(within(dialog).getByText(note)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('looks the selection up, shows each address with its status and confidence, and counts them', async () => {
    const { api } = render({
      'GET /api/linkedinAI/all_leads': { body: pageOf(0) },
      'GET /api/leads/email-finder': { body: { provider: 'hunter', note: null } },
      'POST /api/leads/find-emails': {
        body: {
          results: [
            {
              lead_id: 20,
              outcome: 'found',
              email: {
                address: 'person.twenty@acme.com',
                confidence: 94,
                status: 'valid',
                provider: 'hunter',
                checked_at: '2026-11-28T10:00:00.000Z',
              },
            },
            {
              lead_id: 19,
              outcome: 'not_found',
              email: {
                address: null,
                confidence: null,
                status: null,
                provider: 'hunter',
                checked_at: '2026-11-28T10:00:00.000Z',
              },
            },
          ],
          found: 1,
          not_found: 1,
          credits: 499,
          stopped: null,
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Find Email' })).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Person 20' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 19' }));
    await user.click(screen.getByRole('button', { name: 'Find Email' }));
    expect(await screen.findByText('person.twenty@acme.com')).toBeInTheDocument();
    expect(screen.getByText('Valid · 94%')).toBeInTheDocument();
    expect(screen.getByText('Not found')).toBeInTheDocument();
    expect(await screen.findByText('1 Email Found, 1 Not Found')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/leads/find-emails')?.body).toEqual({
      lead_ids: [20, 19],
    });
    expect(sessionStore.get()?.credits).toBe(499);
  });
});
