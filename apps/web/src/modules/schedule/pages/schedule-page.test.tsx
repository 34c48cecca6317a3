import { ModalsProvider } from '@mantine/modals';
import type { TIntegrationsResponse, TScheduleDetailResponse, TScheduleItem } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aScheduleItem, ME, SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { clockTime } from '../components/calendar-time';
import { SchedulePage } from './schedule-page';

// Today at 01:00 and 02:30 UTC: 10:00 and 11:30 in Tokyo (UTC+9, no summer time), in the month on screen.
const today = new Date();
const utcToday = (hours: number, minutes: number) =>
  new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, minutes),
  ).toISOString();

const SCHEDULED = aScheduleItem({ ID: 1, PostedOn: utcToday(1, 0), content_id: 11 });
const FAILED: TScheduleItem = {
  ...SCHEDULED,
  ID: 2,
  PostedOn: utcToday(2, 30),
  ContentType: ['LinkedIn Post', 'Linkedin'],
  content_id: 12,
  content_kind: 'linkedin_post',
  title: 'Our second roastery',
  platform: 'linkedin',
  target_name: 'Ada Lovelace',
  status: 'failed',
  failure_reason: 'LinkedIn refused the post as a duplicate',
  attempts: 1,
};
const DETAIL: TScheduleDetailResponse = {
  data: { ...FAILED, body: 'We just opened our second roastery in Lyon!', picture: false },
  attempts: [
    {
      number: 1,
      action: 'publish',
      started_at: utcToday(2, 30),
      finished_at: utcToday(2, 30),
      outcome: 'failed',
      error_kind: 'duplicate',
      message: 'LinkedIn refused the post as a duplicate',
    },
  ],
};
const integrations = (connected: boolean): TIntegrationsResponse => ({
  data: {
    linkedin: connected,
    facebook: false,
    instagram: false,
    wordpress: false,
    twitter: false,
    googleanalytics: false,
    shopify: false,
    googleads: false,
  },
  status: {
    linkedin: connected ? 'connected' : 'not_connected',
    facebook: 'not_connected',
    instagram: 'not_connected',
    wordpress: 'not_connected',
  },
  reasons: { linkedin: null, facebook: null, instagram: null, wordpress: null },
  expires_in_days: { linkedin: null, facebook: null, instagram: null, wordpress: null },
  accounts: { linkedin: connected ? ['Ada Sandbox'] : [], facebook: [], instagram: [], wordpress: [] },
});

type TAnswer = { status?: number; body: unknown };

