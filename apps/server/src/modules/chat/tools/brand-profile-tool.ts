import { z } from 'zod';
import { loadBrandProfileState } from '../../website/brand-profile';
import { clip } from './bounds';
import type { ChatTool } from './chat-tool';

/** The caller's brand profile (the website's company, offer, audience, tone and key phrases). */
/** No arguments: whatever the model adds (a user, an id) is dropped, the caller's profile is read. */
const Args = z.object({});

export const brandProfileTool: ChatTool<z.infer<typeof Args>> = {
  name: 'get_brand_profile',
  description:
    "The user's brand profile read from their website: company, website, summary, offer, audience, tone of voice, key phrases.",
  parameters: Args,
  run: async (ctx) => {
    const state = await loadBrandProfileState(ctx.deps.db, ctx.userId);
    const p = state.profile;
    const result = {
      has_website: state.hasWebsite,
      company: clip(p.company, 200),
      website: p.websiteUrl,
      summary: clip(p.websiteSummary, 600),
      offer: clip(p.offer, 600),
      audience: clip(p.audience, 400),
      tone: clip(p.tone, 200),
      key_phrases: p.keyPhrases.slice(0, 10).map((k) => clip(k, 80)),
    };
    const summary = state.hasWebsite
      ? `Read the brand profile of ${result.company || 'your company'}`
      : 'Read the brand profile: no website added yet';
    return { result, summary };
  },
};
