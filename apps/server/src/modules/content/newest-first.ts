import { desc } from 'drizzle-orm';
import { contentItems } from '../../db/schema';

/**
 * Content items newest first, as the (user_id, [kind,] created_at DESC, id DESC) indexes give it: a plain
 * DESC (nulls first), so the planner reads a page off the index instead of sorting every item of the user.
 * Shared by History and each kind's own list.
 */
export const NEWEST_FIRST = [desc(contentItems.createdAt), desc(contentItems.id)] as const;
