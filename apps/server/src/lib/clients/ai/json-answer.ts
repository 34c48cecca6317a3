import { AiUnusableAnswer } from './ai-errors';

const FENCED = /```(?:json)?\s*([\s\S]*?)\s*```/i;

/**
 * The JSON object in a model's answer. JSON mode should give a bare object, but some local models wrap it
 * in a Markdown code fence or say a word before it; both are read rather than thrown away.
 */
export const parseJsonAnswer = (text: string | null | undefined): unknown => {
  // Reasoning models served through Ollama or vLLM may think aloud first, braces and all.
  const trimmed = text?.replace(/<think>[\s\S]*?<\/think>/gi, '').trim() ?? '';
  if (!trimmed) throw new AiUnusableAnswer('answered no text');
  let candidate = FENCED.exec(trimmed)?.[1] ?? trimmed;
  if (!candidate.startsWith('{') && !candidate.startsWith('[')) {
    const start = candidate.indexOf('{');
    const end = candidate.lastIndexOf('}');
    if (start >= 0 && end > start) candidate = candidate.slice(start, end + 1);
  }
  try {
    return JSON.parse(candidate);
  } catch {
    throw new AiUnusableAnswer('answered malformed JSON');
  }
};
