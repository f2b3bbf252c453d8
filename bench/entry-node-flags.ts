// The Node flags a Wharf entry script asks for on its `#!/usr/bin/env -S node …`
// line. The benchmarks run `node <entry> serve` (so the child's pid is the
// server's own), which skips the shebang; they pass its flags themselves so
// the server runs as `npm start` and `npx wharf` run it. Read from the entry
// itself, so an A/B run of another checkout gets that checkout's flags.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from './child-process.js';

export function entryNodeFlags(entry: string): string[] {
  const firstLine = readFileSync(resolve(REPO_ROOT, entry), 'utf8').split('\n', 1)[0]!;
  const match = /^#!\S*env\s+-S\s+node\s+(.*)$/.exec(firstLine);
  return match ? match[1]!.trim().split(/\s+/) : [];
}
