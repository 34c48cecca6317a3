import { describe, expect, it } from 'vitest';
import {
  BRIGHTPIPE,
  contextFor,
  EMPTY_BRAND,
  FORBIDDEN,
  INPUT_SENTENCE,
  INPUTS,
} from './fixtures.test-support';
import { blogPostHtml, createOfflineContentWriter, linkedinPostText, VARIANT_SEPARATOR } from './index';
import { OUTLINE_MARK, piecesOfHtml, problemsOf, sourcesOf } from './prose-checks';
import { safeHtmlProblems } from './safe-html-check';
import { textOfHtml } from './text-tools';

/**
 * Drafts without a model are outlines to complete: the user's own sentences under headings, and
 * instructions marked "Write here:" for the rest. These tests hold the shape; the corpus test
 * (test/offline-writing-corpus.test.ts) holds the prose checks over realistic sites.
 */

const writer = createOfflineContentWriter();
const TOPIC = 'Weekly pipeline reviews for small sales teams';
const KEYWORDS = ['sales pipeline', 'follow-up reminders'];
const SOURCES = sourcesOf([
  ...Object.values(BRIGHTPIPE)
    .flat()
    .filter((value): value is string => typeof value === 'string'),
  ...INPUTS.map((input) => input.text),
  TOPIC,
  ...KEYWORDS,
]);

const write = (overrides: Parameters<typeof contextFor>[0] = {}, topic = TOPIC, keywords = KEYWORDS) =>
  writer.writeBlogPost(contextFor({ inputs: INPUTS, ...overrides }), { topic, keywords, length: 'medium' });

