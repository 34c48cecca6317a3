import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { directivesOf } from './directives';
import { BRIGHTPIPE, contextFor, EMPTY_BRAND, FORBIDDEN, INPUTS } from './fixtures.test-support';
import { blogPostHtml, createOfflineContentWriter, linkedinPostText, VARIANT_SEPARATOR } from './index';

const writer = createOfflineContentWriter();

describe('offline topic ideas', () => {
  const suggest = (seedKeywords: string[], count: number, brand = BRIGHTPIPE) =>
    writer.suggestTopics(contextFor({ brand }), { seedKeywords, count });

  it('gives the number asked for, all different, each with an angle and keywords', async () => {
    for (const count of [1, 3, 12, 24]) {
      const { result, writer: by, model } = await suggest([], count);
      expect(result).toHaveLength(count);
      expect(new Set(result.map((topic) => topic.title.toLowerCase())).size).toBe(count);
      for (const topic of result) {
        expect(topic.title.length).toBeGreaterThan(10);
        expect(topic.title.length).toBeLessThanOrEqual(90);
        expect(topic.angle.length).toBeGreaterThan(40);
        expect(topic.keywords.length).toBeGreaterThanOrEqual(1);
        expect(topic.keywords.length).toBeLessThanOrEqual(5);
        for (const pattern of FORBIDDEN) expect(`${topic.title} ${topic.angle}`).not.toMatch(pattern);
      }
      expect(by).toBe('offline');
      expect(model).toBeNull();
    }
  });

  it("builds on the brand's key phrases, and leads with the seed keywords", async () => {
    const fromBrand = (await suggest([], 6)).result;
    expect(
      fromBrand.every((topic) =>
        BRIGHTPIPE.keyPhrases.some((phrase) => topic.title.toLowerCase().includes(phrase)),
      ),
    ).toBe(true);
    const seeded = (await suggest(['cold email', 'sales follow-up'], 6)).result;
    expect(seeded[0]?.title.toLowerCase()).toContain('cold email');
    expect(seeded[1]?.title.toLowerCase()).toContain('sales follow-up');
    expect(seeded[0]?.keywords[0]).toBe('cold email');
  });

  it('uses several patterns (how-to, mistakes, checklist…) rather than one', async () => {
    const titles = (await suggest([], 12)).result.map((topic) => topic.title);
    const patterns = [
      /^How to /,
      /mistakes/i,
      /checklist/i,
      / vs /,
      /What is next/,
      /beginner/i,
      /^Why it pays/,
      /questions/i,
      /myths/i,
      /measure/i,
      /Getting started/,
      /approaches|in practice/,
    ];
    const used = patterns.filter((pattern) => titles.some((title) => pattern.test(title)));
    expect(used.length).toBeGreaterThanOrEqual(8);
  });

  it('is deterministic for the same input and varies with the seed keywords', async () => {
    expect((await suggest(['cold email'], 8)).result).toEqual((await suggest(['cold email'], 8)).result);
    const first = (await suggest(['cold email'], 8)).result.map((topic) => topic.title);
    const other = (await suggest(['referrals'], 8)).result.map((topic) => topic.title);
    expect(first).not.toEqual(other);
  });

  it('still suggests specific topics for a user with no profile and no seeds', async () => {
    const { result } = await suggest([], 10, EMPTY_BRAND);
    expect(result).toHaveLength(10);
    expect(new Set(result.map((topic) => topic.title)).size).toBe(10);
    for (const topic of result) for (const pattern of FORBIDDEN) expect(topic.title).not.toMatch(pattern);
  });
});

