// docs/configuration.md's table is generated from config-variables.ts; this
// fails in `npm test` (so in CI) when the page differs from what
// `npm run docs:config` would write, or when config.ts, or a module it
// imports, reads an environment variable the list does not document.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withConfigTable } from './codegen/config-table.js';
import { CONFIG_VARIABLES } from './config-variables.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** config.ts and every module it imports, at any depth (relative imports only). */
function configSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const visit = (path: string) => {
    if (sources.has(path)) return;
    const text = read(path);
    sources.set(path, text);
    for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) visit(join(dirname(path), `${spec}.ts`));
  };
  visit('server/config.ts');
  return sources;
}

/** Names read as `env.NAME`, or written as a quoted literal (`integer(env, 'PORT', …)`). */
function variablesRead(source: string): string[] {
  const literal = /['"`]((?:WHARF_[A-Z0-9_]+|DATABASE_URL|PORT|HOST))['"`]/g;
  const member = /\benv\.([A-Z][A-Z0-9_]+)/g;
  return [...source.matchAll(literal), ...source.matchAll(member)].map((match) => match[1]!);
}

describe('docs/configuration.md', () => {
  it('holds the table npm run docs:config writes', () => {
    const page = read('docs/configuration.md');
    expect(page, 'docs/configuration.md drifted: run `npm run docs:config` and commit').toBe(withConfigTable(page));
  });

  it('documents every variable config.ts and what it calls read, and no other', () => {
    const names = new Set([...configSources().values()].flatMap(variablesRead));
    const documented = CONFIG_VARIABLES.map((v) => v.name);
    expect(new Set(documented).size, 'a variable is listed twice').toBe(documented.length);
    expect([...names].sort()).toEqual([...documented].sort());
  });
});
