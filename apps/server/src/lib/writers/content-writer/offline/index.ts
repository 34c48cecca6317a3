import type { ContentWriter, WrittenBy } from '../types';
import { writeBlogPost } from './blog-post';
import { suggestKeywords } from './keywords';
import { streamLinkedinPosts, writeLinkedinPosts } from './linkedin-posts';
import { rewriteSection } from './rewrite-section';
import { rewriteSearchAdField, writeSearchAd } from './search-ads';
import { describeSocialImage, selectInfographicContent, writeSocialPosts } from './social-posts';
import { suggestTopics } from './topics';

export { blogPostHtml } from './blog-post';
export { linkedinPostText, VARIANT_SEPARATOR } from './linkedin-posts';

/** What the offline writer reports for every result: no model, no tokens. */
const OFFLINE: WrittenBy = {
  writer: 'offline',
  model: null,
  usage: { promptTokens: 0, completionTokens: 0 },
};

/**
 * The writer without a model: honest drafts to complete, never prose of its own. It quotes whole
 * sentences a person wrote (the user's site pages, inputs, brand profile and the source they chose),
 * arranged under headings from their keywords and topic, with outline notes marked "Write here:" for the
 * rest (material.ts); key phrases, hashtags and keyword ideas are noun phrases found by part-of-speech
 * tagging (noun-phrases.ts); every piece passes the checks of prose-checks.ts. It reads the prompt's plain
 * directives (sections, call to action, hashtags), needs no network, and never claims to be AI; the
 * screens label its results as outlines to complete. Streams are sent in pieces like the LLM writer's:
 * a blog post's HTML section by section (each under its <h2>), LinkedIn posts as text with a "---" line
 * between two.
 */
export const createOfflineContentWriter = (): ContentWriter => ({
  kind: 'offline',
  suggestTopics: async (context, request) => ({ result: suggestTopics(context, request), ...OFFLINE }),
  writeBlogPost: async (context, request) => ({ result: writeBlogPost(context, request), ...OFFLINE }),
  rewriteSection: async (context, request) => {
    const section = rewriteSection(context, request);
    context.onDelta?.(section.html);
    return { result: section, ...OFFLINE };
  },
  writeLinkedinPosts: async (context, request) => {
    const drafts = writeLinkedinPosts(context, request);
    streamLinkedinPosts(drafts, context.onDelta);
    return { result: drafts, ...OFFLINE };
  },
  writeSocialPosts: async (context, request) => ({ result: writeSocialPosts(context, request), ...OFFLINE }),
  selectInfographicContent: async (context, request) => ({
    result: selectInfographicContent(context, request),
    ...OFFLINE,
  }),
  describeSocialImage: async (context, request) => ({
    result: describeSocialImage(context, request),
    ...OFFLINE,
  }),
  writeSearchAd: async (context, request) => ({ result: writeSearchAd(context, request), ...OFFLINE }),
  rewriteSearchAdField: async (context, request) => ({
    result: rewriteSearchAdField(context, request),
    ...OFFLINE,
  }),
  suggestKeywords: async (context, request) => ({ result: suggestKeywords(context, request), ...OFFLINE }),
});
