import { describe, expect, it } from 'vitest';
import { createAiClient } from '../../clients/ai/ai-client';
import { createContentWriter } from './create-content-writer';

const log = { info: () => undefined, warn: () => undefined };
const llm = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 1000 };

describe('createContentWriter', () => {
  it('is the offline writer without an endpoint, the LLM writer with one', () => {
    expect(createContentWriter(null, log).kind).toBe('offline');
    expect(createContentWriter(llm, log).kind).toBe('llm');
    // The app's one client, when it is given.
    expect(createContentWriter(null, log, { ai: createAiClient(llm) }).kind).toBe('llm');
  });

  it('falls back offline when the endpoint cannot be reached, saying why', async () => {
    const writer = createContentWriter(llm, log);
    const written = await writer.suggestTopics(
      {
        userId: 'u',
        brand: {
          company: 'Brightwave',
          websiteUrl: null,
          websiteSummary: '',
          offer: 'Clinic scheduling',
          audience: 'Clinic managers',
          tone: 'Friendly',
          keyPhrases: [],
        },
        inputs: [],
        prompt: { id: 1, version: 1, name: 'Topics', text: 'Topics for {company}.' },
      },
      { seedKeywords: ['no-shows'], count: 2 },
    );
    expect(written.writer).toBe('offline');
    expect(written.fallbackReason).toBe('could not be reached');
    expect(written.result.length).toBeGreaterThan(0);
  });
});
