import type { TPromptPurpose } from '@sales-assist/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { prompts } from '../../db/schema';
import type { ContentPrompt } from '../../lib/writers/content-writer/types';
import { seedDefaultPrompts } from './seed-default-prompts';

const findCurrent = async (db: DbOrTx, purpose: TPromptPurpose): Promise<ContentPrompt | undefined> => {
  const [row] = await db
    .select({ id: prompts.id, version: prompts.version, name: prompts.name, text: prompts.text })
    .from(prompts)
    .where(and(eq(prompts.purpose, purpose), isNull(prompts.retiredAt)))
    .orderBy(desc(prompts.id))
    .limit(1);
  return row;
};

/**
 * The prompt a generation of `purpose` uses: the newest (highest promptid) prompt of that purpose that
 * is not retired. So a prompt an admin creates takes over its purpose at once, an edit takes effect on
 * the next generation, and retiring the newest hands the purpose back to the one before. Retiring the
 * last prompt of a purpose is refused (retire-prompt.ts), so there is always one once the built-ins
 * are seeded; on a database that was never seeded (a tool that skipped the start-up) it seeds them.
 */
export const currentPrompt = async (db: DbOrTx, purpose: TPromptPurpose): Promise<ContentPrompt> => {
  const found = await findCurrent(db, purpose);
  if (found) return found;
  await seedDefaultPrompts(db);
  const seeded = await findCurrent(db, purpose);
  if (!seeded) throw new Error(`No prompt for ${purpose}, even after seeding the built-in prompts`);
  return seeded;
};
