// The contract run's fuzzing budgets (schemathesis.toml, scaled by run.sh with
// scale-budgets.awk): every operation has one, by the rule written there, so
// the run grows by a known amount per operation rather than by the command
// line's 500; a misspelt operationId (which schemathesis ignores silently) fails.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const HERE = dirname(fileURLToPath(import.meta.url));
const TOML = join(HERE, 'schemathesis.toml');
const text = readFileSync(TOML, 'utf8');
const BUDGET_LINE = /^generation\.max-examples = (\d+)$/;

/** operationId → budget, from each `[[operations]]` block that sets one. */
function budgets(): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const block of text.split(/^\[\[operations\]\]$/m).slice(1)) {
    const ids = /^include-operation-id = ("[^"]+"|\[[^\]]*\])/m.exec(block);
    expect(ids, `a block without include-operation-id:\n${block}`).not.toBeNull();
    const budget = block
      .split('\n')
      .map((line) => BUDGET_LINE.exec(line))
      .find(Boolean);
    if (!budget) continue;
    for (const [, id] of ids![1]!.matchAll(/"([^"]+)"/g))
      found.set(id!, [...(found.get(id!) ?? []), Number(budget[1])]);
  }
  return found;
}

interface Operation {
  id: string;
  query: number;
  bodyProperties: number | null;
}

function operations(): Operation[] {
  const spec = parse(readFileSync(join(HERE, '..', 'openapi.yaml'), 'utf8'));
  const deref = (node: any): any => {
    while (node?.$ref)
      node = node.$ref
        .slice(2)
        .split('/')
        .reduce((at: any, key: string) => at[key.replace(/~1/g, '/')], spec);
    return node;
  };
  const result: Operation[] = [];
  for (const item of Object.values<any>(spec.paths)) {
    for (const op of Object.values<any>(item)) {
      if (!op?.operationId || op['x-wharf-planned'] !== undefined) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
      const body = op.requestBody ? deref(op.requestBody) : null;
      const schema = body ? deref(Object.values<any>(body.content)[0].schema) : null;
      result.push({
        id: op.operationId,
        query: params.filter((p) => p.in === 'query').length,
        bodyProperties: schema ? Object.keys(schema.properties ?? {}).length : null,
      });
    }
  }
  return result;
}

// The ceilings of the rule in schemathesis.toml ("Fuzzing budgets").
function ceiling(op: Operation): number {
  if (op.bodyProperties !== null) return op.bodyProperties >= 4 ? 120 : 60;
  return op.query >= 4 ? 80 : 40;
}

describe('fuzzing budgets (schemathesis.toml)', () => {
  it('gives every operation of openapi.yaml one budget, within its tier, and names no unknown operation', () => {
    const found = budgets();
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    expect(
      ops.filter((op) => !found.has(op.id)).map((op) => op.id),
      'operations without a budget',
    ).toEqual([]);
    expect(
      [...found].filter(([, list]) => list.length > 1).map(([id]) => id),
      'operations with two budgets',
    ).toEqual([]);
    const known = new Set(ops.map((op) => op.id));
    expect(
      [...found.keys()].filter((id) => !known.has(id)),
      'budgets for no operation',
    ).toEqual([]);
    const over = ops
      .filter((op) => found.get(op.id)![0]! > ceiling(op))
      .map((op) => `${op.id} ${found.get(op.id)} > ${ceiling(op)}`);
    expect(over, 'budgets above their tier').toEqual([]);
  });

  it('writes every budget in the one shape run.sh scales', () => {
    const mentions = text
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#') && line.includes('max-examples'));
    expect(mentions.length).toBeGreaterThan(50);
    expect(mentions.filter((line) => !BUDGET_LINE.test(line))).toEqual([]);
  });

  it('scales them in proportion, rounded up, at least 1, and leaves every other line alone', () => {
    const scale = (m: number) =>
      execFileSync('awk', ['-v', `m=${m}`, '-v', 's=500', '-f', join(HERE, 'scale-budgets.awk'), TOML], {
        encoding: 'utf8',
      });
    const before = text.split('\n');
    for (const [m, expected] of [
      [100, (n: number) => Math.ceil(n / 5)],
      [1, () => 1],
      [500, (n: number) => n],
      [1000, (n: number) => 2 * n],
    ] as const) {
      const after = scale(m).split('\n');
      expect(after.length).toBe(before.length);
      after.forEach((line, i) => {
        const original = BUDGET_LINE.exec(before[i]!);
        expect(line).toBe(original ? `generation.max-examples = ${expected(Number(original[1]))}` : before[i]);
      });
    }
  });
});
