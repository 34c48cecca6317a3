/**
 * Built-in model bench (`npm run bench -- local-model`): the time to the first streamed piece and the
 * tokens per second of the tiny random model the tests write (test/support/tiny-gguf.ts), through the
 * provider (queue, limits, chat template, usage counting) and through node-llama-cpp called directly on
 * the same file in the same run, alternating, so the difference is the provider's own overhead. The tiny
 * model says nothing about a real model's speed (README, "The built-in model", gives those figures): it
 * makes llama.cpp's own work small, so the plumbing's cost shows.
 */
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getLlama, LlamaChat, LlamaLogLevel } from 'node-llama-cpp';
import { createLocalModel } from '../src/lib/clients/ai/local-model/create-local-model';
import { BUILT_IN_MODEL } from '../src/lib/clients/ai/local-model/model-catalog';
import { writeTinyGguf } from '../test/support/tiny-gguf';

const ROUNDS = 7;
const MAX_TOKENS = 256;
const THREADS = 1;
const CONTEXT = 2048;
const SYSTEM = 'You write short LinkedIn posts for a sales team.';
const USER = 'Write a post about following up with leads after a trade show.';

type Run = { firstMs: number; tokensPerSecond: number; tokens: number };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const spread = (values: number[], digits: number): string =>
  `median ${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const load = (): string => `load ${loadavg()[0]?.toFixed(1)}`;

export const runLocalModelBench = async (): Promise<void> => {
  const file = await writeTinyGguf();
  console.log(`\nBuilt-in model (tiny random llama, ${THREADS} thread, ${MAX_TOKENS} tokens, ${load()})`);

  // node-llama-cpp alone: one model, one context, a fresh LlamaChat per answer on its one sequence.
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath: file });
  const context = await model.createContext({ contextSize: CONTEXT, threads: THREADS, sequences: 1 });
  const sequence = context.getSequence();
  const direct = async (): Promise<Run> => {
    const chat = new LlamaChat({ contextSequence: sequence, autoDisposeSequence: false });
    const started = performance.now();
    let first = 0;
    let tokens = 0;
    await chat.generateResponse(
      [
        { type: 'system', text: SYSTEM },
        { type: 'user', text: USER },
        { type: 'model', response: [] },
      ],
      {
        maxTokens: MAX_TOKENS,
        // The first text piece, as the provider's caller sees it (below), not the first token.
        onTextChunk: (text) => {
          if (!first && text) first = performance.now();
        },
        onToken: (piece) => {
          tokens += piece.length;
        },
      },
    );
    const ended = performance.now();
    chat.dispose({ disposeSequence: false });
    return { firstMs: first - started, tokensPerSecond: (tokens - 1) / ((ended - first) / 1000), tokens };
  };

  // The provider: the same file, the same threads and context, through the AiClient every writer uses.
  const provider = createLocalModel(
    {
      path: file,
      source: { ...BUILT_IN_MODEL, sizeBytes: null },
      threads: THREADS,
      contextSize: CONTEXT,
      idleUnloadMs: 600_000,
    },
    { info: () => undefined, warn: () => undefined },
    { maxTokens: MAX_TOKENS },
  );
  const throughProvider = async (): Promise<Run> => {
    const started = performance.now();
    let first = 0;
    const answer = await provider.client.streamText({
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: USER },
      ],
      // Text pieces: the random model's bytes are not always whole characters, so the first piece may
      // come some tokens after the first token; the direct runs measure the same event.
      onDelta: () => {
        if (!first) first = performance.now();
      },
    });
    const ended = performance.now();
    const tokens = answer.usage.completionTokens;
    return { firstMs: first - started, tokensPerSecond: (tokens - 1) / ((ended - first) / 1000), tokens };
  };

  // One warm-up each (the provider's includes loading the model), then alternating rounds.
  await direct();
  const loadStarted = performance.now();
  await throughProvider();
  console.log(`provider's first call, loading included: ${(performance.now() - loadStarted).toFixed(0)} ms`);
  const runs = { direct: [] as Run[], provider: [] as Run[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.direct.push(await direct());
    runs.provider.push(await throughProvider());
  }
  for (const [name, list] of Object.entries(runs)) {
    console.log(
      `${name.padEnd(9)} first token ms ${spread(
        list.map((run) => run.firstMs),
        1,
      )}   tokens/s ${spread(
        list.map((run) => run.tokensPerSecond),
        0,
      )}   (${median(list.map((run) => run.tokens))} tokens)`,
    );
  }
  const overheadMs =
    median(runs.provider.map((run) => run.firstMs)) - median(runs.direct.map((run) => run.firstMs));
  console.log(`provider's overhead on the first token: ${overheadMs.toFixed(1)} ms (${load()})`);

  await provider.unload();
  await context.dispose();
  await model.dispose();
  await rm(path.dirname(file), { recursive: true, force: true });
};
