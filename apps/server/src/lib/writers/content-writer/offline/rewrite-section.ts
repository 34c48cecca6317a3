import type { BlogPost, BlogSection, ContentContext } from '../types';
import { type Block, blocksHtml, list, paragraph } from './html-blocks';
import { instruction, materialOf } from './material';
import { isInstruction, piecesOfHtml } from './prose-checks';

/**
 * One section arranged again without a model, keeping its heading. A writer without a model cannot
 * restyle sentences, so it rearranges the section's own sentences (a list becomes paragraphs and
 * paragraphs a list), and follows the wishes it can follow honestly:
 *
 * - shorter / more concise / trim → about half of the section's sentences;
 * - longer / expand / more detail → sentences of the user's material the post does not quote yet, and an
 *   instruction saying what else to write;
 * - a list / bullets → a list; no list / paragraphs only / prose → paragraphs.
 *
 * A wish about tone cannot be followed: the section is rearranged and says what to rewrite.
 */
export type RewriteWish = { size: 'shorter' | 'same' | 'longer'; listMode: 'always' | 'none' | 'auto' };

export const wishOf = (wish: string | undefined): RewriteWish => {
  const text = (wish ?? '').toLowerCase();
  const size = /\b(?:short(?:er|en)?|concise|brief(?:er)?|trim|tighten|cut|condense|fewer words|less)\b/.test(
    text,
  )
    ? 'shorter'
    : /\b(?:long(?:er)?|expand|more detail(?:ed)?|elaborate|deeper|extend|more words|flesh)\b/.test(text)
      ? 'longer'
      : 'same';
  const listMode =
    /\b(?:no|without|remove(?: the)?|drop(?: the)?)\s+(?:bullet(?:s| points?)?|lists?)\b|\bparagraphs? only\b|\bprose\b/.test(
      text,
    )
      ? 'none'
      : /\b(?:lists?|bullets?|bullet points?|checklist|steps)\b/.test(text)
        ? 'always'
        : 'auto';
  return { size, listMode };
};

const TONE_WISH =
  /\b(?:formal|professional|casual|playful|friendly|warm|conversational|expert|urgent|punchy|tone)\b/i;

export const rewriteSection = (
  context: ContentContext,
  request: { post: BlogPost; sectionIndex: number; instruction?: string },
): BlogSection => {
  const { post } = request;
  const section = post.sections[request.sectionIndex];
  if (!section) throw new RangeError(`The post has no section ${request.sectionIndex + 1}`);
  const wish = wishOf(request.instruction);
  const lines = piecesOfHtml(section.html).lines;
  const notes = lines.filter(isInstruction);
  let sentences = lines.filter((line) => !isInstruction(line));
  const wasList = /<[ou]l>/.test(section.html);

  if (wish.size === 'shorter') sentences = sentences.slice(0, Math.max(1, Math.ceil(sentences.length / 2)));
  const extraNotes: string[] = [];
  // A section of instructions only has nothing to rearrange: it gets the material that fits it.
  if (wish.size === 'longer' || (wish.size === 'same' && sentences.length === 0)) {
    // Compared as text, not HTML: "&" is "&amp;" in the HTML.
    const quoted = post.sections
      .flatMap((each) => piecesOfHtml(each.html).lines)
      .join(' ')
      .toLowerCase();
    const material = materialOf(context, `${section.heading} ${post.title}`);
    const fresh = material.sentences
      .filter((sentence) => !quoted.includes(sentence.toLowerCase()))
      .slice(0, 3);
    sentences = [...sentences, ...fresh];
    if (wish.size === 'longer')
      extraNotes.push(
        instruction('an example, a figure of your own or a short story that shows this point.'),
      );
  }
  if (request.instruction && TONE_WISH.test(request.instruction)) {
    extraNotes.push(
      instruction(`these sentences again in the tone you asked for (${request.instruction.trim()}).`),
    );
  }
  const asList =
    wish.listMode === 'always' ? true : wish.listMode === 'none' ? false : sentences.length >= 2 && !wasList;
  const allNotes = [...notes, ...extraNotes].filter((note, index, all) => all.indexOf(note) === index);
  const render = (notesFirst: boolean): string => {
    const body: Block[] =
      asList && sentences.length > 0
        ? [
            list(
              false,
              sentences.map((sentence) => [sentence]),
            ),
          ]
        : sentences.map((sentence) => paragraph(sentence));
    const noteBlocks = allNotes.map((note) => paragraph({ em: note }));
    return blocksHtml(notesFirst ? [...noteBlocks, ...body] : [...body, ...noteBlocks]);
  };
  // Nothing to regroup (one sentence and a note): the note comes first, so the writer sees what to do.
  const html = render(false);
  return { heading: section.heading, html: html === section.html ? render(true) : html };
};
