import type { TEmailStatus } from '@sales-assist/contract';

/** Who to look for: a name and where they work (a domain when known, else the company's name). */
export type EmailLookup = {
  firstName: string;
  lastName: string;
  domain: string | null;
  company: string | null;
  signal?: AbortSignal;
};

/** A person's work e-mail as the provider found and verified it; `email` null when nobody was found. */
export type FoundEmail = {
  email: string | null;
  /** The provider's confidence that the address is the person's (0–100). */
  score: number | null;
  /** The verifier's status of the address; null when nobody was found. */
  status: TEmailStatus | null;
};

/** An e-mail finder: looks a person's work e-mail up, then verifies it. */
export type EmailFinder = {
  provider: 'hunter';
  find(lookup: EmailLookup): Promise<FoundEmail>;
};

export type EmailFinderFailure =
  | 'auth_failed'
  | 'rate_limited'
  | 'bad_request'
  | 'left_out'
  | 'unavailable'
  | 'timeout'
  | 'bad_answer';

/** A provider call failed; `message` is for the user and never holds the key. */
export class EmailFinderError extends Error {
  override readonly name = 'EmailFinderError';
  constructor(
    readonly kind: EmailFinderFailure,
    message: string,
    /** The provider's error id (`too_many_requests`, `authentication_failed`…), for logs. */
    readonly providerId: string | null = null,
  ) {
    super(message);
  }
}
