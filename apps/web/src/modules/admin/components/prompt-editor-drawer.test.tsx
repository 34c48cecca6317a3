import type { TAdminPrompt } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { PromptEditorDrawer } from './prompt-editor-drawer';
import { promptFormProblems } from './prompt-form-problems';

const BLOG_POST: TAdminPrompt = {
  id: 2,
  name: 'Blog post',
  purpose: 'blog_post',
  text: 'Write about {topic} for {audience}.',
  variables: ['topic', 'audience'],
  allowed_variables: ['company', 'topic', 'audience'],
  version: 3,
  built_in: true,
  retired: false,
  retired_at: null,
  in_use: true,
  updated_at: '2026-11-23T10:00:00.000Z',
  updated_by: 'admin@acme.example',
};

// jsdom has no font loading: Mantine's autosizing text box listens for fonts to measure again.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const answer = (prompt: TAdminPrompt) => ({ body: { message: 'Updated', prompt } });

const textArea = () => screen.getByRole('textbox', { name: /Prompt text/ });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('promptFormProblems', () => {
  it('says what the server would refuse, in its words', () => {
    expect(promptFormProblems({ name: 'A', purpose: 'chat', text: 'Help {company}' })).toEqual({});
    expect(promptFormProblems({ name: ' ', purpose: 'chat', text: '  ' })).toEqual({
      name: 'Give the prompt a name',
      text: 'The prompt text is empty',
    });
    expect(promptFormProblems({ name: 'A', purpose: 'chat', text: 'x'.repeat(20_001) }).text).toBe(
      'The prompt text can have at most 20,000 characters',
    );
    // {topic} exists, but the chat prompt has no topic to fill in.
    expect(promptFormProblems({ name: 'A', purpose: 'chat', text: 'About {topic}' }).text).toMatch(
      /^Unknown variable \{topic\}\. Chat prompts may use: \{company\}/,
    );
    expect(promptFormProblems({ name: 'A', purpose: 'chat', text: 'About {company' }).text).toBe(
      'The "{" at line 1, column 7 is never closed. Braces are only for variables such as {company}.',
    );
  });
});

describe('PromptEditorDrawer', () => {
  it('refuses an unknown variable as it is typed, inserts a variable from its chip, and saves the edited version', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'PUT /api/admin/prompts/2': (init) => {
        const body = JSON.parse(String(init?.body)) as { text: string };
        return answer({ ...BLOG_POST, text: body.text, version: 4 });
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    renderWithApp(<PromptEditorDrawer opened prompt={BLOG_POST} onClose={onClose} />);
    const user = userEvent.setup();

    expect(textArea()).toHaveValue(BLOG_POST.text);
    // Nothing changed yet: nothing to save. A built-in prompt keeps its name.
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();

    await user.click(textArea());
    await user.keyboard('{End}');
    await user.paste(' Mention {audiance} and {hashtags}.');
    expect(
      await screen.findByText(/^Unknown variables \{audiance\}, \{hashtags\}\. Blog post prompts may use:/),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.clear(textArea());
    await user.paste('Write about {topic} for ');
    await user.click(screen.getByRole('button', { name: 'Insert {company}' }));
    await waitFor(() => expect(textArea()).toHaveValue('Write about {topic} for {company}'));
    await user.click(textArea());
    await user.keyboard('{End}');
    await user.paste(' {company');
    expect(await screen.findByText(/^The "\{" at line 1, column 35 is never closed\./)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.keyboard('{Backspace}'.repeat(9));
    await user.paste('.');
    expect(screen.queryByText(/never closed|Unknown variable/)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();

    await user.click(saveButton());
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ text: 'Write about {topic} for {company}.', version: 3 });
  });

  it('a save refused as stale keeps the text, says so and offers the latest version', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const message =
      'Someone else saved this prompt while you were editing it (you edited version 3, it is now version 4). Load the latest version and make your change again.';
    const api = stubApi({
      'PUT /api/admin/prompts/2': {
        status: 409,
        body: { error: 'stale_version', message, current_version: 4 },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    renderWithApp(<PromptEditorDrawer opened prompt={BLOG_POST} onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(textArea());
    await user.keyboard('{End}');
    await user.paste(' Keep it short.');
    // Ctrl+Enter saves from the text box.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Saved by someone else')).toBeInTheDocument();
    expect(textArea()).toHaveValue(`${BLOG_POST.text} Keep it short.`);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a new prompt starts empty, offers the variables of the chosen purpose and creates it', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'POST /api/admin/prompts': (init) => {
        const body = JSON.parse(String(init?.body)) as Pick<TAdminPrompt, 'name' | 'purpose' | 'text'>;
        return {
          status: 201,
          body: { message: 'Prompt created', prompt: { ...BLOG_POST, ...body, id: 12, version: 1 } },
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PromptEditorDrawer opened prompt={null} onClose={() => undefined} />);
    const user = userEvent.setup();
    const create = screen.getByRole('button', { name: 'Create prompt' });
    expect(create).toBeDisabled();
    // No red on a form nobody has touched yet.
    expect(screen.queryByText('The prompt text is empty')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert {length}' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Purpose/ }));
    await user.click(await screen.findByRole('option', { name: 'LinkedIn post' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Insert {length}' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Insert {source}' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'LinkedIn story');
    await user.click(textArea());
    await user.paste('Tell a story about {topic}, {length}.');
    expect(
      await screen.findByText(/^Unknown variable \{length\}\. LinkedIn post prompts may use:/),
    ).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.clear(textArea());
    await user.paste('Tell a story about {topic} for {audience}.');
    expect(create).toBeEnabled();
    await user.click(create);
    expect(await screen.findByText('Prompt created')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'LinkedIn story',
      purpose: 'linkedin_post',
      text: 'Tell a story about {topic} for {audience}.',
    });
  });
});
