import { hashtagsOfText, SOCIAL_LIMITS, SOCIAL_NETWORKS } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { footerOf, statFromText } from './llm/llm-social-posts';
import { BRIGHTPIPE, contextFor, EMPTY_BRAND, FORBIDDEN, INPUTS } from './offline/fixtures.test-support';
import { describeSocialImage, selectInfographicContent, writeSocialPosts } from './offline/social-posts';
import { fitSocialText } from './social-fit';

const SOCIAL_PROMPT = { id: 7, version: 1, name: 'Social media post', text: 'Write posts about {topic}.' };

describe('fitting a text to its network', () => {
  it('cuts a 2,300-character Instagram text at a sentence, keeping its hashtags', () => {
    const sentence = 'Follow-ups that slip cost deals, so we keep a short list every morning. ';
    const body = sentence.repeat(Math.ceil(2_300 / sentence.length)).trim();
    expect(body.length).toBeGreaterThan(2_300);
    const fitted = fitSocialText('instagram', `${body}\n\n#Sales #Crm`);
    expect(fitted.text.length).toBeLessThanOrEqual(SOCIAL_LIMITS.instagram.max);
    expect(fitted.text.endsWith('#Sales #Crm')).toBe(true);
    // The body ends at a full sentence, not mid-word.
    expect(fitted.text.split('\n\n')[0]).toMatch(/morning\.$/);
    expect(fitted.hashtags).toEqual(['#Sales', '#Crm']);
  });

  it('cuts at a word with an ellipsis when there is no sentence end in reach', () => {
    const words = 'pipeline '.repeat(400).trim();
    const fitted = fitSocialText('instagram', words);
    expect(fitted.text.length).toBeLessThanOrEqual(SOCIAL_LIMITS.instagram.max);
    expect(fitted.text).toMatch(/pipeline…$/);
  });

  it('keeps 30 of 35 Instagram hashtags, and all of them elsewhere', () => {
    const tags = Array.from({ length: 35 }, (_, i) => `#Tag${i + 1}`).join(' ');
    const text = `One idea for today.\n\n${tags}`;
    const instagram = fitSocialText('instagram', text);
    expect(hashtagsOfText(instagram.text)).toHaveLength(30);
    expect(instagram.hashtags.at(-1)).toBe('#Tag30');
    expect(hashtagsOfText(fitSocialText('linkedin', text).text)).toHaveLength(35);
  });

  it('counts hashtags in the body against the cap, and the body keeps its words', () => {
    const inline = Array.from({ length: 32 }, (_, i) => `#word${i}`).join(' ');
    const fitted = fitSocialText('instagram', `Tags inside a sentence: ${inline} and so on.\n\n#Closing`);
    expect(hashtagsOfText(fitted.text)).toHaveLength(30);
    expect(fitted.text).toContain('word31');
    expect(fitted.text).not.toContain('#Closing');
  });

  it('cuts LinkedIn at 3,000 and leaves a short Facebook text alone', () => {
    const long = 'A sentence about deals. '.repeat(200);
    expect(fitSocialText('linkedin', long).text.length).toBeLessThanOrEqual(3_000);
    expect(fitSocialText('facebook', 'Short.\n\n#One').text).toBe('Short.\n\n#One');
  });
});

