import type { TChatToolUse } from '@sales-assist/contract';
import { brandProfileTool } from './brand-profile-tool';
import type { ChatToolContext } from './chat-tool';

export const NO_MODEL_NOTICE = 'No AI model is set up, so I can answer only from your data.';

export type NoModelAnswer = { text: string; tools: TChatToolUse[] };

/**
 * The chat's answer when no AI endpoint is configured: intents matched deterministically to the tools,
 * answered with the real figures; anything else points to the content screens. Never invents a figure.
 */
export const answerWithoutModel = async (
  ctx: ChatToolContext,
  question: string,
  _history: { role: 'user' | 'assistant'; content: string }[],
): Promise<NoModelAnswer> => {
  if (/\b(brand|business|company)\b/i.test(question)) {
    const { result, summary } = await brandProfileTool.run(ctx, {});
    const r = result as { company: string; offer: string; audience: string };
    return {
      text: `${NO_MODEL_NOTICE}\n\n**${r.company}**\n\n${r.offer}\n\nAudience: ${r.audience}`,
      tools: [{ name: brandProfileTool.name, arguments: {}, summary }],
    };
  }
  return {
    text: `${NO_MODEL_NOTICE} Try the content screens: [Website content](/website-content), [LinkedIn](/linkedin), [Social posts](/allsocials), [Advertising](/advertising), [Campaigns](/campaigns), [Leads](/leads).`,
    tools: [],
  };
};