describe('offline section rewrite', () => {
  const postFor = async () =>
    (
      await writer.writeBlogPost(contextFor({ inputs: INPUTS }), {
        topic: 'How to choose a CRM for a small sales team',
        keywords: ['CRM', 'sales pipeline'],
        length: 'medium',
      })
    ).result;
  const words = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;

  it('keeps the heading and writes the section differently, with safe HTML, streamed', async () => {
    const post = await postFor();
    for (const [index, section] of post.sections.entries()) {
      const deltas: string[] = [];
      const { result } = await writer.rewriteSection(
        contextFor({ inputs: INPUTS, onDelta: (delta) => deltas.push(delta) }),
        {
          post,
          sectionIndex: index,
        },
      );
      expect(result.heading).toBe(section.heading);
      expect(result.html).not.toBe(section.html);
      expect(safeHtmlOk(result.html)).toBe(true);
      expect(deltas.join('')).toBe(result.html);
    }
  });

  it('follows "shorter", "longer", "add a list" and "more formal"', async () => {
    const post = await postFor();
    const index = post.sections.findIndex((section) => section.html.includes('<ol>'));
    const rewrite = async (instruction: string, sectionIndex = index) =>
      (await writer.rewriteSection(contextFor(), { post, sectionIndex, instruction })).result.html;
    const original = post.sections[index]?.html ?? '';
    expect(words(await rewrite('Make it shorter please'))).toBeLessThan(words(original));
    // Every section gets shorter when asked, even the ones that are mostly a list.
    for (const [sectionIndex, section] of post.sections.entries()) {
      expect(words(await rewrite('shorter', sectionIndex))).toBeLessThan(words(section.html));
    }
    expect(words(await rewrite('Longer, with more detail'))).toBeGreaterThan(words(original));
    const why = post.sections.findIndex((section) => !/<ul>|<ol>/.test(section.html));
    expect(await rewrite('Add a bullet list', why)).toMatch(/<ul>|<ol>/);
    expect(await rewrite('Paragraphs only, no list')).not.toMatch(/<ul>|<ol>/);
    const intro = await writer.rewriteSection(
      contextFor({ brand: { ...BRIGHTPIPE, tone: 'Casual, Light-Hearted' } }),
      {
        post,
        sectionIndex: 0,
        instruction: 'More formal',
      },
    );
    expect(intro.result.html).not.toMatch(/\b\w+['’](?:t|s|re|ll|ve)\b/);
  });

  it('meets every wish in every section, with or without a profile', async () => {
    for (const brand of [BRIGHTPIPE, EMPTY_BRAND]) {
      for (const length of ['short', 'long'] as const) {
        const context = contextFor({ brand, inputs: INPUTS });
        const { result: post } = await writer.writeBlogPost(context, {
          topic: 'How to choose a CRM for a small sales team',
          keywords: ['CRM'],
          length,
        });
        for (const [sectionIndex, section] of post.sections.entries()) {
          const rewrite = async (instruction?: string) =>
            (
              await writer.rewriteSection(context, {
                post,
                sectionIndex,
                ...(instruction ? { instruction } : {}),
              })
            ).result.html;
          const where = `${brand.company || 'no profile'}, ${length}, "${section.heading}"`;
          expect(words(await rewrite('longer')), where).toBeGreaterThan(words(section.html));
          expect(words(await rewrite('shorter')), where).toBeLessThan(words(section.html));
          expect(await rewrite('add a list'), where).toMatch(/<ul>|<ol>/);
          expect(await rewrite(), where).not.toBe(section.html);
        }
      }
    }
  });

  it('rewrites a section it did not write by regrouping its own sentences', async () => {
    const post = await postFor();
    const custom = {
      heading: 'Our pricing, explained',
      html: '<p>Every plan includes unlimited users. You can cancel at any time from the settings page. Annual billing saves you two months. Support answers within one working day.</p>',
    };
    const withCustom = { ...post, sections: [...post.sections, custom] };
    const { result } = await writer.rewriteSection(contextFor(), {
      post: withCustom,
      sectionIndex: withCustom.sections.length - 1,
    });
    expect(result.heading).toBe('Our pricing, explained');
    expect(result.html).not.toBe(custom.html);
    expect(result.html).toContain('Every plan includes unlimited users.');
    expect(result.html).toContain('Annual billing saves you two months.');
    expect(safeHtmlOk(result.html)).toBe(true);
  });

  it('refuses a section that does not exist', async () => {
    const post = await postFor();
    await expect(writer.rewriteSection(contextFor(), { post, sectionIndex: 99 })).rejects.toThrow(RangeError);
  });
});

describe('offline LinkedIn posts', () => {
  const write = (request: { topic?: string; sourceText?: string; variants: number }, overrides = {}) =>
    writer.writeLinkedinPosts(contextFor({ inputs: INPUTS, ...overrides }), request);

  it('writes distinct variants within LinkedIn limits, with at most five hashtags', async () => {
    for (const variants of [1, 2, 3, 5]) {
      const { result } = await write({ topic: 'Why follow-up reminders win deals', variants });
      expect(result).toHaveLength(variants);
      expect(new Set(result.map(linkedinPostText)).size).toBe(variants);
      expect(new Set(result.map((draft) => draft.hook)).size).toBe(variants);
      for (const draft of result) {
        expect(linkedinPostText(draft).length).toBeLessThanOrEqual(LINKEDIN_POST_MAX);
        expect(draft.hook.length).toBeGreaterThan(10);
        expect(draft.body.length).toBeGreaterThan(100);
        expect(draft.hashtags.length).toBeGreaterThanOrEqual(1);
        expect(draft.hashtags.length).toBeLessThanOrEqual(5);
        for (const tag of draft.hashtags) expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
        for (const pattern of FORBIDDEN) expect(linkedinPostText(draft)).not.toMatch(pattern);
      }
    }
  });

  it('summarises a source text (a blog post) into posts that stay under 3,000 characters', async () => {
    const blog = await writer.writeBlogPost(contextFor(), {
      topic: 'How to run a weekly pipeline review',
      keywords: ['pipeline review'],
      length: 'long',
    });
    const html = blogPostHtml(blog.result);
    const { result } = await write({ topic: blog.result.title, sourceText: html, variants: 3 });
    for (const draft of result) {
      expect(linkedinPostText(draft).length).toBeLessThanOrEqual(LINKEDIN_POST_MAX);
      expect(linkedinPostText(draft)).not.toMatch(/<|>/);
    }
    // No post says the same line twice.
    for (const draft of result) {
      const lines = draft.body.split('\n').filter((line) => line.trim());
      expect(new Set(lines.map((line) => line.replace(/^(?:• |\d\. )/, ''))).size).toBe(lines.length);
    }
    // A blog post's list items are its substance: the summary leads with them.
    const items = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) =>
      (match[1] ?? '').replace(/<[^>]+>/g, ''),
    );
    const bullets = result[0]?.body.split('\n').filter((line) => line.startsWith('• ')) ?? [];
    expect(bullets.filter((line) => items.includes(line.slice(2))).length).toBeGreaterThanOrEqual(2);
    // The summary variant quotes the source's own sentences.
    const sourceText = html.replace(/<[^>]+>/g, ' ');
    const quoted =
      result[0]?.body
        .split('\n')
        .filter((line) => line.startsWith('• '))
        .map((line) => line.slice(2)) ?? [];
    expect(quoted.length).toBeGreaterThanOrEqual(2);
    expect(quoted.some((line) => sourceText.includes(line.slice(0, 40)))).toBe(true);
  });

  it('writes from an input text alone, and never passes 3,000 characters even from a huge source', async () => {
    const paragraph = [
      'Customer onboarding sets the tone for the whole relationship with a new account.',
      'A clear welcome email tells new customers what happens next in their onboarding.',
      'The first week of customer onboarding decides whether people come back.',
      'Good onboarding answers the questions customers have not thought to ask yet.',
      'Every step of customer onboarding should have one clear owner on the team.',
    ].join(' ');
    const huge = Array.from({ length: 120 }, () => paragraph).join('\n');
    const { result } = await write({ sourceText: huge, variants: 3 });
    expect(result).toHaveLength(3);
    for (const draft of result) expect(linkedinPostText(draft).length).toBeLessThanOrEqual(LINKEDIN_POST_MAX);
    expect(result[0]?.hook.toLowerCase()).toContain('onboarding');
  });

  it('honours the prompt: no emoji, a hashtag count, a call to action, a word cap', async () => {
    const prompt = {
      id: 3,
      version: 1,
      name: 'LinkedIn',
      text: 'No emoji. Use 2 hashtags.\nCall to action: Book a free demo\nKeep it under 90 words.',
    };
    const { result } = await write(
      { topic: 'Pipeline visibility', variants: 3 },
      { brand: { ...BRIGHTPIPE, tone: 'Casual, Light-Hearted' }, prompt },
    );
    for (const draft of result) {
      expect(linkedinPostText(draft)).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(draft.hashtags).toHaveLength(2);
      expect(draft.body.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length).toBeLessThanOrEqual(90);
    }
    const withEmoji = await write(
      { topic: 'Pipeline visibility', variants: 2 },
      { brand: { ...BRIGHTPIPE, tone: 'Casual, Light-Hearted' } },
    );
    expect(withEmoji.result.some((draft) => /\p{Extended_Pictographic}/u.test(linkedinPostText(draft)))).toBe(
      true,
    );
    const cta = await write(
      { topic: 'Pipeline visibility', variants: 1 },
      { prompt: { ...prompt, text: 'Call to action: Book a free demo' } },
    );
    expect(cta.result[0]?.body).toContain('Book a free demo.');
  });

  it('streams the posts as text, a "---" line between two, equal to what it returns', async () => {
    const deltas: string[] = [];
    const { result } = await write(
      { topic: 'Deal tracking', variants: 3 },
      { onDelta: (delta: string) => deltas.push(delta) },
    );
    expect(deltas.join('')).toBe(result.map(linkedinPostText).join(VARIANT_SEPARATOR));
  });

  it('is deterministic, and writes sensibly for a user with no profile', async () => {
    const request = { topic: 'Email newsletters for local bakeries', variants: 2 };
    expect((await write(request)).result).toEqual((await write(request)).result);
    const { result } = await write(request, { brand: EMPTY_BRAND, inputs: [] });
    for (const draft of result) {
      expect(linkedinPostText(draft)).toContain('email newsletters');
      expect(linkedinPostText(draft)).not.toMatch(/Brightpipe|At ,/);
      for (const pattern of FORBIDDEN) expect(linkedinPostText(draft)).not.toMatch(pattern);
    }
  });
});

