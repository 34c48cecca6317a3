import { brandProfileTool } from './brand-profile-tool';
import type { ChatTool } from './chat-tool';

export { answerWithoutModel } from './answer-without-model';
export type { ChatTool, ChatToolContext } from './chat-tool';

/** The tools the chat's model may call, each filtered by the caller's user id. */
// biome-ignore lint/suspicious/noExplicitAny: each tool has its own argument type; the list holds them all.
export const chatTools: ChatTool<any>[] = [brandProfileTool];
