import { AppError } from '../../../http/errors';

/**
 * A refusal the screens would show (plan limit 402 with the premium pop-up's words, a website needed, a
 * writer that failed) as a tool result the model can pass on; anything else is a real failure and throws.
 * A plan limit carries the pop-up's figures (which limit, used of allowed, the day it resets) so the
 * answer can say them too.
 */
export const refusalOf = (error: unknown): { result: unknown; summary: string } | null => {
  if (!(error instanceof AppError) || (error.status >= 500 && error.status !== 502)) return null;
  if (error.status === 402) {
    return {
      result: {
        refused: true,
        error: error.code,
        title: error.extra.title ?? null,
        message: error.message,
        ...limitFigures(error.extra),
      },
      summary: `Plan limit reached: ${error.message}`,
    };
  }
  return {
    result: { refused: true, error: error.code, message: error.message },
    summary: `Not written: ${error.message}`,
  };
};

const limitFigures = (extra: Record<string, unknown>): Record<string, unknown> => {
  const figures: Record<string, unknown> = {};
  for (const key of ['metric', 'limit', 'used', 'resets_on'] as const) {
    if (extra[key] !== undefined) figures[key] = extra[key];
  }
  return figures;
};
