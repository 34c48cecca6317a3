import type { Db } from '../../db/open-database';
import type { Config } from '../../env';
import { createAiClient } from '../clients/ai/ai-client';
import type { LocalModel } from '../clients/ai/local-model/types';
import { recordAiUsage } from '../clients/ai/record-ai-usage';
import type { AiClient } from '../clients/ai/types';
import { createContentWriter } from './content-writer/create-content-writer';
import type { ContentWriter } from './content-writer/types';
import { createMessageWriter } from './message-writer/create-message-writer';
import type { MessageWriter, WriterLog } from './message-writer/types';

/** The model and the writers of AppDeps, each read per use. */
export type ModelsInUse = {
  /** The AI client serving now: the endpoint's, the built-in model's while its file is there, or null. */
  ai: () => AiClient | null;
  writer: MessageWriter;
  content: ContentWriter;
};

/**
 * A writer that hands each call to the model-backed writer or the offline one, whichever serves at that
 * moment, and says which in `kind`. Every property is looked up at the call, so `kind` and the methods of
 * one object follow the built-in model's file as it comes and goes; the two writers are made once.
 */
const following = <W extends { kind: 'llm' | 'offline' }>(pick: () => W): W =>
  new Proxy({} as W, {
    get: (_target, key) => {
      const writer = pick();
      const value = writer[key as keyof W];
      return typeof value === 'function' ? value.bind(writer) : value;
    },
  });

/**
 * The AI client and writers the app uses, chosen by configuration and, for the built-in model, by its file:
 * an endpoint (LLM_BASE_URL) serves from start to end; otherwise the built-in model serves while its file
 * is present (a download finishing, or the admin's refresh, turns it on without a restart; the file
 * removed turns it off) and the offline writers the rest of the time. `overrides` are a test's parts.
 */
export const writersFollowingTheModel = (
  config: Pick<Config, 'llm'>,
  log: WriterLog,
  db: Db,
  overrides: { ai?: AiClient | null; writer?: MessageWriter; content?: ContentWriter },
  localModel: LocalModel | null,
): ModelsInUse => {
  const recordUsage = (entry: Parameters<typeof recordAiUsage>[1]) => recordAiUsage(db, entry);
  const fixed = overrides.ai !== undefined ? overrides.ai : config.llm ? createAiClient(config.llm) : null;
  // An endpoint or a test's client serves alone; so does "no model" when a test says null.
  if (fixed || overrides.ai === null || !localModel) {
    return {
      ai: () => fixed,
      writer: overrides.writer ?? createMessageWriter(config.llm, log, fixed),
      content: overrides.content ?? createContentWriter(config.llm, log, { ai: fixed, recordUsage }),
    };
  }
  const ai = (): AiClient | null => (localModel.present() ? localModel.client : null);
  const offlineWriter = createMessageWriter(null, log, null);
  const modelWriter = createMessageWriter(null, log, localModel.client);
  const offlineContent = createContentWriter(null, log, { ai: null });
  const modelContent = createContentWriter(null, log, { ai: localModel.client, recordUsage });
  return {
    ai,
    writer: overrides.writer ?? following(() => (ai() ? modelWriter : offlineWriter)),
    content: overrides.content ?? following(() => (ai() ? modelContent : offlineContent)),
  };
};
