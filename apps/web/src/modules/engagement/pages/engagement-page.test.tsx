import type { TThreadDetail, TThreadSummary } from '@sales-assist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { EngagementPage } from './engagement-page';

const summary = (id: number, name: string, changes: Partial<TThreadSummary> = {}): TThreadSummary => ({
  id,
  lead: {
    campaign_lead_id: id * 10,
    name,
    headline: `Founder at ${name.split(' ')[0]} Co`,
    company: `${name.split(' ')[0]} Co`,
    linkedin_url: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`,
    profile_image_url: null,
  },
  campaign: { id: 7, name: 'Q4 push' },
  account: { id: 'acc-1', name: 'Sam Seller' },
  last_message: {
    text: `Reply from ${name}`,
    from: 'them',
    sent_at: new Date(Date.now() - id * 60_000).toISOString(),
  },
  unread_count: 0,
  label: null,
  ...changes,
});

const detail = (s: TThreadSummary, changes: Partial<TThreadDetail> = {}): TThreadDetail => ({
  ...s,
  messages: [
    {
      id: 1,
      from: 'me',
      origin: 'engine',
      text: 'Thanks for connecting! A short call?',
      sent_at: '2026-03-02T10:00:00Z',
    },
    { id: 2, from: 'them', origin: 'linkedin', text: s.last_message.text, sent_at: s.last_message.sent_at },
  ],
  sequence: {
    status: 'Replied',
    reason: 'Replied: "…"',
    ended: true,
    next_step: null,
    campaign_status: 'On Going',
  },
  ...changes,
});

afterEach(() => vi.unstubAllGlobals());

describe('the Engagement inbox', () => {
  it('says where replies will show when there is no conversation yet, with a link to Campaigns', async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/engagement/threads': { body: { threads: [], next_cursor: null, unread_total: 0 } },
      }).fetch,
    );
    renderWithApp(<EngagementPage />, { path: '/engagement' });
    expect(
      await screen.findByText('No conversations yet: replies to your campaigns show up here'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Campaigns' })).toHaveAttribute('href', '/campaigns');
  });

  it('opens the newest thread, marks it read, moves with j / k, labels, and sends a reply with the keyboard', async () => {
    sessionStore.set(SESSION);
    const ana = summary(1, 'Ana Lima', { unread_count: 1 });
    const bo = summary(2, 'Bo Chen');
    // The server's state of Bo's thread: what a reload after a change reads.
    let boNow = detail(bo);
    const api = stubApi({
      'GET /api/engagement/threads': { body: { threads: [ana, bo], next_cursor: null, unread_total: 1 } },
      'GET /api/engagement/threads/1': { body: detail(ana) },
      'GET /api/engagement/threads/2': () => ({ body: boNow }),
      'POST /api/engagement/threads/1/read': { body: detail({ ...ana, unread_count: 0 }) },
      'PUT /api/engagement/threads/2/label': () => {
        boNow = { ...boNow, label: 'interested' };
        return { body: boNow };
      },
      'POST /api/engagement/threads/2/suggestion': {
        body: {
          text: 'Hi Bo, thanks for getting back to me. You wrote: “Reply from Bo Chen”',
          source: 'draft',
        },
      },
      'POST /api/engagement/threads/2/reply': (init) => {
        const text = (JSON.parse(String(init?.body)) as { text: string }).text;
        boNow = {
          ...boNow,
          messages: [
            ...boNow.messages,
            { id: 3, from: 'me', origin: 'inbox', text, sent_at: new Date().toISOString() },
          ],
        };
        return { body: { message: 'Reply sent', thread: boNow } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<EngagementPage />, { path: '/engagement' });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(
      within(list).getByRole('button', { name: 'Conversation with Ana Lima, 1 unread' }),
    ).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByText('Thanks for connecting! A short call?')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/engagement/threads/1/read')).toBe(
        true,
      ),
    );
    expect(screen.getByText('Replied')).toBeInTheDocument();

    // j: the next thread.
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Conversation with Bo Chen' })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Bo Chen' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Interested' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Interested' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(api.calls.find((c) => c.path === '/api/engagement/threads/2/label')?.body).toEqual({
      label: 'interested',
    });

    // A suggestion fills the box, labelled as a draft; r focuses the box, Ctrl+Enter sends.
    fireEvent.click(screen.getByRole('button', { name: 'Suggest a reply' }));
    expect(
      await screen.findByText('Draft from the lead’s own words: edit before sending'),
    ).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Reply' });
    expect(box).toHaveValue('Hi Bo, thanks for getting back to me. You wrote: “Reply from Bo Chen”');
    fireEvent.change(box, { target: { value: 'Happy to share more.' } });
    box.blur();
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(box).toHaveFocus();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Happy to share more.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/engagement/threads/2/reply')?.body).toEqual({
      text: 'Happy to share more.',
    });
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
  });
});
