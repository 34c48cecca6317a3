import {
  type TGenerateLinkedinPostsRequest,
  type TLinkedinPost,
  ZLinkedinStreamDelta,
  ZLinkedinStreamDone,
  ZLinkedinStreamError,
  ZLinkedinStreamStart,
} from '@sales-assist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { openStream } from '../../../app/api/open-stream';
import { readSse } from '../../../app/api/read-sse';
import { toast } from '../../../app/api/toast';
import { LINKEDIN_POSTS_KEY } from './linkedin-posts-keys';

export type TGeneration = {
  phase: 'idle' | 'streaming' | 'done' | 'failed';
  /** How many variants are being written, and each one's text so far. */
  variants: number;
  texts: string[];
  writer: 'llm' | 'offline' | null;
  posts: TLinkedinPost[];
  fallbackReason: string | null;
};

const IDLE: TGeneration = {
  phase: 'idle',
  variants: 0,
  texts: [],
  writer: null,
  posts: [],
  fallbackReason: null,
};

/**
 * Writes posts through the streaming call: the text of each variant grows as the server sends it,
 * then the saved posts replace it. Leaving the page (or Stop) closes the stream, which cancels the
 * writing on the server; nothing is saved then.
 */
export const useGeneratePosts = () => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TGeneration>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  const generate = useCallback(
    async (request: TGenerateLinkedinPostsRequest) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const variants = Number(request.variants ?? 1);
      setState({ ...IDLE, phase: 'streaming', variants, texts: Array.from({ length: variants }, () => '') });
      try {
        const body = await openStream('/linkedin-posts/generate', request, own.signal);
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
              setState((current) => ({
                ...current,
                phase: 'done',
                posts: done.posts,
                writer: done.posts[0]?.writer ?? current.writer,
                fallbackReason: done.fallback_reason,
              }));
              void queryClient.invalidateQueries({ queryKey: LINKEDIN_POSTS_KEY });
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
    },
    [queryClient],
  );

  return { state, generate, stop, reset: () => setState(IDLE) };
};
