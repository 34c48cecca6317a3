import type { TSocialPost } from '@sales-assist/contract';

/** A written social post for component tests: an offline-written LinkedIn post with a theme picture being drawn. */
export const aSocialPost = (
  changes: Partial<Omit<TSocialPost, 'image'>> & { image?: Partial<TSocialPost['image']> } = {},
): TSocialPost => {
  const { image, ...post } = changes;
  return {
    id: 1,
    network: 'linkedin',
    text: 'A post',
    characters: 6,
    hashtags: [],
    image_uri: null,
    theme_id: 1,
    theme: 'Paper List',
    generation_id: 'g',
    source: { type: 'topic', label: 'Topic', id: null },
    writer: 'offline',
    model: null,
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    ...post,
    image: {
      source: 'theme',
      status: 'rendering',
      error: null,
      fallback_reason: null,
      mime: null,
      width: null,
      height: null,
      version: 1,
      fit_notes: [],
      ...image,
    },
  };
};
