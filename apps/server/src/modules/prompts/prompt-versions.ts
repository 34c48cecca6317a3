import type { TPromptVersionsResponse } from '@sales-assist/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { promptVersions, users } from '../../db/schema';
import { adminPrompt } from './prompt-view';

/** A prompt's history, newest first: its current text, then every earlier one, each with who and when. */
export const listPromptVersions = async (db: DbOrTx, id: number): Promise<TPromptVersionsResponse> => {
  const current = await adminPrompt(db, id);
  const earlier = await db
    .select({ version: promptVersions, editedBy: users.email })
    .from(promptVersions)
    .leftJoin(users, eq(users.id, promptVersions.editedBy))
    .where(eq(promptVersions.promptId, id))
    .orderBy(desc(promptVersions.version));
  return {
    versions: [
      {
        version: current.version,
        name: current.name,
        text: current.text,
        variables: current.variables,
        edited_by: current.updated_by,
        edited_at: current.updated_at,
        current: true,
      },
      ...earlier.map(({ version, editedBy }) => ({
        version: version.version,
        name: version.name,
        text: version.text,
        variables: version.variables,
        edited_by: editedBy,
        edited_at: version.editedAt.toISOString(),
        current: false,
      })),
    ],
  };
};
