import { z } from 'zod';
import { shortenText } from '../../message-writer/shorten-text';
import { checkLength, wordCount } from '../guards/length';
import { BLOG_LENGTH_WORDS, type BlogLength, type BlogPost, type BlogSection } from '../types';
import { slugOf, ZText, ZWordList } from './answer-fields';
import { contentMessages, inlineValue } from './content-messages';
import { headingHtml, plainTextOf, sectionHtmlOf } from './section-html';
import type { StepKit } from './step-kit';

const META_MAX = 160;
const SECTIONS_MAX = 10;
/** Shares of the progress bar: the plan, then the sections, then fitting the length when it is off. */
const PLAN_PERCENT = 10;
const SECTIONS_PERCENT = 90;

const ZPlanAnswer = z.object({
  title: ZText.pipe(z.string().min(1)),
  slug: ZText.default(''),
  metaDescription: ZText.default(''),
  outline: z.array(ZText.pipe(z.string().min(1))).min(2),
  keywordsUsed: ZWordList.default([]),
});

const lengthWords = (length: BlogLength): string =>
  `about ${BLOG_LENGTH_WORDS[length].toLocaleString('en-US')} words`;

const postValues = (request: { topic: string; keywords: string[]; length: BlogLength }) => ({
  topic: inlineValue(request.topic, 300),
  keywords: request.keywords
    .map((keyword) => inlineValue(keyword, 80))
    .filter(Boolean)
    .join(', '),
  length: lengthWords(request.length),
});

/**
 * A blog post in steps, so a long post reports progress and no single answer has to hold 2,000 words:
 * first the plan (title, slug, meta description, outline, keywords) as JSON, then each section streamed
 * in turn (onDelta gets the post's HTML as it grows, each section under its <h2>).
 */
export const writeBlogPostWithModel = async (
  kit: StepKit,
  request: { topic: string; keywords: string[]; length: BlogLength },
): Promise<BlogPost> => {
  const values = postValues(request);
  kit.context.onProgress?.(0);
  const { object: plan } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'blog_plan',
      context: kit.context,
      values,
      data: { request: { topic: values.topic, keywords: request.keywords, length: values.length } },
      answer: `This request is the first step of writing the post the instructions describe: its plan only (the sections are written next, one at a time). A JSON object {"title": string (at most 70 characters), "slug": string (lower-case words joined by hyphens), "metaDescription": string (at most ${META_MAX} characters), "outline": string[] (the section headings, in order, as many as the instructions ask; 3 to ${SECTIONS_MAX}), "keywordsUsed": string[]}.`,
    }),
    schema: ZPlanAnswer,
    shapeHint: '{"title", "slug", "metaDescription", "outline", "keywordsUsed"}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  const outline = plan.outline.slice(0, SECTIONS_MAX);
  const post = {
    title: plan.title.slice(0, 200),
    // A title in a script without Latin letters has no ASCII slug: the editor lets the author write one.
    slug: slugOf(plan.slug) || slugOf(plan.title) || 'blog-post',
    metaDescription: shortenText(plan.metaDescription, META_MAX),
    outline,
    keywordsUsed: plan.keywordsUsed.slice(0, 12),
  };
  kit.context.onProgress?.(PLAN_PERCENT);

  const words = Math.max(80, Math.round(BLOG_LENGTH_WORDS[request.length] / outline.length));
  const sections: BlogSection[] = [];
  for (const [index, heading] of outline.entries()) {
    kit.onDelta?.(headingHtml(heading));
    const { text } = await kit.ai.streamText({
      messages: contentMessages({
        task: 'blog_section',
        context: kit.context,
        values,
        data: {
          plan: { title: post.title, outline, keywords: post.keywordsUsed },
          section: { number: index + 1, of: outline.length, heading, words },
        },
        answer: `This request is one step of writing the post the instructions describe, whose plan is in the "plan" data block: write only the body of section ${index + 1} of ${outline.length}, "${inlineValue(heading, 200)}", about ${words} words, in simple HTML (p, ul, ol, li, strong, em and h3 only). Do not repeat the section's heading and write nothing of the other sections.`,
      }),
      signal: kit.signal,
      onUsage: kit.onUsage,
      ...(kit.onDelta ? { onDelta: kit.onDelta } : {}),
    });
    sections.push({ heading, html: sectionHtmlOf(text, heading) });
    kit.context.onProgress?.(
      PLAN_PERCENT + Math.round(((SECTIONS_PERCENT - PLAN_PERCENT) * (index + 1)) / outline.length),
    );
  }
  await fitPostLength(kit, { values, post, sections, asked: BLOG_LENGTH_WORDS[request.length] });
  kit.context.onProgress?.(100);
  return { ...post, sections };
};

