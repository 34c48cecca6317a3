import { AI_BUDGET_ERROR_RESPONSES, AI_BUDGET_MESSAGES } from '@sales-assist/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { aiAllowanceReached } from '../plan-limits/ai-allowance';
import { checkAiBudget } from './ai-budget-check';
import { type AiConcurrency, createAiConcurrency } from './ai-concurrency';

/**
 * Which model a route may call: `text` the language model (content writer, chat), `picture` the language
 * model or the image model (social posts and their pictures). A route is model-backed only when such a
 * model is configured: the offline writers cost nothing and are never limited.
 */
export type AiBudgetKind = 'text' | 'picture';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route calls a model: it passes the account's model budget first (modules/ai-budget). */
    aiBudget?: AiBudgetKind;
  }
}

/** How long a refused request for running too many at once is told to wait (there is no clock to read). */
const BUSY_RETRY_SECONDS = 5;

const tooFast = (seconds: number): AppError =>
  new AppError(
    429,
    'ai_rate_limited',
    AI_BUDGET_MESSAGES.tooFast(seconds),
    {},
    { 'retry-after': String(seconds) },
  );

const tooManyAtOnce = (limit: number): AppError =>
  new AppError(
    429,
    'ai_too_many_at_once',
    AI_BUDGET_MESSAGES.tooManyAtOnce(limit),
    {},
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );

type GateDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'ai' | 'content' | 'imageModel'>;

export const isModelBacked = (deps: GateDeps, kind: AiBudgetKind): boolean => {
  const languageModel = deps.ai !== null || deps.content.kind === 'llm';
  return kind === 'text' ? languageModel : languageModel || deps.imageModel !== null;
};

/**
 * The one gate every model-backed call passes (routes marked `config: { aiBudget }`), after sign-in and
 * input checks, before the handler: at most AI_CONCURRENT_REQUESTS at once per account (this process),
 * the plan's monthly allowance (402 in the premium pop-up's words), and AI_REQUESTS_PER_MINUTE per account
 * (every process, in the database). Each account has its own counts, so one never slows another. The slot
 * is held until the response's connection closes, so a streamed answer holds it while it streams.
 */
export const addAiBudget = (app: FastifyInstance, deps: GateDeps): AiConcurrency => {
  const budget = deps.config.aiBudget;
  const concurrency = createAiConcurrency(budget.concurrentRequests);
  // The OpenAPI document lists the refusals on every model-backed call, from the same setting.
  app.addHook('onRoute', (route) => {
    if (!route.config?.aiBudget) return;
    route.schema = {
      ...route.schema,
      response: { ...AI_BUDGET_ERROR_RESPONSES, ...(route.schema?.response as object | undefined) },
    };
  });
  app.addHook('preHandler', async (request, reply) => {
    const kind = request.routeOptions.config?.aiBudget;
    if (!kind || !isModelBacked(deps, kind)) return;
    const userId = callerOf(request).user.id;
    const release = concurrency.take(userId);
    if (!release) throw tooManyAtOnce(budget.concurrentRequests);
    try {
      const checked = await checkAiBudget(deps.db, {
        userId,
        perMinute: budget.requestsPerMinute,
        now: deps.clock.now(),
      });
      if (checked.outcome === 'allowance') throw aiAllowanceReached(checked.allowance);
      if (checked.outcome === 'minute') throw tooFast(checked.retryAfterSeconds);
    } catch (error) {
      release();
      throw error;
    }
    // 'close' follows the end of every response (streamed or not) and a connection cut short.
    reply.raw.once('close', release);
    if (reply.raw.destroyed) release();
  });
  return concurrency;
};
