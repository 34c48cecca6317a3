import { fewerPostsWritten } from '@sales-assist/contract';
import type { LinkedinPostDraft } from '../types';

/**
 * The structure every LinkedIn post is asked for (llm/linkedin-text.ts): a hook, a body under it and
 * hashtags on the last line. Limits are fitted by the parser; these are the parts a model may leave out.
 * Each note names the post it is about, as the user reads them (1-based).
 */
export const draftProblems = (draft: LinkedinPostDraft): string[] => [
  ...(draft.body.trim() ? [] : ['It has a first line but no body under it.']),
  ...(draft.hashtags.length > 0 ? [] : ['It has no hashtags.']),
];

/** What is missing from an answer: posts fewer than asked, and each post's missing parts. */
export const answerProblems = (drafts: LinkedinPostDraft[], asked: number): string[] => [
  ...(drafts.length < asked ? [fewerPostsWritten(drafts.length, asked)] : []),
  ...drafts.flatMap((draft, index) => draftProblems(draft).map((problem) => `Post ${index + 1}: ${problem}`)),
];
