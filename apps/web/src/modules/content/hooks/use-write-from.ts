import { useState } from 'react';

/** What generated content is written from: a topic, one of the user's blog posts, or one of their texts. */
export type TWriteFromSource = 'topic' | 'blog' | 'input';

/** The chosen source as the generating endpoints name it. */
export type TChosenSource =
  | { type: 'topic'; topic: string }
  | { type: 'blog'; blog_id: number }
  | { type: 'input'; input_id: number };

/**
 * The "Write from" choice of a generating panel. With `initialBlogId` (opened from a blog post) the panel starts
 * on that post.
 */
export const useWriteFrom = (initialBlogId: number | null = null) => {
  const [source, setSource] = useState<TWriteFromSource>(initialBlogId ? 'blog' : 'topic');
  const [topic, setTopic] = useState('');
  const [blogId, setBlogId] = useState<string | null>(initialBlogId ? String(initialBlogId) : null);
  const [inputId, setInputId] = useState<string | null>(null);
  return { source, setSource, topic, setTopic, blogId, setBlogId, inputId, setInputId, initialBlogId };
};

export type TWriteFrom = ReturnType<typeof useWriteFrom>;

/** Whether the chosen source is given: a topic within `topicMax` characters, or a chosen post or text. */
export const writeFromReady = (from: TWriteFrom, topicMax: number): boolean =>
  (from.source === 'topic' && from.topic.trim().length > 0 && from.topic.length <= topicMax) ||
  (from.source === 'blog' && from.blogId !== null) ||
  (from.source === 'input' && from.inputId !== null);

/** The chosen source to send (only once `writeFromReady`). */
export const chosenSource = (from: TWriteFrom): TChosenSource =>
  from.source === 'topic'
    ? { type: 'topic', topic: from.topic.trim() }
    : from.source === 'blog'
      ? { type: 'blog', blog_id: Number(from.blogId) }
      : { type: 'input', input_id: Number(from.inputId) };
