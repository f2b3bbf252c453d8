// The server's V8 flags are spelled once, on bin/wharf.mjs's shebang: npm start
// runs the script through it, and the benchmarks read them from it.
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './child-process.js';
import { entryNodeFlags } from './entry-node-flags.js';

it('reads bin/wharf.mjs’s flags, which npm start runs with', () => {
  expect(entryNodeFlags('bin/wharf.mjs')).toEqual(['--initial-old-space-size=128']);
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  // Through the shebang, not `node bin/wharf.mjs` (which would drop the flags).
  expect(pkg.scripts.start).toBe('bin/wharf.mjs serve');
});

it('gives none for a plain shebang, several for several', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wharf-flags-'));
  await writeFile(join(dir, 'plain.mjs'), '#!/usr/bin/env node\n');
  await writeFile(join(dir, 'two.mjs'), '#!/usr/bin/env -S node --a=1  --b\nconsole.log(1)\n');
  expect(entryNodeFlags(join(dir, 'plain.mjs'))).toEqual([]);
  expect(entryNodeFlags(join(dir, 'two.mjs'))).toEqual(['--a=1', '--b']);
});
