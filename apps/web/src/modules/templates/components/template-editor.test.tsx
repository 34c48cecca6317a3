import type { TPromptSummary } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import type { TThemeCard } from '../lib/group-themes';
import { TemplateEditor } from './template-editor';

const CARD: TThemeCard = {
  themeId: 4,
  name: 'Ocean',
  entries: {
    selection: { id: 10, theme: 'Ocean', theme_id: 4, promptid: null, prompt_type: 'selection' },
    image: { id: 11, theme: 'Ocean', theme_id: 4, promptid: 6, prompt_type: 'image' },
    text_post: { id: 12, theme: 'Ocean', theme_id: 4, promptid: null, prompt_type: 'text_post' },
  },
};

const PROMPTS: TPromptSummary[] = [
  {
    promptid: 2,
    promptname: 'Blog post',
    prompttext: 'Write a blog post about {topic}.',
    purpose: 'blog_post',
  },
  { promptid: 5, promptname: 'Social media post', prompttext: 'Write social posts.', purpose: 'social_post' },
  {
    promptid: 6,
    promptname: 'Social post image',
    prompttext: 'Describe a picture.',
    purpose: 'social_image',
  },
  { promptid: 15, promptname: 'Punchy social post', prompttext: 'Short and punchy.', purpose: 'social_post' },
];

const box = (label: string) => screen.getByRole('textbox', { name: `${label} Prompt Id` });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

const setUp = (put: Parameters<typeof stubApi>[0][string]) => {
  sessionStore.set({ ...SESSION, isAdmin: true });
  const api = stubApi({
    'GET /api/prompts': { body: { data: PROMPTS } },
    'PUT /api/update-templates-data': put,
  });
  vi.stubGlobal('fetch', api.fetch);
  const onClose = vi.fn();
  renderWithApp(<TemplateEditor card={CARD} opened onClose={onClose} />);
  return { api, onClose, user: userEvent.setup() };
};

describe('TemplateEditor', () => {
  it('is prefilled, keeps Save disabled until an edit, says "Please enter valid number" and saves the three ids', async () => {
    const { api, onClose, user } = setUp({ body: { message: 'Updated', entries: [] } });
    expect(box('Selection')).toHaveValue('');
    expect(box('Image')).toHaveValue('6');
    expect(box('Text Post')).toHaveValue('');
    expect(saveButton()).toBeDisabled();

    // The list of all prompts: name, prompt id, text and purpose.
    const list = await screen.findByRole('list', { name: 'Prompts' });
    expect(within(list).getByText('Punchy social post')).toBeInTheDocument();
    expect(within(list).getByText('Prompt id = 15')).toBeInTheDocument();
    expect(within(list).getByText('Short and punchy.')).toBeInTheDocument();

    await user.type(box('Text Post'), '1x');
    expect(screen.getByText('Please enter valid number')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(box('Text Post'));
    await user.type(box('Text Post'), '-3');
    expect(screen.getByText('Please enter valid number')).toBeInTheDocument();

    // Back to what is saved: no edit, nothing to save.
    await user.clear(box('Text Post'));
    expect(screen.queryByText('Please enter valid number')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(box('Image'));
    await user.type(box('Image'), '06');
    expect(saveButton()).toBeDisabled();

    // A prompt of another purpose is pointed out before saving.
    await user.type(box('Text Post'), '2');
    expect(
      screen.getByText(/"Blog post" is a Blog post prompt; this step needs a Social post prompt/),
    ).toBeInTheDocument();
    await user.clear(box('Text Post'));
    await user.click(screen.getByRole('button', { name: 'Use prompt 15 for Text Post' }));
    expect(box('Text Post')).toHaveValue('15');
    expect(screen.getByText('"Punchy social post"')).toBeInTheDocument();
    await user.clear(box('Image'));
    expect(saveButton()).toBeEnabled();

    // Enter in a box saves too (keyboard).
    await user.type(box('Selection'), '{Enter}');
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ ids: [10, 11, 12], prompt_ids: [0, 0, 15] });
  });

  it('a refused save says "Error updating templates" with the server\'s reason and stays open', async () => {
    const reason = 'Prompt 2 is a Blog post prompt; the Text Post prompt must be a Social post prompt';
    const { onClose, user } = setUp({ status: 400, body: { error: 'wrong_purpose', message: reason } });
    await user.type(box('Text Post'), '2');
    await user.click(saveButton());
    expect(await screen.findByText('Error updating templates')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(box('Text Post')).toHaveValue('2');
  });
});
