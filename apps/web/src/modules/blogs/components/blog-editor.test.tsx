import type { TBlogPost } from '@sales-assist/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aBlogPost } from '../../../test/blog-post-fixture';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { BlogEditor } from './blog-editor';

const WRITING = aBlogPost({
  id: 5,
  status: 'generating',
  progress: 5,
  slug: '',
  body_html: '',
  sections: [],
  word_count: 0,
});

afterEach(() => vi.unstubAllGlobals());

describe('the blog editor while the post is written', () => {
  it('says the post’s place in the built-in model’s line as it moves up, then the percentage', async () => {
    // The post as each poll finds it: two answers ahead, next, then being written.
    const answers: Partial<TBlogPost>[] = [
      { waiting_for_model: 2 },
      { waiting_for_model: 1 },
      { waiting_for_model: null, progress: 40 },
    ];
    let poll = 0;
    const api = stubApi({
      'GET /api/me': { body: ME },
      'GET /api/blogs/5': () => {
        const blog = { ...WRITING, ...answers[Math.min(poll, answers.length - 1)] };
        poll += 1;
        return { body: { blog } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    sessionStore.set(SESSION);
    const { client } = renderWithApp(<BlogEditor id={5} writer="llm" onClose={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Weekly pipeline reviews');
    expect(await screen.findByText('Waiting for the model: 2 answers ahead of yours')).toBeInTheDocument();
    expect(screen.queryByText(/Writing…/)).not.toBeInTheDocument();

    await act(() => client.refetchQueries());
    expect(await screen.findByText('Waiting for the model: yours is next')).toBeInTheDocument();

    await act(() => client.refetchQueries());
    expect(await screen.findByText('Writing… 40%')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for the model/)).not.toBeInTheDocument();
  });
});
