import { MESSAGE_TONES } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { BLOG_LENGTH_WORDS, type BlogLength } from '../types';
import {
  BRIGHTPIPE,
  contextFor,
  EMPTY_BRAND,
  FORBIDDEN,
  INPUT_SENTENCE,
  INPUTS,
} from './fixtures.test-support';
import { blogPostHtml, createOfflineContentWriter, linkedinPostText } from './index';
import { safeHtmlProblems } from './safe-html-check';
import { sentencesOf, textOfHtml, wordCount } from './text-tools';

const writer = createOfflineContentWriter();
const TOPIC = 'How to choose a CRM for a small sales team';
const KEYWORDS = ['CRM', 'sales pipeline', 'follow-up reminders'];
const LENGTHS: BlogLength[] = ['short', 'medium', 'long'];

const write = (
  length: BlogLength,
  overrides: Parameters<typeof contextFor>[0] = {},
  topic = TOPIC,
  keywords = KEYWORDS,
) => writer.writeBlogPost(contextFor({ inputs: INPUTS, ...overrides }), { topic, keywords, length });

const wordsOf = (html: string): number => wordCount(textOfHtml(html));

describe('offline blog post', () => {
  it.each(LENGTHS)(
    'a %s post reaches roughly its length, with a title, slug, meta and outline',
    async (length) => {
      const written = await write(length);
      const post = written.result;
      const words = wordsOf(blogPostHtml(post));
      const target = BLOG_LENGTH_WORDS[length];
      expect(words).toBeGreaterThanOrEqual(target * 0.8);
      expect(words).toBeLessThanOrEqual(target * 1.25);
      expect(post.title).toBe(TOPIC);
      expect(post.slug).toBe('how-to-choose-a-crm-for-a-small-sales-team');
      expect(post.metaDescription.length).toBeGreaterThan(50);
      expect(post.metaDescription.length).toBeLessThanOrEqual(160);
      expect(post.outline).toEqual(post.sections.map((section) => section.heading));
      expect(new Set(post.outline).size).toBe(post.outline.length);
      expect(written).toMatchObject({
        writer: 'offline',
        model: null,
        usage: { promptTokens: 0, completionTokens: 0 },
      });
    },
  );

  it('writes more sections for a longer post', async () => {
    const counts = await Promise.all(
      LENGTHS.map(async (length) => (await write(length)).result.sections.length),
    );
    expect(counts[0]).toBeLessThan(counts[1] ?? 0);
    expect(counts[1]).toBeLessThan(counts[2] ?? 0);
  });

  it('produces only well-formed, safe HTML, even from hostile profile and input text', async () => {
    const hostile = '<script>alert(1)</script> & "quotes" <img src=x onerror=alert(1)>';
    for (const length of LENGTHS) {
      const { result } = await write(
        length,
        {
          brand: {
            ...BRIGHTPIPE,
            company: `Acme ${hostile}`,
            websiteUrl: 'javascript:alert(1)',
            websiteSummary: `We build tools. ${hostile} is what we block every day for our customers.`,
            keyPhrases: ['<b>bold</b> claims', 'a & b'],
          },
          inputs: [
            { name: 'x', text: `Customers tell us that ${hostile} should never reach a page they read.` },
          ],
        },
        `Tips for <em>teams</em> & "owners"`,
        ['<script>', 'R&D'],
      );
      for (const section of result.sections) expect(safeHtmlProblems(section.html)).toEqual([]);
      expect(safeHtmlProblems(blogPostHtml(result))).toEqual([]);
      expect(blogPostHtml(result)).not.toMatch(/<script|<img|javascript:/i);
    }
  });

  it('links the brand site only with an https address', async () => {
    const { result } = await write('medium');
    expect(blogPostHtml(result)).toContain('<a href="https://brightpipe.example/">Brightpipe website</a>');
  });

  it('uses every keyword, and reports the ones it used', async () => {
    const { result } = await write('short', {}, TOPIC, ['CRM', 'lead scoring', 'quarterly forecast']);
    const text = textOfHtml(blogPostHtml(result)).toLowerCase();
    for (const keyword of ['crm', 'lead scoring', 'quarterly forecast']) expect(text).toContain(keyword);
    expect(result.keywordsUsed).toEqual(['CRM', 'lead scoring', 'quarterly forecast']);
  });

  it("draws on the user's inputs and the website summary", async () => {
    const sentences = sentencesOf(INPUTS.map((input) => input.text).join('\n'));
    for (const length of LENGTHS) {
      const html = blogPostHtml((await write(length)).result);
      expect(sentences.some((sentence) => html.includes(sentence))).toBe(true);
    }
    // A long post has room for every one of them.
    const long = blogPostHtml((await write('long')).result);
    for (const sentence of sentences) expect(long).toContain(sentence);
    const medium = blogPostHtml((await write('medium')).result);
    expect(medium).toContain('It keeps every deal, email and follow-up in one place.');
  });

  it('never quotes the same input sentence twice', async () => {
    const text = textOfHtml(blogPostHtml((await write('long')).result));
    expect(text.split(INPUT_SENTENCE).length - 1).toBe(1);
  });

  it('is the same for the same request and different for another topic', async () => {
    const first = await write('medium');
    const again = await write('medium');
    expect(again.result).toEqual(first.result);
    const other = await write('medium', {}, 'Why pipeline visibility matters for founders', [
      'pipeline visibility',
    ]);
    expect(other.result.sections.map((section) => section.heading)).not.toEqual(
      first.result.sections.map((section) => section.heading),
    );
  });

  it('invents no figures and never claims to be AI', async () => {
    for (const length of LENGTHS) {
      const { result } = await writer.writeBlogPost(contextFor(), {
        topic: TOPIC,
        keywords: KEYWORDS,
        length,
      });
      const text = `${result.title} ${result.metaDescription} ${textOfHtml(blogPostHtml(result))}`.replace(
        /B2B/g,
        'B-to-B',
      );
      // No input, no digit in the profile or the topic: any digit would be made up.
      expect(text).not.toMatch(/\d|%|percent/i);
      for (const pattern of FORBIDDEN) expect(text).not.toMatch(pattern);
    }
  });

  it('still writes a sensible draft from the topic alone (no website, no inputs)', async () => {
    for (const length of LENGTHS) {
      const { result } = await writer.writeBlogPost(contextFor({ brand: EMPTY_BRAND }), {
        topic: 'Email newsletters for local bakeries',
        keywords: [],
        length,
      });
      const html = blogPostHtml(result);
      const text = textOfHtml(html);
      expect(wordsOf(html)).toBeGreaterThanOrEqual(BLOG_LENGTH_WORDS[length] * 0.75);
      expect(text).toContain('email newsletters for local bakeries');
      expect(text).not.toMatch(/Brightpipe|\bat \.|offers \./);
      for (const pattern of FORBIDDEN) expect(text).not.toMatch(pattern);
      expect(safeHtmlProblems(html)).toEqual([]);
      expect(result.slug).toBe('email-newsletters-for-local-bakeries');
      expect(result.keywordsUsed).toEqual([]);
    }
  });

  it('reports progress up to 100 and streams exactly the article it returns', async () => {
    const progress: number[] = [];
    const deltas: string[] = [];
    const { result } = await write('long', {
      onProgress: (percent) => progress.push(percent),
      onDelta: (delta) => deltas.push(delta),
    });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(result.sections.length);
    expect(deltas.length).toBe(result.sections.length);
    expect(deltas.join('')).toBe(blogPostHtml(result));
    expect(deltas[0]).toMatch(/^<h2>/);
  });

  it('stops when the request is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(write('short', { signal: controller.signal })).rejects.toThrow('cancelled by the user');
  });

  it('cuts a long meta description at a word and makes a URL-safe slug from any title', async () => {
    const topic =
      'Ünïcode & punctuation: how to plan a very long and winding customer onboarding journey for enterprise accounts across many regions';
    const { result } = await writer.writeBlogPost(
      contextFor({
        brand: {
          ...BRIGHTPIPE,
          audience: 'operations leaders at large multi-region enterprise software companies',
        },
      }),
      { topic, keywords: ['customer onboarding', 'enterprise accounts', 'regional teams'], length: 'short' },
    );
    expect(result.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(result.slug.length).toBeLessThanOrEqual(80);
    expect(result.slug.startsWith('unicode-and-punctuation')).toBe(true);
    expect(result.metaDescription.length).toBeLessThanOrEqual(160);
    expect(result.metaDescription).toMatch(/[.…]$/);
    expect(result.metaDescription).not.toMatch(/\s\S{1,2}…$/);
  });
});

