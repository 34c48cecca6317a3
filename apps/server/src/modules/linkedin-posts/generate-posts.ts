import { LINKEDIN_POST_MESSAGES, type TLinkedinPost, type TLinkedinPostSource } from '@sales-assist/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { SseStream } from '../../http/sse-stream';
import type {
  ContentContext,
  ContentWriter,
  LinkedinPostDraft,
  Written,
} from '../../lib/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { resolveSource } from './resolve-source';
import { savePosts } from './save-posts';
import { createVariantDeltas } from './variant-deltas';

type Deps = Pick<AppDeps, 'db' | 'clock'> & { content: ContentWriter };
type Request = { source: TLinkedinPostSource; variants: number; input_ids: number[] };

export type PreparedGeneration = {
  /** Streams the writing to `stream` and saves the posts; resolves once the stream has ended. */
  run: (stream: SseStream) => Promise<void>;
};

const usable = (draft: LinkedinPostDraft): boolean => `${draft.hook}${draft.body}`.trim().length > 0;

/**
 * LinkedIn posts from a topic, a blog post (repurpose) or a text input. Everything that can be refused
 * (an unknown or foreign source or input: 404; a blog post not written yet: 409) is read first, while
 * the answer can still be JSON; only then does the stream open. Nothing is saved unless the writer
 * finished and the browser is still there: an aborted or failed generation leaves no post.
 */
export const prepareGeneration = async (
  deps: Deps,
  userId: string,
  request: Request,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<PreparedGeneration> => {
  const source = await resolveSource(deps.db, userId, request.source);
  const inputIds = [...new Set(request.input_ids)];
  const loadContext = () => loadGenerationContext(deps, { userId, purpose: 'linkedin_post', inputIds });
  // Chosen inputs can be refused (another user's: 404), so they are read while the answer can be JSON.
  // Without any, nothing left can be refused: the stream opens first and the brand profile and prompt
  // are read after `start`, so the screen hears back before any of that work.
  const early = inputIds.length > 0 ? await loadContext() : null;
  const variants = request.variants;

  return {
    run: async (stream) => {
      stream.send('start', {
        variants,
        writer: deps.content.kind,
        model: null,
      });
      const emit = (variant: number, text: string) => stream.send('delta', { variant, text });
      let deltas = createVariantDeltas(variants, emit);
      let written: Written<LinkedinPostDraft[]>;
      let context: ContentContext;
      try {
        context = early ?? (await loadContext());
        written = await deps.content.writeLinkedinPosts(
          {
            ...context,
            signal: stream.signal,
            onDelta: (delta) => deltas.push(delta),
            // The model failed mid-answer and the offline writer starts over: the screen clears its text.
            onRestart: () => {
              deltas = createVariantDeltas(variants, emit);
              stream.send('restart', {});
            },
          },
          { ...source.request, variants },
        );
        deltas.flush();
      } catch (error) {
        if (!stream.signal.aborted) {
          log.error({ err: error }, 'LinkedIn posts could not be written');
          stream.send('error', {
            error: 'generation_failed',
            message: LINKEDIN_POST_MESSAGES.generationFailed,
          });
        }
        stream.end();
        return;
      }
      if (stream.signal.aborted) return;
      const drafts = written.result.filter(usable).slice(0, variants);
      if (drafts.length === 0) {
        stream.send('error', {
          error: 'generation_failed',
          message: LINKEDIN_POST_MESSAGES.generationFailed,
        });
        stream.end();
        return;
      }
      let posts: TLinkedinPost[];
      try {
        posts = await savePosts(deps, { userId, drafts, written, prompt: context.prompt, source, inputIds });
      } catch (error) {
        log.error({ err: error }, 'LinkedIn posts could not be saved');
        stream.send('error', {
          error: 'generation_failed',
          message: LINKEDIN_POST_MESSAGES.generationFailed,
        });
        stream.end();
        return;
      }
      stream.send('done', { posts, fallback_reason: written.fallbackReason ?? null });
      stream.end();
    },
  };
};
