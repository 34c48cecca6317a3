import {
  checkPromptText,
  PROMPT_NAME_MAX,
  PROMPT_TEXT_MAX,
  type TPromptPurpose,
} from '@sales-assist/contract';

export type TPromptDraft = { name: string; purpose: TPromptPurpose; text: string };
export type TPromptProblems = { name?: string; text?: string };

/**
 * What the server would refuse in a draft, with its words (the same limits and the same variable
 * check from the contract), so the editor says it while the admin types and Save stays off.
 */
export const promptFormProblems = ({ name, purpose, text }: TPromptDraft): TPromptProblems => {
  const problems: TPromptProblems = {};
  const trimmedName = name.trim();
  if (!trimmedName) problems.name = 'Give the prompt a name';
  else if (trimmedName.length > PROMPT_NAME_MAX) {
    problems.name = `The prompt name can have at most ${PROMPT_NAME_MAX} characters`;
  }
  const trimmedText = text.trim();
  if (!trimmedText) problems.text = 'The prompt text is empty';
  else if (trimmedText.length > PROMPT_TEXT_MAX) {
    problems.text = `The prompt text can have at most ${PROMPT_TEXT_MAX.toLocaleString('en')} characters`;
  } else {
    const check = checkPromptText(text, purpose);
    if (!check.ok) problems.text = check.message;
  }
  return problems;
};
