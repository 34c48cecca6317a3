import { TEMPLATE_VARIABLES, type TTemplateVariable } from '@sales-assist/contract';
import { leadFactsOf, senderFactsOf } from './lead-facts';
import type { MessageBrief } from './types';

/** The value of every variable for one lead, from the same cleaned facts the writers use. */
const valuesOf = (brief: MessageBrief): Record<TTemplateVariable, string | null> => {
  const facts = leadFactsOf(brief.lead);
  const sender = senderFactsOf(brief);
  return {
    first_name: facts.firstName,
    role: facts.role,
    company: facts.company,
    industry: facts.industry,
    city: facts.city,
    recent_post: facts.postSnippet,
    research: brief.lead.research?.talkingPoint ?? null,
    sender_name: sender.signature,
    sender_company: sender.company,
  };
};

const FALLBACK = new Map<string, string>(
  TEMPLATE_VARIABLES.map((variable) => [variable.name, variable.fallback]),
);

/**
 * A user's template with the lead's details in place of its {variables}; a detail that is not known
 * takes the variable's neutral words ("there", "your company"), so no brace or gap reaches a lead.
 * A name that is not a variable (saving refuses those) is left out rather than sent as typed.
 */
export const fillTemplate = (text: string, brief: MessageBrief): string => {
  const values = valuesOf(brief);
  return text.replace(/\{([^{}]*)\}/g, (_, raw: string) => {
    const name = raw.trim();
    if (!FALLBACK.has(name)) return '';
    return values[name as TTemplateVariable] ?? FALLBACK.get(name) ?? '';
  });
};
