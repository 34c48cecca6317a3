import {
  PROMPT_PURPOSE_LABELS,
  parsePromptIdInput,
  TEMPLATE_EDITOR_MESSAGES,
  TEMPLATE_PROMPT_PURPOSES,
  TEMPLATE_PROMPT_TYPES,
  type TPromptSummary,
  type TTemplatePromptType,
} from '@sales-assist/contract';
import type { TThemeCard } from './group-themes';

const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

/** The editor's three text boxes, as typed. */
export type TTemplateFormValues = Record<TTemplatePromptType, string>;

/** Prefilled with each entry's prompt id; an entry without one (the current prompt) starts empty. */
export const initialValues = (card: TThemeCard): TTemplateFormValues =>
  Object.fromEntries(
    TEMPLATE_PROMPT_TYPES.map((type) => [type, String(card.entries[type]?.promptid ?? '')]),
  ) as TTemplateFormValues;

/** Spec §5: a non-empty value that does not parse as a number is "Please enter valid number". */
export const valueError = (value: string): string | null =>
  parsePromptIdInput(value) === undefined ? TEMPLATE_EDITOR_MESSAGES.invalidNumber : null;

/** Whether the form differs from what is saved: the same number written otherwise ("07") is no edit. */
export const isEdited = (card: TThemeCard, values: TTemplateFormValues): boolean =>
  TEMPLATE_PROMPT_TYPES.some((type) => {
    const typed = parsePromptIdInput(values[type]);
    if (typed === undefined) return values[type].trim() !== String(card.entries[type]?.promptid ?? '');
    return (typed || null) !== (card.entries[type]?.promptid ?? null);
  });

/** What a valid value will do, in words, so the admin sees whether the prompt fits before saving. */
export const valueHint = (
  type: TTemplatePromptType,
  value: string,
  prompts: readonly TPromptSummary[] | undefined,
): { text: string; fits: boolean } | null => {
  const id = parsePromptIdInput(value);
  if (id === undefined) return null;
  const wanted = PROMPT_PURPOSE_LABELS[TEMPLATE_PROMPT_PURPOSES[type]];
  if (!id) return { text: `Empty or 0: the current ${wanted} prompt`, fits: true };
  if (!prompts) return null;
  const prompt = prompts.find((candidate) => candidate.promptid === id);
  if (!prompt) return { text: `No prompt in service has id ${id}`, fits: false };
  if (prompt.purpose !== TEMPLATE_PROMPT_PURPOSES[type]) {
    return {
      text: `"${prompt.promptname}" is ${withArticle(PROMPT_PURPOSE_LABELS[prompt.purpose])} prompt; this step needs ${withArticle(wanted)} prompt`,
      fits: false,
    };
  }
  return { text: `"${prompt.promptname}"`, fits: true };
};
