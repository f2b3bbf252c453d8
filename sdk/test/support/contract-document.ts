// openapi.yaml as data for generated tests: nodes are addressed by JSON
// pointer, and a `$ref` is followed to its target's pointer (not just its
// value), so a schema reached through `components/responses` can still be
// named to ajv by where it lives.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Node = Record<string, any>;

export const contract = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as Node;

/** `#/a/b~1c` from segments `['a', 'b/c']` (RFC 6901 escaping). */
export function pointer(...segments: (string | number)[]): string {
  return `#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function segmentsOf(at: string): string[] {
  if (!at.startsWith('#/')) throw new Error(`only local pointers are supported, got ${at}`);
  return at
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The node at a pointer, as written (a `$ref` stays a `$ref`). */
export function at(where: string): Node {
  const node = segmentsOf(where).reduce<unknown>((parent, key) => (parent as Node | undefined)?.[key], contract);
  if (node === undefined) throw new Error(`openapi.yaml has nothing at ${where}`);
  return node as Node;
}

/** Where a pointer ends up once every `$ref` on the way is followed. */
export function follow(where: string): string {
  let current = where;
  for (let depth = 0; depth < 10; depth++) {
    const ref = (at(current) as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') return current;
    current = ref;
  }
  throw new Error(`$ref chain too long at ${where}`);
}

/** The node a pointer leads to, `$ref`s followed. */
export function resolved(where: string): Node {
  return at(follow(where));
}

/** `where` extended by segments: `child('#/paths', '/user')` is `#/paths/~1user`. */
export function child(where: string, ...segments: (string | number)[]): string {
  return where + pointer(...segments).slice(1);
}