describe('an offline blog post is an outline to complete', () => {
  it("quotes the user's own sentences whole under headings, and says what to write where", async () => {
    const { result, writer: who, model } = await write();
    expect(who).toBe('offline');
    expect(model).toBeNull();
    const html = blogPostHtml(result);
    expect(html).toContain(INPUT_SENTENCE);
    expect(html).toContain(OUTLINE_MARK);
    expect(result.title).toBe(TOPIC);
    expect(result.outline).toEqual(result.sections.map((section) => section.heading));
    expect(result.sections[0]?.heading).toBe('Introduction');
    expect(result.sections.map((section) => section.heading)).toContain('Sales pipeline');
    const { lines, labels } = piecesOfHtml(result.sections.map((section) => section.html).join('\n'));
    expect(problemsOf({ lines, labels, topic: TOPIC, sources: SOURCES })).toEqual([]);
    for (const forbidden of FORBIDDEN) expect(textOfHtml(html)).not.toMatch(forbidden);
  });

  it('with nothing known, is a labelled outline only: no sentence the user did not write', async () => {
    const { result } = await writer.writeBlogPost(contextFor({ brand: EMPTY_BRAND }), {
      topic: 'Email newsletters for local bakeries',
      keywords: [],
      length: 'short',
    });
    const { lines } = piecesOfHtml(result.sections.map((section) => section.html).join('\n'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.startsWith(OUTLINE_MARK)).toBe(true);
    expect(result.metaDescription).toBe('Email newsletters for local bakeries');
    expect(result.slug).toBe('email-newsletters-for-local-bakeries');
  });

  it('produces only well-formed, safe HTML, even from hostile profile and input text', async () => {
    const hostile = '<script>alert(1)</script> & "quotes" <img src=x onerror=alert(1)>';
    const { result } = await write(
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
    expect(blogPostHtml(result)).not.toMatch(/<script|<img|javascript:/i);
  });

  it('reports progress up to 100, streams exactly the article it returns, and stops when cancelled', async () => {
    const progress: number[] = [];
    const deltas: string[] = [];
    const { result } = await write({
      onProgress: (percent) => progress.push(percent),
      onDelta: (delta) => deltas.push(delta),
    });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(deltas.join('')).toBe(blogPostHtml(result));
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(write({ signal: controller.signal })).rejects.toThrow('cancelled by the user');
  });

  it("ends with the prompt's call to action in the user's words, closed as a sentence", async () => {
    const named = await write({
      prompt: { id: 2, version: 1, name: 'Custom', text: 'Call to action: Book a free pipeline review' },
    });
    expect(named.result.sections.at(-1)?.html).toContain('<strong>Book a free pipeline review.</strong>');
    const none = await write({ prompt: { id: 2, version: 1, name: 'Custom', text: 'No call to action.' } });
    expect(none.result.sections.at(-1)?.html).toContain(OUTLINE_MARK);
  });

  it('is the same for the same request', async () => {
    expect((await write()).result).toEqual((await write()).result);
  });
});

describe('a section arranged again', () => {
  it('keeps the heading, regroups its own sentences, and follows shorter, longer and list wishes', async () => {
    const { result: post } = await write();
    const index = post.sections.findIndex((section) => section.heading === 'Sales pipeline');
    const section = post.sections[index];
    expect(section).toBeDefined();
    const again = async (instruction?: string) =>
      (
        await writer.rewriteSection(contextFor({ inputs: INPUTS }), {
          post,
          sectionIndex: index,
          ...(instruction ? { instruction } : {}),
        })
      ).result;
    const plain = await again();
    expect(plain.heading).toBe(section?.heading);
    expect(plain.html).not.toBe(section?.html);
    expect(safeHtmlProblems(plain.html)).toEqual([]);
    const asList = await again('as a bullet list');
    expect(asList.html).toMatch(/^<ul>/);
    const longer = await again('longer');
    expect(piecesOfHtml(longer.html).lines.length).toBeGreaterThan(
      piecesOfHtml(section?.html ?? '').lines.length,
    );
    const formal = await again('more formal');
    expect(formal.html).toContain('tone you asked for');
    await expect(
      writer.rewriteSection(contextFor(), { post, sectionIndex: post.sections.length }),
    ).rejects.toThrow(RangeError);
  });
});

describe('offline LinkedIn posts', () => {
  it("writes distinct drafts of the user's sentences, within LinkedIn's limits, streamed as text", async () => {
    const deltas: string[] = [];
    const { result } = await writer.writeLinkedinPosts(
      contextFor({ inputs: INPUTS, onDelta: (delta) => deltas.push(delta) }),
      { topic: TOPIC, variants: 3 },
    );
    expect(result).toHaveLength(3);
    expect(new Set(result.map(linkedinPostText)).size).toBe(3);
    expect(new Set(result.map((draft) => draft.hook)).size).toBe(3);
    for (const draft of result) {
      expect(linkedinPostText(draft).length).toBeLessThanOrEqual(3000);
      expect(draft.hashtags.length).toBeLessThanOrEqual(5);
      expect(draft.body).toContain(OUTLINE_MARK);
      const problems = problemsOf({
        lines: [draft.hook, ...draft.body.split(/\n\s*\n/)],
        phrases: draft.hashtags,
        topic: TOPIC,
        sources: SOURCES,
      });
      expect(problems).toEqual([]);
    }
    expect(deltas.join('')).toBe(result.map(linkedinPostText).join(VARIANT_SEPARATOR));
  });

  it("quotes a source's sentences, and never passes 3,000 characters from a huge one", async () => {
    const source = `${'Every deal needs a next step and a date. '.repeat(5)}${'Pipeline reviews surface stalled deals early in the week. '.repeat(200)}`;
    const { result } = await writer.writeLinkedinPosts(contextFor(), { sourceText: source, variants: 2 });
    for (const draft of result) {
      expect(linkedinPostText(draft).length).toBeLessThanOrEqual(3000);
      expect(source).toContain(draft.hook);
    }
  });

  it('writes an outline of what to say when nothing is known, with the hashtag count asked', async () => {
    const { result } = await writer.writeLinkedinPosts(
      contextFor({
        brand: EMPTY_BRAND,
        prompt: { id: 3, version: 1, name: 'LinkedIn', text: 'Use 2 hashtags.' },
      }),
      { topic: 'Email newsletters for local bakeries', variants: 1 },
    );
    const [draft] = result;
    expect(draft?.hook.startsWith(OUTLINE_MARK)).toBe(true);
    expect(draft?.hashtags).toEqual(['#EmailNewsletters', '#LocalBakeries']);
  });
});

describe('offline topic ideas', () => {
  it("are the user's own subjects: the seeds, then the noun phrases their material names", async () => {
    const { result } = await writer.suggestTopics(contextFor({ inputs: INPUTS }), {
      seedKeywords: ['deal tracking'],
      count: 5,
    });
    expect(result[0]?.title).toBe('Deal tracking');
    expect(result.length).toBeGreaterThan(1);
    expect(new Set(result.map((topic) => topic.title.toLowerCase())).size).toBe(result.length);
    for (const topic of result) {
      expect(topic.title).not.toMatch(/^(?:How to|Three ideas|A considered)/i);
      expect(topic.angle.length).toBeGreaterThan(0);
    }
  });
});
