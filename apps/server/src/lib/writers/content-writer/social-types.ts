import type { TInfographicContent, TSocialNetwork } from '@sales-assist/contract';

/**
 * The social posts' part of the content writer (types.ts re-exports these): the Text Post step writes
 * one post per network, the Selection step picks what the post's picture shows, and the Image step
 * describes a picture for an image model. Each step is driven by the prompt of the theme's template
 * entry (modules/templates/template-prompts.ts), passed as the context's prompt.
 */

/** One network's post: the text as published (hashtags included) and its hashtags. */
export type SocialPostDraft = { network: TSocialNetwork; text: string; hashtags: string[] };

export type SocialPostsRequest = {
  networks: readonly TSocialNetwork[];
  topic?: string;
  /** A blog post's or an input's text to write from. */
  sourceText?: string;
};

/** The Selection step: what the theme's picture shows, taken from the post (never invented). */
export type InfographicSelectionRequest = { postText: string; network: TSocialNetwork };
export type InfographicSelection = TInfographicContent;

/** The Image step: a description of a picture for an image model. */
export type SocialImageRequest = { postText: string; topic: string; network: TSocialNetwork };
