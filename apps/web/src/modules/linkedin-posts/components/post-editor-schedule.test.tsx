import type { TLinkedinPost } from '@sales-assist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { PostEditor } from './post-editor';

// jsdom has no font loading; Mantine's autosizing textarea listens for it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const POST: TLinkedinPost = {
  id: 41,
  text: 'Why we roast on Mondays\n\nFresh beans for the week.\n\n#Coffee',
  hook: 'Why we roast on Mondays',
  hashtags: ['#Coffee'],
  characters: 55,
  status: 'draft',
  writer: 'offline',
  model: null,
  source: { type: 'topic', label: 'Roasting', id: null },
  prompt_tokens: 0,
  completion_tokens: 0,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('scheduling a LinkedIn post from its editor', () => {
  it('schedules the saved post to LinkedIn, and waits while there are unsaved changes', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/linkedin-posts/41': { body: POST },
      'GET /api/me': { body: ME },
      'GET /api/schedule': { body: { data: [], truncated: false } },
      'GET /api/schedule/targets': {
        body: {
          data: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              platform: 'linkedin',
              name: 'Jane Doe',
              picture: null,
              status: 'connected',
            },
            {
              id: '00000000-0000-4000-8000-000000000003',
              platform: 'wordpress',
              name: 'Roastery Blog',
              picture: null,
              status: 'connected',
            },
          ],
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PostEditor id={41} onDeleted={vi.fn()} />);
    const schedule = await screen.findByRole('button', { name: 'Schedule Why we roast on Mondays' });
    expect(schedule).toBeEnabled();

    const editor = screen.getByRole('textbox', { name: 'Post text' });
    fireEvent.change(editor, { target: { value: `${POST.text} Edited.` } });
    expect(schedule).toBeDisabled();
    fireEvent.change(editor, { target: { value: POST.text } });
    expect(schedule).toBeEnabled();

    fireEvent.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Jane Doe (Linkedin)' })).toBeChecked(),
    );
    expect(within(dialog).queryByText('Roastery Blog')).not.toBeInTheDocument();
  });
});
