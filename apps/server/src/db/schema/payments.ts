import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** The §9 limits a plan gives for each period (the spec's limit names). */
export type PlanLimits = {
  blogs_limit: number;
  blogs_topic_limit: number;
  google_ads_limit: number;
  social_media_posts_limit: number;
};

/**
 * Plans as data (Pricing screen, admin editor): one row per tier. A plan whose prices are 0 is free: it is
 * what every account has without a paid subscription, and it is never checked out. Prices are in the
 * currency's smallest unit; Checkout is given them inline (price_data), so an admin's edit needs no
 * matching Price object at Stripe and applies to the next purchase, never to running subscriptions.
 */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    tier: text('tier', { enum: ['Basic', 'Premium'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    limits: jsonb('limits').$type<PlanLimits>().notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    annualPriceCents: integer('annual_price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** Credits added to the ledger for each paid month (an annual payment gives twelve months' worth). */
    monthlyCredits: integer('monthly_credits').notNull().default(0),
    /** Model-backed requests (ai_usage rows) allowed per period; null: no allowance, unlimited. */
    aiRequestsPerMonth: integer('ai_requests_per_month'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('plans_tier_key').on(table.tier)],
);

/** Credit top-ups sold on the Pricing screen (one-off payments). */
export const creditPacks = pgTable('credit_packs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  credits: integer('credits').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The Stripe customer of an account, made at its first checkout and reused (portal, later purchases). */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A Checkout Session the app opened: who opened it and what it sells (the success screen shows it). It is
 * fulfilled only by Stripe's signed webhook; `fulfilled_at` marks that it was.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's id (cs_…), also the id in /checkout/{id} and ?session_id=. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'credits'] }).notNull(),
    planId: text('plan_id').references(() => plans.id),
    interval: text('interval', { enum: ['month', 'year'] }),
    creditPackId: text('credit_pack_id').references(() => creditPacks.id),
    /** Credits this purchase adds when paid (a pack's credits, or the plan's credits for the period). */
    credits: integer('credits').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** What the user sees as bought, frozen at checkout ("Premium, monthly", "1,000 credits"). */
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * A Stripe subscription as Stripe last showed it. Each webhook names the subscription and the app reads
 * its current state from Stripe; `stripe_updated_at` is when that state was read, so a write from an
 * earlier read never overwrites a later one, whatever order the events came in.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeUpdatedAt: timestamp('stripe_updated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.currentPeriodEnd.desc())],
);

/**
 * Every Stripe event handled, written in the same transaction as its effects: a replayed or duplicated
 * event finds its id here and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own `created` (Stripe's clock), for ordering. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
