/** One call the stand-in received, without the key (tests check what was asked). */
export type HunterCall = { path: string; params: Record<string, string>; keyGiven: boolean; at: number };

/**
 * A refusal the next calls answer with, in Hunter's error shape; or the verifier's 202 (still verifying)
 * and 222 (the mail server gave no usable answer), which carry no verdict.
 */
export type HunterFailure = {
  status: 202 | 222 | 400 | 401 | 403 | 422 | 429 | 451 | 500 | 503;
  id: string;
  details: string;
  /** Only calls of this endpoint take the failure (any call when not given). */
  only?: 'email-finder' | 'email-verifier';
  /** Only calls about this person ("first last", any letter case) take the failure. */
  person?: string;
};

export type HunterStandIn = {
  url: string;
  /** The API key it takes (in `api_key` or the X-API-KEY header); any other is 401. */
  apiKey: string;
  calls: HunterCall[];
  /** Failures answered by the next calls, first in first out. */
  failNext(...failures: HunterFailure[]): void;
  /** People ("first last", any letter case) it does not know: the finder answers `email: null`. */
  unknownPeople: Set<string>;
  /** People it knows ("first last"); wins over the default rule. */
  knownPeople: Set<string>;
  /** Domains whose mail server accepts every address (accept_all). */
  acceptAllDomains: Set<string>;
  /** People who asked Hunter to stop processing their data: 451 from both calls. */
  claimedPeople: Set<string>;
  close(): Promise<void>;
};
