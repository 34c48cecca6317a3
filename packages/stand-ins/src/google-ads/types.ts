export type Recorded = {
  path: string;
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
  at: number;
};

/** What the next calls of the ideas method answer instead of ideas, in order. */
export type IdeasFailure =
  | 'rate_limited'
  | 'server_error'
  | 'unauthenticated'
  | 'permission_denied'
  | 'bad_request';

export type GoogleAdsStandIn = {
  url: string;
  /** Every ideas call, in order. */
  ideasCalls: Recorded[];
  /** Every token call, in order (form fields in `body`). */
  tokenCalls: Recorded[];
  /** The next ideas calls fail this way, one each. */
  failNext: (...failures: IdeasFailure[]) => void;
  /** The token endpoint refuses the refresh token from now on (or accepts it again). */
  refuseRefreshToken: (refuse: boolean) => void;
  /** The access token issued last stops being accepted (as if it had expired early). */
  expireAccessToken: () => void;
  /** How long issued access tokens live, in seconds. */
  setTokenLifetime: (seconds: number) => void;
  /** Pages hold at most this many ideas whatever pageSize asks (null: pageSize rules). */
  setMaxPageSize: (size: number | null) => void;
  close: () => Promise<void>;
};
