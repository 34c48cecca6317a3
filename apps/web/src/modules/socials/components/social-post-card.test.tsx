import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { aSocialPost } from '../../../test/social-post-fixture';
import { SocialPostCard } from './social-post-card';

const POST = aSocialPost({
  id: 7,
  network: 'instagram',
  text: 'A strong first line.\n\nThe caption.\n\n#One #Two',
  characters: 45,
  hashtags: ['#One', '#Two'],
  source: { type: 'topic', label: 'Launches', id: null },
});

// jsdom has no FontFaceSet: Mantine's autosizing textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

describe('SocialPostCard', () => {
  it('counts against Instagram’s limits as the text is edited, and keeps Save off over them', async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ post: POST }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderWithApp(<SocialPostCard post={POST} imageModel={false} />);
    expect(await screen.findByText('Making the picture…')).toBeTruthy();
    expect(screen.getByTestId('character-count').textContent).toBe('45 / 2,200');
    expect(screen.getByTestId('hashtag-count').textContent).toBe('2 / 30 hashtags');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    const editor = screen.getByRole('textbox', { name: 'Instagram text' });
    fireEvent.change(editor, { target: { value: 'x'.repeat(2_201) } });
    expect(screen.getByTestId('character-count').textContent).toBe('2,201 / 2,200 — too long for Instagram');
    expect(save.hasAttribute('disabled')).toBe(true);

    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ');
    fireEvent.change(editor, { target: { value: `Hello\n\n${tags}` } });
    expect(screen.getByTestId('hashtag-count').textContent).toBe('31 / 30 hashtags');
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(editor, { target: { value: 'Hello\n\n#One' } });
    expect(save.hasAttribute('disabled')).toBe(false);
    // The Instagram preview shows the text as it is being written.
    expect(screen.getByLabelText('Instagram preview').textContent).toContain('Hello');
  });
});