const sectionWords = (section: BlogSection): number => wordCount(plainTextOf(section.html));

/**
 * The length guard: a post far from the length asked (outside a quarter either way) has the sections
 * that make it so written again by the model to their share of the length, once, in place. A post still
 * off after that is kept as it is: the blogs module shows it as needing review, with both lengths
 * (blog-review.ts), rather than a "Ready" it has not earned.
 */
const fitPostLength = async (
  kit: StepKit,
  options: {
    values: ReturnType<typeof postValues>;
    post: { title: string; outline: string[]; keywordsUsed: string[] };
    sections: BlogSection[];
    asked: number;
  },
): Promise<void> => {
  const { post, asked, values, sections } = options;
  const first = checkLength(
    sections.reduce((sum, section) => sum + sectionWords(section), 0),
    asked,
  );
  if (!first.off) return;
  const share = Math.max(80, Math.round(asked / sections.length));
  // Only the sections on the side the post misses on: a short post's long sections stay as written.
  const toFit = sections
    .map((section, index) => ({ section, index, words: sectionWords(section) }))
    .filter(({ words }) => (first.off === 'short' ? words < share * 0.75 : words > share * 1.25));
  for (const [done, { section, index, words }] of toFit.entries()) {
    const { text } = await kit.ai.streamText({
      messages: contentMessages({
        task: 'blog_fit',
        context: kit.context,
        values,
        data: {
          plan: { title: post.title, outline: post.outline, keywords: post.keywordsUsed },
          section: {
            number: index + 1,
            of: sections.length,
            heading: section.heading,
            html: section.html,
            words,
            target: share,
          },
        },
        answer: `The body of section ${index + 1}, "${inlineValue(section.heading, 200)}", written again to about ${share} words (it has ${words}): ${
          first.off === 'short'
            ? 'develop each of its points with explanation, examples and practical detail drawn from the data blocks'
            : 'keep its main points and cut repetition and lesser detail'
        }. Keep what it says true to the data blocks and invent no facts or figures. Simple HTML (p, ul, ol, li, strong, em and h3 only), without the heading.`,
      }),
      signal: kit.signal,
      onUsage: kit.onUsage,
    });
    sections[index] = { heading: section.heading, html: sectionHtmlOf(text, section.heading) };
    kit.context.onProgress?.(
      SECTIONS_PERCENT + Math.round(((100 - SECTIONS_PERCENT) * (done + 1)) / toFit.length),
    );
  }
};

/** One section written again (its heading kept), streamed through onDelta; the user's wish guides it. */
export const rewriteSectionWithModel = async (
  kit: StepKit,
  request: { post: BlogPost; sectionIndex: number; instruction?: string },
): Promise<BlogSection> => {
  const { post } = request;
  const section = post.sections[request.sectionIndex];
  if (!section) throw new RangeError('No such section');
  const instruction = inlineValue(request.instruction, 1000);
  const { text } = await kit.ai.streamText({
    messages: contentMessages({
      task: 'blog_rewrite',
      context: kit.context,
      values: {
        topic: inlineValue(post.title, 300),
        keywords: post.keywordsUsed.map((keyword) => inlineValue(keyword, 80)).join(', '),
        source: 'the post in the "post" data block below',
        section: 'the section in the "section" data block below',
        instruction: instruction ? `"${instruction}"` : '',
      },
      data: {
        post: {
          title: post.title,
          sections: post.sections.map((each) => ({ heading: each.heading, text: plainTextOf(each.html) })),
        },
        section: { number: request.sectionIndex + 1, heading: section.heading, html: section.html },
      },
      answer: `The new body of the section "${inlineValue(section.heading, 200)}" only, in simple HTML (p, ul, ol, li, strong, em and h3 only), without its heading.`,
    }),
    signal: kit.signal,
    onUsage: kit.onUsage,
    ...(kit.onDelta ? { onDelta: kit.onDelta } : {}),
  });
  return { heading: section.heading, html: sectionHtmlOf(text, section.heading) };
};
