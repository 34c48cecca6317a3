import type { KeywordIdeaDraft, KeywordIdeasRequest } from './keyword-types';
import type { SearchAd, SearchAdFieldRequest, SearchAdRequest } from './search-ad-types';
import type {
  InfographicSelection,
  InfographicSelectionRequest,
  SocialImageRequest,
  SocialPostDraft,
  SocialPostsRequest,
} from './social-types';

export type * from './keyword-types';
export type * from './search-ad-types';
export type * from './social-types';

/**
 * The one interface every content screen writes through (blogs, LinkedIn posts, later socials, ads
 * and the chat's drafts). Two implementations: the LLM writer (lib/clients/ai, an OpenAI-compatible endpoint)
 * and the offline writer, which composes drafts from the same context without any model.
 */

/** The brand profile (websites row, editable in Settings): what every prompt is fed. */
export type BrandProfile = {
  company: string;
  websiteUrl: string | null;
  /** A few sentences about the site, from its readable text. */
  websiteSummary: string;
  offer: string;
  audience: string;
  tone: string;
  keyPhrases: string[];
  /**
   * Whole sentences from the site's pages (the home page and the pages its navigation links to), for the
   * offline writer, which quotes a person's sentences and writes none of its own. Optional: a profile
   * made by hand (the chat, tests) may have none.
   */
  siteSentences?: string[];
};

/** The prompt that drives this generation (modules/prompts), as the admin last saved it. */
export type ContentPrompt = { id: number; version: number; name: string; text: string };

/** Everything a generation is grounded in. */
export type ContentContext = {
  userId: string;
  brand: BrandProfile;
  /** The user's chosen inputs (their extracted text, each already cut to a size the prompt can hold). */
  inputs: { name: string; text: string }[];
  prompt: ContentPrompt;
  /** The content item being written, when there is one: tokens are recorded against it. */
  itemId?: number;
  signal?: AbortSignal;
  /** Streaming: each piece of text as it is written (the offline writer sends its text in pieces too). */
  onDelta?: (delta: string) => void;
  /**
   * The model failed after part of its text had gone out through onDelta, and the offline writer starts
   * the result again: what was streamed so far is void (a screen clears its preview). Optional.
   */
  onRestart?: () => void;
  /** Long work: 0–100 as it goes. */
  onProgress?: (percent: number) => void;
  /**
   * The built-in model writes one answer at a time: told, for each model call of the generation that has
   * to wait, how many answers are ahead of it (1: it is next), then 0 when the model starts on it. The
   * offline writer and an endpoint never call it.
   */
  onQueued?: (ahead: number) => void;
};

export type BlogTopic = { title: string; angle: string; keywords: string[] };

export type BlogLength = 'short' | 'medium' | 'long';
/** Target words per length. */
export const BLOG_LENGTH_WORDS: Record<BlogLength, number> = { short: 600, medium: 1200, long: 2000 };

export type BlogSection = { heading: string; html: string };

export type BlogPost = {
  title: string;
  slug: string;
  /** At most 160 characters. */
  metaDescription: string;
  outline: string[];
  sections: BlogSection[];
  keywordsUsed: string[];
};

export type LinkedinPostDraft = { hook: string; body: string; hashtags: string[] };

/** Who wrote a result, for History and the "offline draft" label. */
export type WrittenBy = {
  writer: 'llm' | 'offline';
  model: string | null;
  usage: { promptTokens: number; completionTokens: number };
  /** Set when an LLM was configured but failed and the offline writer wrote this instead. */
  fallbackReason?: string;
};

export type Written<T> = { result: T } & WrittenBy;

export type ContentWriter = {
  kind: 'llm' | 'offline';
  suggestTopics(
    context: ContentContext,
    request: { seedKeywords: string[]; count: number },
  ): Promise<Written<BlogTopic[]>>;
  writeBlogPost(
    context: ContentContext,
    request: { topic: string; keywords: string[]; length: BlogLength },
  ): Promise<Written<BlogPost>>;
  /** Rewrites one section of a post, keeping its heading; `instruction` is the user's wish, if any. */
  rewriteSection(
    context: ContentContext,
    request: { post: BlogPost; sectionIndex: number; instruction?: string },
  ): Promise<Written<BlogSection>>;
  /** LinkedIn posts (at most 3,000 characters each) from a topic or a source text (a blog post, an input). */
  writeLinkedinPosts(
    context: ContentContext,
    request: { topic?: string; sourceText?: string; variants: number },
  ): Promise<Written<LinkedinPostDraft[]>>;
  /** Social posts, one per network, each within its network's limits (social-fit.ts); Text Post prompt. */
  writeSocialPosts(context: ContentContext, request: SocialPostsRequest): Promise<Written<SocialPostDraft[]>>;
  /** What a post's picture shows, taken from the post (Selection prompt, purpose infographic). */
  selectInfographicContent(
    context: ContentContext,
    request: InfographicSelectionRequest,
  ): Promise<Written<InfographicSelection>>;
  /** A description of a picture for an image model (Image prompt, purpose social_image). */
  describeSocialImage(context: ContentContext, request: SocialImageRequest): Promise<Written<string>>;
  /** Keyword ideas with intent, theme and our relevance score, never metrics (purpose keywords). */
  suggestKeywords(
    context: ContentContext,
    request: KeywordIdeasRequest,
  ): Promise<Written<KeywordIdeaDraft[]>>;
  /** A responsive search ad for a landing page and keywords, every field within Google's limits (ad_copy prompt). */
  writeSearchAd(context: ContentContext, request: SearchAdRequest): Promise<Written<SearchAd>>;
  /** One field of an ad written again, repeating none of the others; null when no new text can be found. */
  rewriteSearchAdField(
    context: ContentContext,
    request: SearchAdFieldRequest,
  ): Promise<Written<string | null>>;
};
