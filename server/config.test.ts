import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000, host: '127.0.0.1', databaseUrl: undefined, publicUrl: 'http://127.0.0.1:3000', vendor: 'GitHub',
      trustProxy: [], logLevel: 'info', rateLimit: { authenticated: 5000, unauthenticated: 60, windowSeconds: 3600 },
    });
    expect(config.dataDir).toMatch(/\/\.data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgres://x@db/wharf', WHARF_DATA_DIR: '/srv/wharf',
      WHARF_PUBLIC_URL: 'https://git.example.com/', WHARF_VENDOR: 'Wharf', WHARF_TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      WHARF_LOG_LEVEL: 'DEBUG', WHARF_RATE_LIMIT_AUTHENTICATED: '10', WHARF_RATE_LIMIT_UNAUTHENTICATED: '2', WHARF_RATE_LIMIT_WINDOW_S: '60',
    });
    expect(config).toMatchObject({
      port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://x@db/wharf', dataDir: '/srv/wharf', publicUrl: 'https://git.example.com',
      vendor: 'Wharf', trustProxy: ['10.0.0.1', '10.0.0.2'], logLevel: 'debug', rateLimit: { authenticated: 10, unauthenticated: 2, windowSeconds: 60 },
    });
  });

  it('rejects bad values with a message naming the variable', () => {
    for (const [name, value] of [['PORT', 'http'], ['PORT', '70000'], ['WHARF_LOG_LEVEL', 'loud'], ['WHARF_PUBLIC_URL', 'ftp://x'], ['WHARF_VENDOR', 'two words'], ['WHARF_RATE_LIMIT_AUTHENTICATED', '0']] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
