/** The stand-in's account and what it knows of keywords: the same answers every time, so a test can expect them. */

export type StandInCredentials = {
  developerToken: string;
  customerId: string;
  loginCustomerId: string | null;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
};

export const STAND_IN_GOOGLE_ADS: StandInCredentials = {
  developerToken: 'dev-token-STANDIN-0001',
  customerId: '1234567890',
  loginCustomerId: '9876543210',
  clientId: 'stand-in-client.apps.googleusercontent.com',
  clientSecret: 'stand-in-client-secret-XYZ',
  refreshToken: '1//stand-in-refresh-token-ABC',
};

const hash = (text: string): number => {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
};

/** The stand-in's metrics of a keyword (the same every time). */
export const standInMetrics = (keyword: string) => {
  const h = hash(keyword);
  const levels = ['LOW', 'MEDIUM', 'HIGH'] as const;
  const low = 200_000 + (h % 900) * 10_000;
  return {
    avgMonthlySearches: String(10 * (1 + (h % 5000))),
    competition: levels[h % 3] as string,
    competitionIndex: String(h % 101),
    lowTopOfPageBidMicros: String(low),
    highTopOfPageBidMicros: String(low * 3),
  };
};

/** The ideas the stand-in has for a seed: the seed itself and four related searches. */
export const standInIdeasFor = (seed: string): string[] => [
  seed,
  `${seed} near me`,
  `best ${seed}`,
  `${seed} online`,
  `how much does ${seed} cost`,
];
