import type { TScheduleTarget } from '@sales-assist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aScheduleItem, ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { ScheduleButton } from './schedule-dialog-button';
import type { TSchedulableContent } from './schedule-dialog-content';

const LINKEDIN_POST: TSchedulableContent = {
  id: 41,
  kind: 'linkedin_post',
  title: 'Why we roast on Mondays',
};

const target = (changes: Partial<TScheduleTarget> & Pick<TScheduleTarget, 'id'>): TScheduleTarget => ({
  platform: 'linkedin',
  name: 'Jane Doe',
  picture: null,
  status: 'connected',
  ...changes,
});

const TARGETS: TScheduleTarget[] = [
  target({ id: '00000000-0000-4000-8000-000000000001', name: 'Jane Doe' }),
  target({ id: '00000000-0000-4000-8000-000000000002', name: 'Old Account', status: 'reconnect' }),
  target({ id: '00000000-0000-4000-8000-000000000003', name: 'Roastery Blog', platform: 'wordpress' }),
  target({ id: '00000000-0000-4000-8000-000000000004', name: 'Roastery Page', platform: 'facebook' }),
  target({ id: '00000000-0000-4000-8000-000000000005', name: 'roastery.gram', platform: 'instagram' }),
];

const routes = (targets: TScheduleTarget[], post: Parameters<typeof stubApi>[0][string]) =>
  stubApi({
    'GET /api/me': { body: { ...ME, time_zone: 'Europe/Paris' } },
    'GET /api/schedule/targets': { body: { data: targets } },
    'POST /api/schedule': post,
  });

const openDialog = async (content: TSchedulableContent = LINKEDIN_POST) => {
  renderWithApp(<ScheduleButton content={content} />);
  fireEvent.click(screen.getByRole('button', { name: `Schedule ${content.title}` }));
  return screen.findByRole('dialog');
};

beforeEach(() => {
  sessionStore.set(SESSION);
  // Only the clock: 09:05 UTC is 10:05 in Paris, the user's zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:05:20Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the schedule dialog', () => {
  it('offers the LinkedIn accounts at the spec’s default time in the user’s zone, and schedules the post', async () => {
    const api = routes(TARGETS, { status: 201, body: { data: [], message: 'Scheduled' } });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await openDialog();

    expect(await within(dialog).findByText('Jane Doe')).toBeInTheDocument();
    // WordPress, Facebook and Instagram accounts are not where a LinkedIn post goes.
    expect(within(dialog).queryByText('Roastery Blog')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Roastery Page')).not.toBeInTheDocument();
    // The account LinkedIn stopped accepting is shown, cannot be chosen, and leads to Integrations.
    expect(within(dialog).getByRole('checkbox', { name: 'Old Account (Linkedin)' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'on Integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
    // The only account that can be chosen starts ticked.
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Jane Doe (Linkedin)' })).toBeChecked(),
    );

    await waitFor(() =>
      expect(within(dialog).getByTestId('schedule-zone')).toHaveTextContent('Europe/Paris'),
    );
    expect(within(dialog).getByTestId('schedule-zone')).toHaveTextContent(
      'Times are in Europe/Paris (GMT+1), your time zone in Settings.',
    );
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue('2026-11-24');
    expect(within(dialog).getByLabelText('Hours')).toHaveValue('12');
    expect(within(dialog).getByLabelText('Minutes')).toHaveValue('05');

    fireEvent.change(within(dialog).getByLabelText('Minutes'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(await screen.findByText('Scheduled')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      contentID: 41,
      platforms: ['00000000-0000-4000-8000-000000000001'],
      date: '2026-11-24',
      hours: '12',
      minutes: '30',
      time_zone: 'Europe/Paris',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a social post only to its own network’s accounts', async () => {
    const api = routes(TARGETS, { status: 201, body: { data: [], message: 'Scheduled' } });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await openDialog({ id: 7, kind: 'social_post', title: 'New beans', network: 'instagram' });
    expect(await within(dialog).findByText('roastery.gram')).toBeInTheDocument();
    expect(within(dialog).queryByText('Roastery Page')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Jane Doe')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Social Post/)).toBeInTheDocument();
  });

  it('says when no account of the platform is connected, with the way to Integrations', async () => {
    const api = routes(
      TARGETS.filter((each) => each.platform !== 'wordpress'),
      { status: 201, body: { data: [], message: 'Scheduled' } },
    );
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await openDialog({ id: 3, kind: 'blog', title: 'Cold brew at home' });
    expect(await within(dialog).findByText('No Wordpress account is connected')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to Integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
    expect(within(dialog).getByRole('button', { name: 'Schedule' })).toBeDisabled();
  });

  it('refuses a time already gone and nothing chosen, before asking the server', async () => {
    const api = routes(
      [
        target({ id: '00000000-0000-4000-8000-000000000001' }),
        target({ id: '00000000-0000-4000-8000-000000000009', name: 'Second' }),
      ],
      { status: 201, body: { data: [], message: 'Scheduled' } },
    );
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await openDialog();
    await within(dialog).findByText('Second');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose at least one account')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Second (Linkedin)' }));
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2026-11-23' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Pick a time in the future')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('does not offer an account this content is already on the calendar for', async () => {
    const api = stubApi({
      'GET /api/me': { body: ME },
      'GET /api/schedule/targets': {
        body: { data: [...TARGETS, target({ id: '00000000-0000-4000-8000-000000000009', name: 'Second' })] },
      },
      'GET /api/schedule': {
        body: {
          data: [
            aScheduleItem({
              ID: 5,
              PostedOn: '2026-11-24T15:00:00.000Z',
              ContentType: ['LinkedIn Post', 'Linkedin'],
              content_id: 41,
              content_kind: 'linkedin_post',
              title: LINKEDIN_POST.title,
              platform: 'linkedin',
              target_name: 'Jane Doe',
              connection_id: '00000000-0000-4000-8000-000000000001',
            }),
          ],
          truncated: false,
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await openDialog();
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Jane Doe (Linkedin)' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('link', { name: 'Already on the calendar' })).toHaveAttribute(
      'href',
      '/schedule',
    );
    // The one account left is the only choice, so it starts ticked.
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Second (Linkedin)' })).toBeChecked(),
    );
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    const api = routes(TARGETS, {
      status: 409,
      body: {
        error: 'already_scheduled',
        message: 'This content is already on the calendar for that account',
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await openDialog();
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Jane Doe (Linkedin)' })).toBeChecked(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This content is already on the calendar for that account',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
