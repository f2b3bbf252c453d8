// The webhook codegen's one transformation of GitHub's schemas: hoisting
// repeated object shapes into shared schemas must leave every schema the same
// once its references are followed, so the generated types are GitHub's.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hoistRepeats } from '../codegen/webhooks/hoist-repeats.js';

/** `value` with every `#/components/schemas/shared-…` reference replaced by what it names. */
function resolve(value: unknown, schemas: Record<string, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((child) => resolve(child, schemas));
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/shared-'))
    return resolve(schemas[ref.split('/')[3]!], schemas);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, resolve(child, schemas)]));
}

const user = { type: 'object', properties: { login: { type: 'string' }, id: { type: 'integer' } } };

describe('hoistRepeats', () => {
  it('moves an object schema seen twice into one shared schema, and leaves one seen once', () => {
    const schemas = {
      a: { type: 'object', properties: { sender: user, other: { ...user, required: ['id'] } } },
      b: { type: 'object', properties: { items: { type: 'array', items: user } } },
    };
    const hoisted = hoistRepeats(schemas, 10);
    expect(hoisted['shared-sender']).toEqual(user);
    expect(hoisted.b).toEqual({
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/shared-sender' } } },
    });
    expect((hoisted.a as { properties: { other: unknown } }).properties.other).toEqual({ ...user, required: ['id'] });
    expect(resolve(hoisted, hoisted)).toMatchObject(schemas);
  });

  it("leaves GitHub's webhook schemas the same once references are followed", async () => {
    const path = createRequire(import.meta.url).resolve('@octokit/openapi-webhooks/generated/api.github.com.json');
    const { components } = JSON.parse(await readFile(path, 'utf8')) as {
      components: { schemas: Record<string, unknown> };
    };
    const hoisted = hoistRepeats(components.schemas);
    const shared = Object.keys(hoisted).filter((name) => name.startsWith('shared-'));
    expect(shared.length).toBeGreaterThan(5);
    expect(JSON.stringify(hoisted).length).toBeLessThan(JSON.stringify(components.schemas).length * 0.8);
    for (const name of Object.keys(components.schemas))
      expect(resolve(hoisted[name], hoisted), name).toEqual(components.schemas[name]);
  });
});
