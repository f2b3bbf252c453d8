import { describe, expect, it } from 'vitest';
import { operationBodyLimits } from '../http/operation-input.js';
import { buildRouteTable, repositoryIdRoute } from './route-table.js';

const spec = (op: Record<string, unknown>) => ({
  paths: { '/things': { post: { operationId: 'things/create', ...op } } },
});

describe('x-wharf-max-body-bytes', () => {
  it('carries an operation’s own body cap into its row; without one the row defers to the configured default', () => {
    expect(buildRouteTable(spec({ 'x-wharf-max-body-bytes': 104_857_600 }))[0]!.maxBodyBytes).toBe(104_857_600);
    expect(buildRouteTable(spec({}))[0]!.maxBodyBytes).toBeNull();
  });

  it('refuses a cap that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, '1MB']) {
      expect(() => buildRouteTable(spec({ 'x-wharf-max-body-bytes': bad }))).toThrow(
        /POST \/things: x-wharf-max-body-bytes/,
      );
    }
  });
});

describe('operationBodyLimits', () => {
  it('uses the operation’s own cap over the configured default, and keeps the timeout', () => {
    const defaults = { maxBytes: 1_048_576, timeoutMs: 30_000 };
    expect(operationBodyLimits({ maxBodyBytes: 104_857_600 }, defaults)).toEqual({
      maxBytes: 104_857_600,
      timeoutMs: 30_000,
    });
    expect(operationBodyLimits({ maxBodyBytes: null }, defaults)).toBe(defaults);
  });
});

describe('repositoryIdRoute', () => {
  it('maps the routes under /repos/:owner/:repo, and only those, to /repositories/:repository_id', () => {
    expect(repositoryIdRoute('/repos/:owner/:repo')).toBe('/repositories/:repository_id');
    expect(repositoryIdRoute('/repos/:owner/:repo/git/refs/**:ref')).toBe(
      '/repositories/:repository_id/git/refs/**:ref',
    );
    for (const other of [
      '/repos/:owner/:repository',
      '/repos/:owner/:repo-x',
      '/user/repos',
      '/repositories/:repository_id',
    ]) {
      expect(repositoryIdRoute(other), other).toBeNull();
    }
  });
});
