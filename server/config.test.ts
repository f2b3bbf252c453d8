import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      vendor: 'GitHub',
      trustProxy: [],
      logLevel: 'info',
      rateLimit: {
        authenticated: 5000,
        unauthenticated: 60,
        graphql: 5000,
        windowSeconds: 3600,
        search: { authenticated: 30, unauthenticated: 10, windowSeconds: 60 },
      },
    });
    expect(config.dataDir).toMatch(/\/\.data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://x@db/wharf',
      WHARF_DATA_DIR: '/srv/wharf',
      WHARF_PUBLIC_URL: 'https://git.example.com/',
      WHARF_VENDOR: 'Wharf',
      WHARF_TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      WHARF_LOG_LEVEL: 'DEBUG',
      WHARF_RATE_LIMIT_AUTHENTICATED: '10',
      WHARF_RATE_LIMIT_UNAUTHENTICATED: '2',
      WHARF_RATE_LIMIT_WINDOW_S: '60',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://x@db/wharf',
      dataDir: '/srv/wharf',
      publicUrl: 'https://git.example.com',
      vendor: 'Wharf',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      logLevel: 'debug',
      rateLimit: { authenticated: 10, unauthenticated: 2, graphql: 10, windowSeconds: 60 },
    });
  });

  it('reads the GraphQL points per window apart from the REST limit, which they follow by default', () => {
    expect(
      loadConfig({ WHARF_RATE_LIMIT_AUTHENTICATED: '900', WHARF_RATE_LIMIT_GRAPHQL: '250' }).rateLimit,
    ).toMatchObject({ authenticated: 900, graphql: 250 });
    expect(() => loadConfig({ WHARF_RATE_LIMIT_GRAPHQL: '0' })).toThrow(ConfigError);
  });

  it("reads the search resource's limits and window apart from the others", () => {
    const config = loadConfig({
      WHARF_RATE_LIMIT_AUTHENTICATED: '900',
      WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED: '45',
      WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED: '5',
      WHARF_RATE_LIMIT_SEARCH_WINDOW_S: '120',
    });
    expect(config.rateLimit.search).toEqual({ authenticated: 45, unauthenticated: 5, windowSeconds: 120 });
    expect(() => loadConfig({ WHARF_RATE_LIMIT_SEARCH_WINDOW_S: '0' })).toThrow(ConfigError);
  });

  it('reads the webhook settings, with documented defaults', () => {
    expect(loadConfig({}).webhooks).toMatchObject({
      timeoutMs: 10_000,
      retryScheduleMs: [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000],
      disableAfterMs: 3 * 86_400_000,
      retentionMs: 30 * 86_400_000,
      dispatchInServe: true,
      concurrency: 32,
    });
    const custom = loadConfig({
      WHARF_WEBHOOK_TIMEOUT: '2s',
      WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
      WHARF_WEBHOOK_DISABLE_AFTER: '12h',
      WHARF_WEBHOOK_RETENTION: '7d',
      WHARF_WEBHOOK_DISPATCH: 'off',
      WHARF_WEBHOOK_CONCURRENCY: '2',
      WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback, *.example.com',
    }).webhooks;
    expect(custom).toMatchObject({
      timeoutMs: 2000,
      retryScheduleMs: [],
      disableAfterMs: 43_200_000,
      retentionMs: 7 * 86_400_000,
      dispatchInServe: false,
      concurrency: 2,
    });
  });

  it('reads the body limits: 1 MiB and 30 s by default', () => {
    expect(loadConfig({})).toMatchObject({ maxBodyBytes: 1_048_576, bodyTimeoutMs: 30_000 });
    expect(loadConfig({ WHARF_MAX_BODY_BYTES: '65536', WHARF_BODY_TIMEOUT: '2m' })).toMatchObject({
      maxBodyBytes: 65_536,
      bodyTimeoutMs: 120_000,
    });
  });

  it('reads the release asset cap: 2 GiB by default, apart from the JSON cap', () => {
    expect(loadConfig({}).maxAssetBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ WHARF_MAX_ASSET_BYTES: '5368709120', WHARF_MAX_BODY_BYTES: '65536' })).toMatchObject({
      maxAssetBytes: 5 * 1024 ** 3,
      maxBodyBytes: 65_536,
    });
  });

  it('rejects bad values with a message naming the variable', () => {
    for (const [name, value] of [
      ['WHARF_WEBHOOK_TIMEOUT', '10'],
      ['WHARF_WEBHOOK_RETRY_SCHEDULE', '10s,soon'],
      ['WHARF_WEBHOOK_ALLOWED_HOSTS', '10.0.0.0/99'],
      ['WHARF_WEBHOOK_DISPATCH', 'maybe'],
      ['WHARF_OAUTH_ERROR_STATUS', 'teapot'],
      ['WHARF_WEBHOOK_CONCURRENCY', '0'],
      ['WHARF_WEBHOOK_RETENTION', '-1d'],
      ['PORT', 'http'],
      ['PORT', '70000'],
      ['WHARF_LOG_LEVEL', 'loud'],
      ['WHARF_PUBLIC_URL', 'ftp://x'],
      ['WHARF_VENDOR', 'two words'],
      ['WHARF_RATE_LIMIT_AUTHENTICATED', '0'],
      ['WHARF_MAX_BODY_BYTES', '1MB'],
      ['WHARF_MAX_BODY_BYTES', '100'],
      ['WHARF_BODY_TIMEOUT', '30'],
      ['WHARF_MAX_ASSET_BYTES', '2GB'],
      ['WHARF_MAX_ASSET_BYTES', '0'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
