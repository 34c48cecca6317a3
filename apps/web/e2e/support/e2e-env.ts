/** What the global setup hands to the tests (through the environment, which workers inherit). */
export type TE2EEnv = {
  baseUrl: string;
  dataDir: string;
  siteUrl: string;
  adminEmail: string;
  adminPassword: string;
};

export const ADMIN_EMAIL = 'admin@e2e.example.com';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

export const e2eEnv = (): TE2EEnv => {
  const { E2E_BASE_URL, E2E_DATA_DIR, E2E_SITE_URL } = process.env;
  if (!E2E_BASE_URL || !E2E_DATA_DIR || !E2E_SITE_URL) {
    throw new Error('The e2e global setup did not run (E2E_BASE_URL is missing)');
  }
  return {
    baseUrl: E2E_BASE_URL,
    dataDir: E2E_DATA_DIR,
    siteUrl: E2E_SITE_URL,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  };
};
