import type { TBlogCard, TBlogPost } from '@sales-assist/contract';

/** A ready blog post for component tests, written by a model, without a picture; `changes` make it the post a test needs. */
export const aBlogPost = (changes: Partial<TBlogPost> = {}): TBlogPost => ({
  id: 7,
  status: 'ready',
  progress: 100,
  waiting_for_model: null,
  error: null,
  topic: 'Pipelines',
  title: 'Weekly pipeline reviews',
  slug: 'weekly-pipeline-reviews',
  meta_description: '',
  outline: [],
  keywords: [],
  keywords_used: [],
  length: 'short',
  body_html: '<h2>Why</h2><p>Because.</p>',
  sections: [{ index: 0, heading: 'Why' }],
  word_count: 2,
  review: [],
  picture: null,
  writer: 'llm',
  model: 'm',
  fallback_reason: null,
  input_ids: [],
  prompt_tokens: 0,
  completion_tokens: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});

/** The same post as the grid's card (no body), with its excerpt. */
export const aBlogCard = (changes: Partial<TBlogCard> = {}): TBlogCard => {
  const { body_html: _body, sections: _sections, outline: _outline, ...card } = aBlogPost();
  return { ...card, excerpt: 'Why we review the pipeline weekly.', ...changes };
};
