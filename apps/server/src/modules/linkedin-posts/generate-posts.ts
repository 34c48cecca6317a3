import {
  LINKEDIN_POST_MESSAGES,
  type TLinkedinPostSource,
  type TLinkedinVariant,
} from '@sales-assist/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { SseStream } from '../../http/sse-stream';
import { draftProblems } from '../../lib/writers/content-writer/guards/linkedin-structure';
import type {
  ContentContext,
  ContentWriter,
  LinkedinPostDraft,
  Written,
} from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { composePost } from './compose-post';
import { newGenerationId, signReceipt } from './generation-receipt';
import { resolveSource } from './resolve-source';
import { createVariantDeltas } from './variant-deltas';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'> & { content: ContentWriter };
type Request = { source: TLinkedinPostSource; variants: number; input_ids: number[] };

export type PreparedGeneration = {
  /** Streams the writing to `stream`, then the variants; resolves once the stream has ended. */
  run: (stream: SseStream) => Promise<void>;
};

const usable = (draft: LinkedinPostDraft): boolean => `${draft.hook}${draft.body}`.trim().length > 0;

/**
 * LinkedIn posts from a topic, a blog post (repurpose) or a text input. Everything that can be refused
 * (an unknown or foreign source or input: 404; a blog post not written yet: 409) is read first, while
 * the answer can still be JSON; only then does the stream open. Nothing is saved: `done` carries the
 * written variants and a signed receipt, and the person keeps the ones they want (keep-post.ts); one
 * click used to leave up to three drafts behind, most of them never looked at again. The model's
 * requests are counted by the AI layer (ai_usage) as they are made, so the generation is what the
 * budget charges, kept or not.
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
      const variantsWritten: TLinkedinVariant[] = drafts.map((draft, index) => {
        const post = composePost(draft);
        return {
          variant: index,
          text: post.text,
          hook: post.hook,
          hashtags: post.hashtags,
          characters: post.text.length,
          // The offline writer's drafts are labelled drafts already; a model's are checked (guards/).
          review: written.writer === 'llm' ? draftProblems(draft) : [],
        };
      });
      const generation = signReceipt(deps.config.jwtSecret, {
        user: userId,
        id: newGenerationId(),
        at: deps.clock.now().getTime(),
        variants: drafts.length,
        source: source.saved,
        inputIds: [
          ...new Set([
            ...(source.saved.type === 'input' && source.saved.id ? [source.saved.id] : []),
            ...inputIds,
          ]),
        ],
        writer: written.writer,
        model: written.model,
        prompt: { id: context.prompt.id, version: context.prompt.version },
        tokens: { prompt: written.usage.promptTokens, completion: written.usage.completionTokens },
      });
      stream.send('done', {
        variants: variantsWritten,
        writer: written.writer,
        model: written.writer === 'llm' ? written.model : null,
        source: source.saved,
        generation,
        fallback_reason: written.fallbackReason ?? null,
      });
      stream.end();
    },
  };
};
