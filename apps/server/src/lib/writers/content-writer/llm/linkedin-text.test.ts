import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { AiUnusableAnswer } from '../../../clients/ai/ai-errors';
import { parseLinkedinPosts } from './linkedin-text';

describe('parseLinkedinPosts', () => {
  it('reads hook, body and hashtags of each variant between "---" lines', () => {
    const text = [
      'Most sales teams write posts nobody reads.',
      '',
      'Here is the fix.',
      '',
      'Write for one person.',
      '',
      '#Sales #Writing',
      '---',
      'Post 2:',
      'Hook: Stop posting every day.',
      '',
      'Post when you have something to say.',
      '',
      'Hashtags: #LinkedIn, #Content',
    ].join('\n');
    expect(parseLinkedinPosts(text, 3)).toEqual([
      {
        hook: 'Most sales teams write posts nobody reads.',
        body: 'Here is the fix.\n\nWrite for one person.',
        hashtags: ['#Sales', '#Writing'],
      },
      {
        hook: 'Stop posting every day.',
        body: 'Post when you have something to say.',
        hashtags: ['#LinkedIn', '#Content'],
      },
    ]);
  });

  it('keeps at most the variants asked for, drops Markdown bold and reads a fenced answer', () => {
    const post = (n: number) => `**Hook ${n} is here and it is long enough.**\n\nBody ${n}.\n\n#Tag${n}`;
    const text = `\`\`\`\n${[1, 2, 3].map(post).join('\n---\n')}\n\`\`\``;
    const drafts = parseLinkedinPosts(text, 2);
    expect(drafts).toHaveLength(2);
    expect(drafts[0]).toEqual({
      hook: 'Hook 1 is here and it is long enough.',
      body: 'Body 1.',
      hashtags: ['#Tag1'],
    });
  });

  it('fits a post over 3,000 characters, hashtags and hook kept', () => {
    const body = Array.from({ length: 200 }, (_, i) => `Sentence ${i} says something useful.`).join(' ');
    const [draft] = parseLinkedinPosts(`A hook.\n\n${body}\n\n#One #Two`, 1);
    const whole = [draft?.hook, draft?.body, draft?.hashtags.join(' ')].join('\n\n');
    expect(whole.length).toBeLessThanOrEqual(LINKEDIN_POST_MAX);
    expect(draft?.hashtags).toEqual(['#One', '#Two']);
    expect(draft?.body.endsWith('.')).toBe(true);
  });

  it('calls an answer with no post unusable', () => {
    expect(() => parseLinkedinPosts('\n---\n\n', 2)).toThrow(AiUnusableAnswer);
    expect(() => parseLinkedinPosts('#OnlyTags #Here', 1)).toThrow(AiUnusableAnswer);
  });
});