describe('prompt directives', () => {
  it('reads the directives people write, and ignores counts of smaller things', () => {
    expect(directivesOf('Write it in five sections, around 1,500 words.')).toMatchObject({
      sections: 5,
      words: 1500,
    });
    expect(directivesOf('Sections: 6\nWord count: 900')).toMatchObject({ sections: 6, words: 900 });
    expect(directivesOf('Aim for 800-1000 words.').words).toBe(900);
    expect(directivesOf('Keep each paragraph under 80 words and the hook under 20 words.').words).toBeNull();
    expect(directivesOf('Call to action: Book a demo at brightpipe.example').callToAction).toBe(
      'Book a demo at brightpipe.example',
    );
    expect(directivesOf('Do not add a call to action.').callToAction).toBe(false);
    expect(directivesOf('End with {call_to_action}').callToAction).toBeNull();
    expect(directivesOf('No emojis please').emoji).toBe(false);
    expect(directivesOf('Add a few emojis').emoji).toBe(true);
    expect(directivesOf('Use 3 hashtags').hashtags).toBe(3);
    expect(directivesOf('hashtags: 9').hashtags).toBe(5);
    expect(directivesOf('No hashtags.').hashtags).toBe(0);
    expect(directivesOf('End with 3 to 5 relevant hashtags.').hashtags).toBe(3);
    expect(directivesOf('Write it in 4 to 6 sections.').sections).toBe(5);
    expect(directivesOf('An online post of about 700 words.').words).toBe(700);
    // Sentences like the built-in prompts': none of them is a directive the offline writer should take.
    expect(
      directivesOf(
        'Give an outline of 4 to 7 section headings. Open with the problem in two or three sentences. ' +
          'End with one call to action that fits the offer. At most two emoji, a hook of at most 150 characters.',
      ),
    ).toEqual({ sections: null, words: null, callToAction: null, emoji: null, hashtags: null });
    expect(directivesOf('Write a blog post about {topic} for {audience} in a {tone} tone.')).toEqual({
      sections: null,
      words: null,
      callToAction: null,
      emoji: null,
      hashtags: null,
    });
  });
});

import { safeHtmlProblems } from './safe-html-check';

const safeHtmlOk = (html: string): boolean => safeHtmlProblems(html).length === 0;
