// The checked-in generated files are what the generator makes of openapi.yaml
// now (the same check as CI's drift check, caught earlier), and the resource
// layer has a method for every operation.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderGenerated } from '../codegen/render.js';
import { buildOperationTable } from '../codegen/operation-table.js';
import { createClient, operationTable } from '../src/index.js';

const root = new URL('../../', import.meta.url);

describe('codegen', () => {
  it('matches the checked-in sdk/src/generated/ files', async () => {
    const files = await renderGenerated(parse(await readFile(new URL('openapi.yaml', root), 'utf8')));
    for (const [name, text] of Object.entries(files)) {
      expect(
        await readFile(new URL(`sdk/src/generated/${name}`, root), 'utf8'),
        `${name} is stale: run node bin/run-ts.mjs sdk/codegen/generate.ts`,
      ).toBe(text);
    }
  });

  it('refuses operationIds the resource layer cannot name', () => {
    const spec = (operationId: string) => ({ paths: { '/x': { get: { operationId } } } });
    expect(() => buildOperationTable(spec('flat'))).toThrow(/namespace/);
    expect(() => buildOperationTable(spec('paginate/all'))).toThrow(/client member/);
    expect(() => buildOperationTable(spec('rate-limit/get'))).toThrow(/client member/);
  });

  it('gives every operation a resource method named after it', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
    expect(client.hooks.listDeliveries.operationId).toBe('hooks/list-deliveries');
    expect(client.apps.createInstallationAccessToken.operationId).toBe('apps/create-installation-access-token');
    // A kebab namespace is camelCase on the client, as Octokit's `codesOfConduct`.
    expect(client.codesOfConduct.getConductCode.operationId).toBe('codes-of-conduct/get-conduct-code');
    const methods = Object.entries(client).flatMap(([, ns]) =>
      ns && typeof ns === 'object' ? Object.values(ns as Record<string, { operationId?: string }>) : [],
    );
    expect(methods.map((m) => m.operationId).sort()).toEqual(Object.keys(operationTable).sort());
  });
});
