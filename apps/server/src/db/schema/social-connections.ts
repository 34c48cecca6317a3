import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What each platform needs besides the token to publish later: WordPress's base URL, username and how its
 * REST API is addressed; the Facebook page an Instagram account is linked to; the token's scopes.
 */
export type SocialConnectionMeta = {
  baseUrl?: string;
  username?: string;
  restStyle?: 'pretty' | 'plain';
  pageId?: string;
  scopes?: string[];
  /** The token end (ISO) the user was already warned of, so the hourly sweep warns once per token. */
  tokenWarnedFor?: string;
};

/**
 * An account a user connected for publishing (Integrations page). The token (OAuth access token, page token
 * or WordPress application password) is sealed with the vault key and never leaves the server; `status`
 * turns to `reconnect` when the platform rejects the stored token, so the tile asks the user to connect again.
 */
export const socialConnections = pgTable(
  'social_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['linkedin', 'facebook', 'instagram', 'wordpress'] }).notNull(),
    /** LinkedIn member sub, Facebook page id, Instagram user id, or WordPress site URL + username. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    pictureUrl: text('picture_url'),
    sealedToken: text('sealed_token').notNull(),
    meta: jsonb('meta').$type<SocialConnectionMeta>().notNull().default({}),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    status: text('status', { enum: ['connected', 'reconnect'] })
      .notNull()
      .default('connected'),
    statusReason: text('status_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_connections_user_platform_external_key').on(
      table.userId,
      table.platform,
      table.externalId,
    ),
    index('social_connections_user_idx').on(table.userId),
  ],
);

export type SocialConnectionRow = typeof socialConnections.$inferSelect;
export type SocialPlatform = SocialConnectionRow['platform'];
