import { z } from 'zod';

/**
 * The Google Ads API keyword ideas service's settings (README "Keyword metrics"). All five credentials
 * together turn it on; none leaves it off (ideas then carry no metrics); some but not all is a
 * configuration error naming the missing ones. The base URLs are overridable so tests (and a local
 * stand-in) take Google's place.
 */
export type GoogleAdsConfig = {
  apiBaseUrl: string;
  oauthTokenUrl: string;
  /** "v21": the path segment of the API version. */
  apiVersion: string;
  developerToken: string;
  /** Digits only (the dashes of 123-456-7890 taken out). */
  customerId: string;
  /** The manager account the access goes through, when there is one. */
  loginCustomerId: string | null;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** e.g. languageConstants/1000 (English). */
  language: string;
  /** e.g. geoTargetConstants/2840 (United States); at most 10. */
  geoTargets: string[];
  /** Google's planning services allow 1 request per second: calls are spaced at least this far apart. */
  minIntervalMs: number;
  timeoutMs: number;
};

const digits = (value: string): string => value.replace(/[\s-]/g, '');

const ZGoogleAdsEnv = z.object({
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().min(1).optional(),
  GOOGLE_ADS_CUSTOMER_ID: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{10}$/, 'must be a 10-digit customer id (dashes allowed)'))
    .optional(),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{10}$/, 'must be a 10-digit customer id (dashes allowed)'))
    .optional(),
  GOOGLE_ADS_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ADS_REFRESH_TOKEN: z.string().min(1).optional(),
  GOOGLE_ADS_API_VERSION: z
    .string()
    .regex(/^v?\d{1,3}$/, 'must look like v21')
    .transform((version) => (version.startsWith('v') ? version : `v${version}`))
    .default('v21'),
  GOOGLE_ADS_API_BASE_URL: z.url().default('https://googleads.googleapis.com'),
  GOOGLE_ADS_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_ADS_LANGUAGE: z
    .string()
    .regex(/^languageConstants\/\d+$/, 'must look like languageConstants/1000')
    .default('languageConstants/1000'),
  GOOGLE_ADS_GEO_TARGETS: z
    .string()
    .default('geoTargetConstants/2840')
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^geoTargetConstants\/\d+$/, 'each must look like geoTargetConstants/2840'))
        .max(10, 'at most 10 geo targets'),
    ),
  GOOGLE_ADS_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  GOOGLE_ADS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
});

const REQUIRED = [
  'GOOGLE_ADS_DEVELOPER_TOKEN',
  'GOOGLE_ADS_CUSTOMER_ID',
  'GOOGLE_ADS_CLIENT_ID',
  'GOOGLE_ADS_CLIENT_SECRET',
  'GOOGLE_ADS_REFRESH_TOKEN',
] as const;

export type GoogleAdsConfigResult =
  | { ok: true; config: GoogleAdsConfig | null }
  | { ok: false; problems: string[] };

/** Reads the GOOGLE_ADS_* variables; never puts a secret's value in a problem. */
export const googleAdsConfigOf = (source: Record<string, string | undefined>): GoogleAdsConfigResult => {
  const given = Object.fromEntries(
    Object.entries(source).filter(([name, value]) => name.startsWith('GOOGLE_ADS_') && value !== ''),
  );
  const parsed = ZGoogleAdsEnv.safeParse(given);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  const env = parsed.data;
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length === REQUIRED.length) return { ok: true, config: null };
  if (missing.length > 0) {
    return {
      ok: false,
      problems: [
        `Google Ads keyword metrics need all of ${REQUIRED.join(', ')}; missing: ${missing.join(', ')}`,
      ],
    };
  }
  return {
    ok: true,
    config: {
      apiBaseUrl: env.GOOGLE_ADS_API_BASE_URL.replace(/\/+$/, ''),
      oauthTokenUrl: env.GOOGLE_ADS_OAUTH_TOKEN_URL,
      apiVersion: env.GOOGLE_ADS_API_VERSION,
      developerToken: env.GOOGLE_ADS_DEVELOPER_TOKEN ?? '',
      customerId: env.GOOGLE_ADS_CUSTOMER_ID ?? '',
      loginCustomerId: env.GOOGLE_ADS_LOGIN_CUSTOMER_ID ?? null,
      clientId: env.GOOGLE_ADS_CLIENT_ID ?? '',
      clientSecret: env.GOOGLE_ADS_CLIENT_SECRET ?? '',
      refreshToken: env.GOOGLE_ADS_REFRESH_TOKEN ?? '',
      language: env.GOOGLE_ADS_LANGUAGE,
      geoTargets: env.GOOGLE_ADS_GEO_TARGETS,
      minIntervalMs: env.GOOGLE_ADS_MIN_INTERVAL_MS,
      timeoutMs: env.GOOGLE_ADS_TIMEOUT_MS,
    },
  };
};
