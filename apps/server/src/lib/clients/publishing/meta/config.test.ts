import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../env';
import { DEFAULT_GRAPH_VERSION, GRAPH_VERSION_RELEASES } from './graph-version';

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'meta-config-')),
  JWT_SECRET: 'x'.repeat(40),
  VAULT_KEY: 'a'.repeat(64),
});

describe('Meta configuration', () => {
  it('is the bundled sandbox without an app, with the default Graph version', () => {
    const config = loadConfig(base());
    expect(config.meta).toEqual({
      sandbox: true,
      appId: null,
      appSecret: null,
      graphVersion: DEFAULT_GRAPH_VERSION,
      graphBaseUrl: null,
      sdkUrl: null,
      timeoutMs: 20_000,
    });
    expect(config.notices).toContain(
      'META_APP_ID not set: Facebook and Instagram are the bundled platform sandbox (simulated)',
    );
  });

  it('is Meta itself with an app id and secret; the version and URLs can be set', () => {
    const config = loadConfig({
      ...base(),
      META_APP_ID: '123',
      META_APP_SECRET: 'shh',
      META_GRAPH_VERSION: 'v25.0',
    });
    expect(config.meta).toMatchObject({
      sandbox: false,
      appId: '123',
      appSecret: 'shh',
      graphVersion: 'v25.0',
      graphBaseUrl: 'https://graph.facebook.com',
      sdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
    });
    const elsewhere = loadConfig({
      ...base(),
      META_GRAPH_BASE_URL: 'http://127.0.0.1:4710/graph',
      META_SDK_URL: 'http://127.0.0.1:4710/facebook/sdk.js',
    });
    expect(elsewhere.meta).toMatchObject({
      sandbox: true,
      graphBaseUrl: 'http://127.0.0.1:4710/graph',
      sdkUrl: 'http://127.0.0.1:4710/facebook/sdk.js',
    });
  });

  it('refuses an app id without its secret and a version that is not vNN.0', () => {
    expect(() => loadConfig({ ...base(), META_APP_ID: '123' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), META_GRAPH_VERSION: '17' })).toThrow(
      /META_GRAPH_VERSION looks like v26.0/,
    );
  });

  it('defaults to a Graph version released less than 11 months ago (Meta retires them after about two years)', () => {
    const released = GRAPH_VERSION_RELEASES[DEFAULT_GRAPH_VERSION];
    expect(released).toBeDefined();
    const months = (Date.now() - Date.parse(released ?? '')) / (30.44 * 86_400_000);
    expect(months).toBeLessThan(11);
  });
});
