import { fillPrompt, type TPromptVariable } from '@sales-assist/contract';

/** The values a prompt's {variables} are filled with; the names are the contract's PROMPT_VARIABLES. */
export type PromptValues = Partial<Record<TPromptVariable, string>>;

/**
 * An admin's prompt text with its {variables} filled in: company, website_summary, offer, audience,
 * tone, key_phrases, topic, keywords, inputs, length, source, section, instruction, count. A missing or
 * blank value reads "(none)", so the model is told there is nothing rather than seeing a gap; a {name}
 * that is not a variable stays as written. The rule is the contract's (the Prompts editor checks texts
 * with the same list), so the editor, the check on save and both writers agree on every name.
 */
export const fillPromptVariables = (text: string, values: PromptValues): string => fillPrompt(text, values);