describe("the prompt's directives", () => {
  const withPrompt = (text: string) => ({ prompt: { id: 2, version: 3, name: 'Custom', text } });

  it('honours a number of sections and a word count', async () => {
    const { result } = await write(
      'short',
      withPrompt('Write the post in 5 sections of about 900 words in total.'),
    );
    expect(result.sections).toHaveLength(5);
    const words = wordsOf(blogPostHtml(result));
    expect(words).toBeGreaterThanOrEqual(900 * 0.8);
    expect(words).toBeLessThanOrEqual(900 * 1.25);
  });

  it('ends with the call to action the prompt names, or none when it says so', async () => {
    const named = await write(
      'short',
      withPrompt('Call to action: Book a free pipeline review with our team\nKeep it warm.'),
    );
    expect(named.result.sections.at(-1)?.html).toContain(
      '<strong>Book a free pipeline review with our team</strong>',
    );
    const none = await write('short', withPrompt('Friendly tone. No call to action, please.'));
    expect(none.result.sections.at(-1)?.html).not.toContain('<strong>');
  });
});

describe('every tone', () => {
  it.each(MESSAGE_TONES)('%s: clean text, safe HTML, the length asked, LinkedIn limits', async (tone) => {
    for (const brand of [
      { ...BRIGHTPIPE, tone },
      { ...EMPTY_BRAND, tone },
    ]) {
      const context = contextFor({ brand, inputs: INPUTS });
      const { result: post } = await writer.writeBlogPost(context, {
        topic: 'Common mistakes with cold email and how to avoid them',
        keywords: ['cold email', 'reply rates'],
        length: 'medium',
      });
      const html = blogPostHtml(post);
      expect(safeHtmlProblems(html)).toEqual([]);
      const text = textOfHtml(html);
      for (const pattern of FORBIDDEN) expect(text).not.toMatch(pattern);
      expect(wordsOf(html)).toBeGreaterThanOrEqual(1200 * 0.8);
      expect(post.outline.some((heading) => /mistake|pitfall|wrong/i.test(heading))).toBe(true);
      const { result: posts } = await writer.writeLinkedinPosts(context, { topic: post.title, variants: 3 });
      for (const draft of posts) {
        const whole = linkedinPostText(draft);
        expect(whole.length).toBeLessThanOrEqual(3000);
        for (const pattern of FORBIDDEN) expect(whole).not.toMatch(pattern);
      }
    }
  });
});

describe('tone of voice', () => {
  const QUOTE = 'We do not sell to enterprises, and it is not our goal to ever do so.';
  const postIn = async (tone: string) => {
    const { result } = await writer.writeBlogPost(
      contextFor({
        brand: { ...BRIGHTPIPE, tone },
        inputs: [{ name: 'notes', text: `${QUOTE} Small sales teams are who we build for every day.` }],
      }),
      { topic: 'How to choose a CRM for a small sales team', keywords: ['CRM'], length: 'medium' },
    );
    return textOfHtml(blogPostHtml(result));
  };

  it('speaks with contractions in the relaxed tones, without them in the formal ones', async () => {
    const relaxed = await postIn('Casual, Light-Hearted');
    expect(relaxed).toMatch(/\b(?:don't|it's|you're|isn't|doesn't)\b/);
    const formal = await postIn('Professional, Formal');
    expect(formal).not.toMatch(/\b(?:don't|it's|you're|isn't|doesn't|we're|can't|won't)\b/i);
  });

  it("quotes the user's own words as written, whatever the tone", async () => {
    for (const tone of ['Casual, Light-Hearted', 'Friendly, Approachable', 'Professional, Formal']) {
      expect(await postIn(tone)).toContain(QUOTE);
    }
  });
});
