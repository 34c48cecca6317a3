import { fileTypeFromBuffer } from 'file-type';
import type OpenAI from 'openai';
import type { Config } from '../../../env';
import { loadSharp } from '../../core/images/load-sharp';
import { AiCallError, AiUnusableAnswer, classifySdkError } from './ai-errors';
import { createOpenAiClient } from './openai-client';

export type ImageModelConfig = NonNullable<Config['images']>;

/** A picture the model made, checked: its own type found from its bytes, and its size. */
export type GeneratedImage = {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
};

/** An image model at an OpenAI-compatible endpoint (POST /images/generations). */
export type ImageModel = {
  model: string;
  generate: (request: { prompt: string; signal?: AbortSignal }) => Promise<GeneratedImage>;
};

/** Far above any real answer (a 1024² PNG is a few MB): more is not a picture we keep. */
const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
const MAX_IMAGE_PIXELS = 40_000_000;
const PROMPT_MAX = 4_000;
const MIMES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Checks what the endpoint answered as a picture: base64 that decodes to a PNG, JPEG or WebP (by its
 * bytes, not by what the answer says), within the byte and pixel limits, that sharp can read.
 */
export const checkGeneratedImage = async (base64: string): Promise<GeneratedImage> => {
  if (base64.length > (MAX_IMAGE_BYTES * 4) / 3 + 4)
    throw new AiUnusableAnswer('answered a picture too large');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new AiUnusableAnswer('answered no picture');
  const type = await fileTypeFromBuffer(bytes);
  const mime = type && type.ext in MIMES ? MIMES[type.ext as keyof typeof MIMES] : null;
  if (!mime) throw new AiUnusableAnswer('answered something that is not a picture');
  let width = 0;
  let height = 0;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new AiUnusableAnswer('answered an unreadable picture');
  }
  if (width < 1 || height < 1) throw new AiUnusableAnswer('answered an unreadable picture');
  if (width * height > MAX_IMAGE_PIXELS) throw new AiUnusableAnswer('answered a picture too large');
  return { bytes, mime, width, height };
};

/**
 * The image model of IMAGE_MODEL (env.ts): one request, no retry (a picture is slow and costly; the
 * caller falls back to the theme's infographic), its own time limit, failures as AiCallError reasons
 * that are safe to log. Models of the gpt-image family always answer base64 and refuse the
 * response_format parameter; others (DALL·E, compatible servers) are asked for b64_json.
 */
export const createImageModel = (config: ImageModelConfig): ImageModel => {
  const openai = createOpenAiClient(
    { baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs },
    config.timeoutMs,
  );
  return {
    model: config.model,
    generate: async ({ prompt, signal }) => {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let answer: Awaited<ReturnType<OpenAI['images']['generate']>>;
      try {
        answer = await (await openai()).images.generate(
          {
            model: config.model,
            prompt: prompt.slice(0, PROMPT_MAX),
            n: 1,
            size: config.size as '1024x1024',
            ...(config.model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' as const }),
          },
          { signal: combined },
        );
      } catch (error) {
        if (timeout.aborted && !signal?.aborted) throw new AiCallError('timed out', false);
        throw classifySdkError(error);
      }
      const base64 = answer.data?.[0]?.b64_json;
      if (!base64) throw new AiUnusableAnswer('answered no picture');
      return checkGeneratedImage(base64);
    },
  };
};
