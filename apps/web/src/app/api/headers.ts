export const API_BASE = '/api';

/** Spec §7: every call names the language and the web app version. */
export const baseHeaders = (): Record<string, string> => ({
  language: 'en',
  web_app_version: '1.0.0',
});