/** The API as the calendar sees it; every call is recorded with its query. */
const stubApi = (
  options: {
    items?: TScheduleItem[];
    connected?: boolean;
    list?: TAnswer;
    detail?: TScheduleDetailResponse;
  } = {},
) => {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const answers: Record<string, TAnswer> = {
    'GET /me': { body: { ...ME, time_zone: 'Asia/Tokyo' } },
    'GET /getintegrations': { body: integrations(options.connected ?? true) },
    'GET /schedule': options.list ?? {
      body: { data: options.items ?? [SCHEDULED, FAILED], truncated: false },
    },
    'GET /schedule/2': { body: options.detail ?? DETAIL },
    'POST /schedule/2/retry': { body: { data: { ...FAILED, status: 'scheduled' } } },
    'DELETE /schedule/2': { body: { message: 'Removed from the calendar' } },
    'PATCH /schedule/2': {
      status: 400,
      body: { error: 'bad_request', message: 'Pick a time in the future' },
    },
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({
      method,
      path,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer = answers[`${method} ${path}`] ?? {
      status: 404,
      body: { error: 'not_found', message: 'No such call' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
};

const renderPage = (search = '') => {
  sessionStore.set(SESSION);
  return renderWithApp(
    <ModalsProvider>
      <SchedulePage />
    </ModalsProvider>,
    { path: '/schedule', search },
  );
};

describe('the calendar (/schedule)', () => {
  it('loads only the visible range and shows each post as "HH:MM" plus its content type in the person\'s zone', async () => {
    const calls = stubApi();
    renderPage();
    // The first render loads FullCalendar's modules: more than the default second on a busy machine.
    expect(await screen.findByText('10:00 Blog', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('11:30 LinkedIn Post')).toBeInTheDocument();
    expect(screen.getByText('Times in Asia/Tokyo')).toBeInTheDocument();
    const lists = calls.filter((call) => call.path === '/schedule');
    expect(lists).toHaveLength(1);
    // The month grid's six weeks, from midnight in Tokyo on its first day to midnight after its last.
    const from = lists[0]?.query.get('from') ?? '';
    const to = lists[0]?.query.get('to') ?? '';
    expect(clockTime(from, 'Asia/Tokyo')).toBe('00:00');
    expect(new Date(from).getUTCHours()).toBe(15);
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(42 * 24 * 3600 * 1000);
  });

  it("shows a failed post in red with the platform's reason, a published one with a check, a paused one marked", async () => {
    const published: TScheduleItem = {
      ...SCHEDULED,
      ID: 3,
      status: 'published',
      url: 'https://blog.example/p/3',
    };
    const paused: TScheduleItem = {
      ...SCHEDULED,
      ID: 4,
      paused_until: utcToday(3, 0),
      paused_reason: 'LinkedIn asked to wait: daily limit reached',
    };
    stubApi({ items: [SCHEDULED, FAILED, published, paused] });
    renderPage();
    const failed = await screen.findByTestId('event-2', {}, { timeout: 5000 });
    expect(failed).toHaveAttribute('data-status', 'failed');
    expect(within(failed).getByText('LinkedIn refused the post as a duplicate')).toBeInTheDocument();
    expect(failed).toHaveAttribute('title', expect.stringContaining('Failed'));
    expect(screen.getByTestId('event-1')).toHaveAttribute('data-status', 'scheduled');
    expect(screen.getByTestId('event-3')).toHaveAttribute('data-status', 'published');
    expect(screen.getByTestId('event-3').querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('event-4')).toHaveAttribute('data-paused', 'true');
    expect(screen.getByTestId('event-4')).toHaveAttribute(
      'title',
      '10:00 Blog — Wordpress · Sandbox blog — Paused until 12:00: LinkedIn asked to wait: daily limit reached',
    );
  });

  it('opens a post in a drawer with its content, account, reason and every attempt; Retry publishes it again', async () => {
    const calls = stubApi();
    renderPage();
    await userEvent.click(await screen.findByText('11:30 LinkedIn Post'));
    const drawer = await screen.findByRole('dialog');
    expect(
      await within(drawer).findByText('We just opened our second roastery in Lyon!'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Ada Lovelace', { exact: false })).toBeInTheDocument();
    expect(within(drawer).getByText('Not published')).toBeInTheDocument();
    const attempts = within(drawer).getByRole('table', { name: 'Publishing attempts' });
    expect(
      within(attempts).getByText('duplicate: LinkedIn refused the post as a duplicate'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open the content' })).toHaveAttribute(
      'href',
      '/linkedin?post=12',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/schedule/2/retry')).toBe(true),
    );
    expect(await screen.findByText('It will be published again now')).toBeInTheDocument();
  });

  it('shows each entry with its network and its title, beside the spec\'s "HH:MM type"', async () => {
    stubApi();
    renderPage();
    const failed = await screen.findByTestId('event-2', {}, { timeout: 5000 });
    expect(within(failed).getByTestId('event-platform-linkedin')).toHaveAttribute('aria-label', 'Linkedin');
    expect(within(failed).getByTestId('event-content-title')).toHaveTextContent('Our second roastery');
    expect(within(screen.getByTestId('event-1')).getByTestId('event-platform-wordpress')).toBeInTheDocument();
  });

  it('says a failed post never reached the platform when it has no attempt, never that it waits for its time', async () => {
    stubApi({
      detail: {
        data: {
          ...DETAIL.data,
          failure_reason: 'The account was unlinked',
          attempts: 0,
          connection_id: null,
        },
        attempts: [],
      },
    });
    renderPage('?post=2');
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(drawer).findByText('The account was unlinked')).toBeInTheDocument();
    expect(within(drawer).getByTestId('attempts-empty')).toHaveTextContent(
      'Nothing was sent to the platform: this post failed before its first attempt',
    );
    expect(within(drawer).queryByText(/It is published at its time/)).not.toBeInTheDocument();
  });

  it('opens the post a notice or a badge links to (?post=ID), and forgets the link once closed', async () => {
    stubApi();
    const { router } = renderPage('?post=2');
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(
      await within(drawer).findByText('We just opened our second roastery in Lyon!'),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('removes a post after confirming, and says the server refused a move in its own words', async () => {
    const calls = stubApi();
    renderPage();
    await userEvent.click(await screen.findByText('11:30 LinkedIn Post'));
    const drawer = await screen.findByRole('dialog');
    const moveTo = await within(drawer).findByLabelText(/Move to/);
    await userEvent.clear(moveTo);
    await userEvent.type(moveTo, '2020-01-01T09:00');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Pick a time in the future')).toBeInTheDocument();
    // 09:00 in Tokyo is midnight UTC.
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ PostedOn: '2020-01-01T00:00:00Z' });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from the calendar?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/schedule/2')).toBe(true),
    );
    expect(await screen.findByText('Removed from the calendar')).toBeInTheDocument();
  });

  it('says how to schedule, and links to Integrations when nothing is connected', async () => {
    stubApi({ items: [], connected: false });
    renderPage();
    expect(await screen.findByText('Connect an account to start scheduling')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Integrations' })).toHaveAttribute('href', '/integrations');
  });

  it('with an account connected, the empty calendar points to Blogs, LinkedIn and Socials', async () => {
    stubApi({ items: [], connected: true });
    renderPage();
    expect(await screen.findByText('Nothing scheduled here yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/website-content');
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', '/linkedin');
    expect(screen.getByRole('link', { name: 'Socials' })).toHaveAttribute('href', '/socials/content');
  });

  it('veils the grid while the range loads', async () => {
    stubApi();
    const answered = globalThis.fetch;
    // The list never answers: the calendar stays loading.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/schedule') ? new Promise(() => undefined) : answered(input, init),
    );
    renderPage();
    expect(await screen.findByLabelText('Loading the calendar', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Nothing scheduled here yet')).not.toBeInTheDocument();
  });

  it('offers to try again when the calendar cannot be loaded', async () => {
    stubApi({ list: { status: 500, body: { error: 'internal', message: 'Something went wrong!' } } });
    renderPage();
    expect(await screen.findByText('Could not load your calendar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
