// A push's command list read from its spooled body decides whether git must
// run the per-ref hook: only when one of its refs could be refused, or when
// the list cannot be read.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mayBeRefused, readPushCommands } from './push-commands.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
const ZERO = '0'.repeat(40);
const A = 'a'.repeat(40);

async function body(content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'push-commands-'));
  dirs.push(dir);
  await writeFile(join(dir, 'body'), content, 'latin1');
  return join(dir, 'body');
}

describe('readPushCommands', () => {
  it('reads the commands up to the flush-pkt, not the pack after it', async () => {
    const path = await body(
      pkt(`${ZERO} ${A} refs/heads/one\0report-status side-band-64k\n`) +
        pkt(`${A} ${ZERO} refs/heads/two\n`) +
        '0000PACK\x00\x00garbage',
    );
    expect(await readPushCommands(path)).toEqual([
      { ref: 'refs/heads/one', deletes: false, old: ZERO, new: A },
      { ref: 'refs/heads/two', deletes: true, old: A, new: ZERO },
    ]);
  });

  it('gives up (null) on a push certificate, a malformed line or a list past its cap', async () => {
    expect(await readPushCommands(await body(`${pkt('push-cert\0report-status\n')}0000`))).toBeNull();
    expect(await readPushCommands(await body('zzzz'))).toBeNull();
    const many = `${Array.from({ length: 50 }, (_, i) => pkt(`${ZERO} ${A} refs/heads/b${i}\n`)).join('')}0000`;
    expect(await readPushCommands(await body(many), 1000)).toBeNull();
    expect(await readPushCommands(await body(many))).toHaveLength(50);
  });
});

describe('mayBeRefused', () => {
  const branch = { ref: 'refs/heads/main', deletes: false };
  it('is false only when no rule of the hook could refuse a ref', () => {
    expect(mayBeRefused([branch], ['refs/pull/*'], null)).toBe(false);
    expect(mayBeRefused([branch, { ref: 'refs/pull/1/head', deletes: false }], ['refs/pull/*'], null)).toBe(true);
    expect(mayBeRefused([branch], ['refs/pull/*'], ['refs/heads/main'])).toBe(false);
    expect(mayBeRefused([{ ...branch, deletes: true }], ['refs/pull/*'], ['refs/heads/main'])).toBe(true);
    expect(mayBeRefused([{ ref: 'refs/heads/other', deletes: false }], ['refs/pull/*'], ['refs/heads/main'])).toBe(
      true,
    );
    expect(mayBeRefused(null, ['refs/pull/*'], null)).toBe(true);
    expect(mayBeRefused([branch], ['refs/[h]eads/*'], null)).toBe(true);
  });
});
