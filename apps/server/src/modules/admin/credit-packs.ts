import { randomUUID } from 'node:crypto';
import {
  ADMIN_BILLING_MESSAGES,
  type TAdminCreditPack,
  type TAdminCreditPacksResponse,
} from '@sales-assist/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { creditPacks } from '../../db/schema';
import { notFound } from '../../http/errors';

type CreditPackRow = typeof creditPacks.$inferSelect;
type CreditPackInput = { name: string; credits: number; price_cents: number; active: boolean };

const toAdminPack = (pack: CreditPackRow): TAdminCreditPack => ({
  id: pack.id,
  name: pack.name,
  credits: pack.credits,
  price_cents: pack.priceCents,
  currency: pack.currency,
  active: pack.active,
  updated_at: pack.updatedAt.toISOString(),
});

/** Every pack, inactive ones too, in the Pricing screen's order. */
export const listCreditPacks = async (deps: Pick<AppDeps, 'db'>): Promise<TAdminCreditPacksResponse> => {
  const rows = await deps.db
    .select()
    .from(creditPacks)
    .orderBy(asc(creditPacks.sortOrder), asc(creditPacks.id));
  return { packs: rows.map(toAdminPack) };
};

/** A new pack goes last on the Pricing screen. */
export const createCreditPack = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: CreditPackInput,
): Promise<TAdminCreditPack> => {
  const [created] = await deps.db
    .insert(creditPacks)
    .values({
      id: `pack-${randomUUID()}`,
      name: input.name,
      credits: input.credits,
      priceCents: input.price_cents,
      active: input.active,
      sortOrder: sql`(select coalesce(max(${creditPacks.sortOrder}), -1) + 1 from ${creditPacks})`,
      updatedAt: deps.clock.now(),
    })
    .returning();
  if (!created) throw new Error('createCreditPack: insert returned nothing');
  return toAdminPack(created);
};

/**
 * Replaces a pack's fields. Checkout sessions froze their credits and amount when opened, so an open
 * checkout still adds what it showed; the next checkout sells the new pack. Packs are never deleted
 * (checkout sessions point at them): an inactive pack is no longer sold.
 */
export const updateCreditPack = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: string,
  input: CreditPackInput,
): Promise<TAdminCreditPack> => {
  const [updated] = await deps.db
    .update(creditPacks)
    .set({
      name: input.name,
      credits: input.credits,
      priceCents: input.price_cents,
      active: input.active,
      updatedAt: deps.clock.now(),
    })
    .where(eq(creditPacks.id, id))
    .returning();
  if (!updated) throw notFound(ADMIN_BILLING_MESSAGES.packNotFound);
  return toAdminPack(updated);
};
