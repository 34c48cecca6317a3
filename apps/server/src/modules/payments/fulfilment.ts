import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';

/** What a handler may use: the transaction its event is recorded in, and the app's parts. */
export type FulfilDeps = Pick<AppDeps, 'clock' | 'config' | 'mailer' | 'payments'>;

/** Work done only once the event's transaction has committed (e-mails: never for a rolled-back event). */
export type AfterCommit = () => Promise<void>;

/**
 * One event type's fulfilment. `prepare` reads from Stripe outside the transaction (no lock is held over
 * the network); `apply` writes every effect in the event's transaction and answers what to do after it.
 */
export type EventHandler<P = unknown> = {
  prepare?: (deps: FulfilDeps, event: Stripe.Event) => Promise<P>;
  apply: (tx: DbOrTx, deps: FulfilDeps, event: Stripe.Event, prepared: P) => Promise<AfterCommit[]>;
};

export const eventTimeOf = (event: Stripe.Event): Date => new Date(event.created * 1000);
