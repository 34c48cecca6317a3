import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { cleanHashtags, composePost, hashtagsIn, hookOf } from './compose-post';

describe('composePost', () => {
  it('puts hook, body and hashtags together as the post is published', () => {
    const post = composePost({
      hook: ' Growth is a habit. ',
      body: 'Line one.\r\n\r\n\r\nLine two.',
      hashtags: ['growth', '#Sales', 'growth'],
    });
    expect(post.text).toBe('Growth is a habit.\n\nLine one.\n\nLine two.\n\n#growth #Sales');
    expect(post.hook).toBe('Growth is a habit.');
    expect(post.hashtags).toEqual(['#growth', '#Sales']);
  });

  it('never goes over 3,000 characters: the body gives way at a sentence end', () => {
    const body = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const post = composePost({ hook: 'Hook', body, hashtags: ['a', 'b'] });
    expect(post.text.length).toBeLessThanOrEqual(LINKEDIN_POST_MAX);
    expect(post.text.startsWith('Hook\n\nSentence number 0')).toBe(true);
    expect(post.text.endsWith('.…\n\n#a #b')).toBe(true);
  });
});

describe('reading an edited post back', () => {
  it('finds the hook and the hashtags', () => {
    expect(hookOf('\n\n  First line  \nsecond')).toBe('First line');
    expect(hashtagsIn('Text #one and #Two, not a#three.\n#one #four')).toEqual(['#one', '#Two', '#four']);
    expect(cleanHashtags(['##x', 'two words', ''])).toEqual(['#x', '#twowords']);
  });
});
