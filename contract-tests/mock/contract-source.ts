// openapi.yaml as JSON text, for the mock's parts that each need their own
// parsed copy (the request validator, the Prefer check, prism). Parsing the
// YAML takes seconds and some 40 MB on the way, JSON tens of ms, so the JSON
// is kept in node_modules/.cache/wharf-mock/, named by a hash of the YAML:
// only the first start after a change parses YAML. Prism's operations, made
// from the contract, are cached there alike (prism.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = new URL('../../', import.meta.url);
export const SPEC_PATH = fileURLToPath(new URL('openapi.yaml', ROOT));
const CACHE_DIR = fileURLToPath(new URL('node_modules/.cache/wharf-mock/', ROOT));

export const hashOf = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The text cached as `name`, or undefined. */
export function readCache(name: string): string | undefined {
  try {
    return readFileSync(join(CACHE_DIR, name), 'utf8');
  } catch {
    return undefined;
  }
}

export function writeCache(name: string, text: string): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: a mock starting meanwhile never reads half a file.
    const partial = join(CACHE_DIR, `${name}.${process.pid}`);
    writeFileSync(partial, text);
    renameSync(partial, join(CACHE_DIR, name));
  } catch {
    // A read-only checkout: the next start does the work again.
  }
}

export function contractJson(specPath = SPEC_PATH): string {
  const yaml = readFileSync(specPath);
  const name = `openapi-${hashOf(yaml)}.json`;
  const cached = readCache(name);
  if (cached !== undefined) return cached;
  const json = JSON.stringify(parse(yaml.toString('utf8')));
  writeCache(name, json);
  return json;
}
