// GitHub's webhook schemas repeat large object shapes inline: the same pull
// request, repository or user object, written out again in every schema that
// carries one. Typed as written, that is 2 MB of declarations (the SDK's .d.ts
// ships all of it). This moves each object schema that appears more than once,
// largest first, into a schema of its own and refers to it, which leaves every
// type structurally the same and the file about half the size.

type Node = Record<string, unknown>;

const isObjectSchema = (value: unknown): value is Node =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  (value as Node).type === 'object' &&
  typeof (value as Node).properties === 'object';

const kebab = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * Calls `each` with every node below the top level and its JSON text, built
 * bottom-up (the same text as JSON.stringify, once per node rather than once
 * per ancestor), and a name hint: the nearest property name.
 */
function walk(schemas: Record<string, unknown>, each: (node: unknown, text: string, hint: string) => void): void {
  const visit = (value: unknown, hint: string, top: boolean): string => {
    let text: string;
    if (value === null || typeof value !== 'object') text = JSON.stringify(value);
    else if (Array.isArray(value)) text = `[${value.map((child) => visit(child, hint, false)).join(',')}]`;
    else {
      const inProperties = hint.endsWith('/properties');
      const parts = Object.entries(value).map(([key, child]) => {
        // `pull_request`, not `items` or `properties`.
        const childHint = inProperties ? key : key === 'properties' ? `${hint}/properties` : hint;
        return `${JSON.stringify(key)}:${visit(child, childHint, false)}`;
      });
      text = `{${parts.join(',')}}`;
    }
    if (!top) each(value, text, hint.replace(/\/properties$/, ''));
    return text;
  };
  for (const [name, schema] of Object.entries(schemas)) visit(schema, name, true);
}

/**
 * The repeated object schemas of at least minLength characters that no other
 * repeated one contains, largest first: hoisting those cannot change another's
 * count, so one pass takes them all (a nested repeat is found on the next pass).
 */
function outermostRepeats(schemas: Record<string, unknown>, minLength: number): { text: string; hint: string }[] {
  const found = new Map<string, { count: number; hint: string }>();
  walk(schemas, (node, text, hint) => {
    if (!isObjectSchema(node) || text.length < minLength) return;
    const entry = found.get(text) ?? { count: 0, hint };
    entry.count++;
    found.set(text, entry);
  });
  const repeated = [...found]
    .filter(([, { count }]) => count > 1)
    .map(([text, { hint }]) => ({ text, hint }))
    .sort((a, b) => b.text.length - a.text.length || (a.text < b.text ? -1 : 1));
  const outermost: { text: string; hint: string }[] = [];
  for (const candidate of repeated)
    if (!outermost.some((outer) => outer.text.includes(candidate.text))) outermost.push(candidate);
  return outermost;
}

function replaceAll(schemas: Record<string, unknown>, refs: ReadonlyMap<string, Node>): Record<string, unknown> {
  const targets = new Map<unknown, Node>();
  walk(schemas, (node, text) => {
    const ref = refs.get(text);
    if (ref && isObjectSchema(node)) targets.set(node, ref);
  });
  const copy = (value: unknown): unknown => {
    const ref = targets.get(value);
    if (ref) return ref;
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(copy);
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copy(child)]));
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, copy(schema)]));
}

/** `schemas` with every repeated object schema of at least `minLength` JSON characters hoisted as `shared-<name>`. */
export function hoistRepeats(schemas: Record<string, unknown>, minLength = 1000): Record<string, unknown> {
  let result = schemas;
  for (;;) {
    const repeats = outermostRepeats(result, minLength);
    if (repeats.length === 0) return result;
    const refs = new Map<string, Node>();
    const added: Record<string, unknown> = {};
    for (const { text, hint } of repeats) {
      let name = `shared-${kebab(hint)}`;
      for (let n = 2; name in result || name in added; n++) name = `shared-${kebab(hint)}-${n}`;
      refs.set(text, { $ref: `#/components/schemas/${name}` });
      added[name] = JSON.parse(text);
    }
    result = { ...replaceAll(result, refs), ...added };
  }
}
