import {
  CALLS,
  type TGenerateLinkedinPostsRequest,
  type TLinkedinPost,
  type TLinkedinStreamDone,
  ZLinkedinStreamDelta,
  ZLinkedinStreamDone,
  ZLinkedinStreamError,
  ZLinkedinStreamStart,
} from '@sales-assist/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { pathOf } from '../../../app/api/call-api';
import { openStream } from '../../../app/api/open-stream';
import { readSse } from '../../../app/api/read-sse';
import { toast } from '../../../app/api/toast';

export type TGeneration = {
  phase: 'idle' | 'streaming' | 'done' | 'failed';
  /** How many variants are being written, and each one's text so far. */
  variants: number;
  texts: string[];
  writer: 'llm' | 'offline' | null;
  /** The written variants with the receipt to keep them; nothing of it is saved until kept. */
  result: TLinkedinStreamDone | null;
  /** The variants kept so far (by variant number): the post each became. */
  kept: Record<number, TLinkedinPost>;
};

const IDLE: TGeneration = {
  phase: 'idle',
  variants: 0,
  texts: [],
  writer: null,
  result: null,
  kept: {},
};

/**
 * Writes posts through the streaming call: the text of each variant grows as the server sends it,
 * then the finished variants replace it. They live in this state only: the ones the person keeps are
 * saved (markKept records them), the others go with the page or the next generation. Leaving the page
 * (or Stop) closes the stream, which cancels the writing on the server.
 */
export const useGeneratePosts = () => {
  const [state, setState] = useState<TGeneration>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  const generate = useCallback(async (request: TGenerateLinkedinPostsRequest) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    const variants = Number(request.variants ?? 1);
    setState({ ...IDLE, phase: 'streaming', variants, texts: Array.from({ length: variants }, () => '') });
    try {
      const body = await openStream(pathOf(CALLS.generateLinkedinPosts, undefined), request, own.signal);
      for await (const message of readSse(body)) {
        if (own.signal.aborted) return;
        switch (message.event) {
          case 'start': {
            const start = ZLinkedinStreamStart.parse(message.data);
            setState((current) => ({ ...current, writer: start.writer }));
            break;
          }
          case 'delta': {
            const { variant, text } = ZLinkedinStreamDelta.parse(message.data);
            setState((current) => {
              const texts = [...current.texts];
              texts[variant] = (texts[variant] ?? '') + text;
              return { ...current, texts };
            });
            break;
          }
          case 'restart':
            setState((current) => ({ ...current, texts: current.texts.map(() => ''), writer: 'offline' }));
            break;
          case 'done': {
            const done = ZLinkedinStreamDone.parse(message.data);
            setState((current) => ({ ...current, phase: 'done', result: done, writer: done.writer }));
            return;
          }
          case 'error': {
            const { message: text } = ZLinkedinStreamError.parse(message.data);
            toast('error', text);
            setState((current) => ({ ...current, phase: 'failed' }));
            return;
          }
        }
      }
      if (!own.signal.aborted) setState((current) => ({ ...current, phase: 'failed' }));
    } catch (error) {
      if (own.signal.aborted) return;
      toast(
        'error',
        isApiError(error) ? error.message : 'The connection was lost while the posts were written.',
      );
      setState((current) => ({ ...current, phase: 'failed' }));
    }
  }, []);

  const markKept = useCallback(
    (variant: number, post: TLinkedinPost) =>
      setState((current) => ({ ...current, kept: { ...current.kept, [variant]: post } })),
    [],
  );

  return { state, generate, stop, markKept };
};