describe('offline social posts', () => {
  it('writes one post per network, each within its limits, from a topic', () => {
    const posts = writeSocialPosts(contextFor({ prompt: SOCIAL_PROMPT }), {
      networks: [...SOCIAL_NETWORKS],
      topic: 'Weekly pipeline reviews',
    });
    expect(posts.map((post) => post.network)).toEqual(['facebook', 'instagram', 'linkedin']);
    for (const post of posts) {
      const limits = SOCIAL_LIMITS[post.network];
      expect(post.text.length).toBeLessThanOrEqual(limits.max);
      if (limits.hashtags !== null) expect(post.hashtags.length).toBeLessThanOrEqual(limits.hashtags);
      expect(post.text.toLowerCase()).toContain('pipeline');
      for (const forbidden of FORBIDDEN) expect(post.text).not.toMatch(forbidden);
    }
    const [facebook, instagram, linkedin] = posts;
    expect(facebook?.text.length).toBeLessThanOrEqual(linkedin?.text.length ?? 0);
    expect(instagram?.hashtags.length).toBeGreaterThanOrEqual(linkedin?.hashtags.length ?? 0);
  });

  it('never states a figure that neither the topic nor the source gives', () => {
    const posts = writeSocialPosts(contextFor({ prompt: SOCIAL_PROMPT, inputs: INPUTS }), {
      networks: [...SOCIAL_NETWORKS],
      topic: 'Why follow-ups slip',
    });
    // "B2B" is the brand's own word (its audience); no other digit may appear.
    for (const post of posts) expect(post.text.replaceAll('B2B', '')).not.toMatch(/\d/);
  });

  it('honours the prompt’s call to action in every network', () => {
    const prompt = { ...SOCIAL_PROMPT, text: 'Write posts.\nCall to action: Book a pipeline review with us' };
    const posts = writeSocialPosts(contextFor({ prompt }), {
      networks: [...SOCIAL_NETWORKS],
      topic: 'Deal tracking',
    });
    for (const post of posts) expect(post.text).toContain('Book a pipeline review with us');
  });

  it('writes from a source and for a brand it knows nothing about', () => {
    const posts = writeSocialPosts(contextFor({ prompt: SOCIAL_PROMPT, brand: EMPTY_BRAND }), {
      networks: ['instagram'],
      sourceText:
        'Launch week recap\n\nWe shipped reminders for every open deal. Teams asked for a calmer inbox.',
    });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.text.length).toBeGreaterThan(40);
  });
});

describe('the picture’s content (Selection) and description (Image)', () => {
  const post = [
    'Three habits that keep a pipeline honest',
    '',
    '• Review every open deal on Monday',
    '• Write down the next step of each deal',
    '• Close the deals that went quiet',
    '',
    'What would you add?',
    '',
    '#Sales #Pipeline',
  ].join('\n');

  it('takes the headline and points from the post and the footer from the brand', () => {
    const content = selectInfographicContent(contextFor(), { postText: post, network: 'instagram' });
    expect(content.headline).toBe('Three habits that keep a pipeline honest');
    expect(content.points).toEqual([
      'Review every open deal on Monday',
      'Write down the next step of each deal',
      'Close the deals that went quiet',
    ]);
    expect(content.stat).toBeNull();
    expect(content.footer).toBe('Brightpipe · brightpipe.example');
  });

  it('shows a figure only when the post states it', () => {
    const content = selectInfographicContent(contextFor(), {
      postText: 'Follow-ups close 40% more deals\n\nWe measured it across our own pipeline.',
      network: 'linkedin',
    });
    // A figure comes with the words that say what it counts, never bare ("50" of "50 to 1,000 employees").
    expect(content.stat).toBe('40% more deals');
    const employees = selectInfographicContent(contextFor(), {
      postText: 'LedgerLoop is built for AP teams.\n\nIt fits companies with 50 to 1,000 employees.',
      network: 'linkedin',
    });
    expect(employees.stat).toBe('50 to 1,000 employees');
    const bare = selectInfographicContent(contextFor(), {
      postText: 'Our score this year\n\nWe reached 40%.',
      network: 'linkedin',
    });
    expect(bare.stat).toBeNull();
    expect(statFromText('73%', post)).toBeNull();
    expect(statFromText('40%', 'It closes 40% more.')).toBe('40%');
    expect(footerOf(contextFor({ brand: BRIGHTPIPE }))).toBe('Brightpipe · brightpipe.example');
  });

  it('describes a picture without words in it', () => {
    const description = describeSocialImage(contextFor(), {
      postText: post,
      topic: 'Pipeline habits',
      network: 'instagram',
    });
    expect(description).toContain('Pipeline habits');
    expect(description).toMatch(/No text, letters, logos/);
  });
});
