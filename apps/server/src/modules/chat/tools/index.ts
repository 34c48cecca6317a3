import { brandProfileTool } from './brand-profile-tool';
import { campaignsTool } from './campaigns-tool';
import type { ChatTool } from './chat-tool';
import { draftBlogTopicsTool } from './draft-blog-topics-tool';
import { draftFollowUpTool } from './draft-follow-up-tool';
import { draftLinkedinPostTool } from './draft-linkedin-post-tool';
import { listsTool } from './lists-tool';
import { recentContentTool } from './recent-content-tool';

export { answerWithoutModel, NO_MODEL_NOTICE } from './answer-without-model';
export type { ChatTool, ChatToolContext } from './chat-tool';

/** The tools the chat's model may call, each filtered by the caller's user id. */
// biome-ignore lint/suspicious/noExplicitAny: each tool has its own argument type; the list holds them all.
export const chatTools: ChatTool<any>[] = [
  brandProfileTool,
  listsTool,
  campaignsTool,
  recentContentTool,
  draftLinkedinPostTool,
  draftBlogTopicsTool,
  draftFollowUpTool,
];
