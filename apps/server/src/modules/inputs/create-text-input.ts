import { INPUT_MESSAGES, type TInputSavedResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { inputs } from '../../db/schema';
import { AppError } from '../../http/errors';
import { inputDetailView } from './input-view';
import { normaliseText } from './text-normalise';

/** A pasted text: kept as it is written (normalised line ends), with no file behind it. */
export const createTextInput = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  request: { name: string; text: string },
): Promise<TInputSavedResponse> => {
  const text = normaliseText(request.text);
  if (!text) throw new AppError(400, 'validation_error', INPUT_MESSAGES.textRequired);
  const [row] = await deps.db
    .insert(inputs)
    .values({
      userId,
      kind: 'text',
      name: request.name,
      mime: 'text/plain',
      sizeBytes: Buffer.byteLength(text),
      text,
      createdAt: deps.clock.now(),
    })
    .returning();
  if (!row) throw new Error('the insert returned no row');
  return { message: INPUT_MESSAGES.textSaved, input: inputDetailView(row) };
};
