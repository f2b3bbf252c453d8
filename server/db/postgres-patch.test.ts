// patches/postgres+3.4.9.patch (porsager/postgres#1154, #1208) and the
// postinstall that applies it: the installed postgres.js carries it in every
// copy it ships, and bin/apply-patches.mjs applies it once, leaves it alone
// after, and fails loudly when the version or the code no longer matches.
// (The crash itself is reproduced by database-restart.test.ts.)
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const SCRIPT = join(ROOT, 'bin/apply-patches.mjs');
const PATCH = 'patches/postgres+3.4.9.patch';
const COPIES = ['src', 'cjs/src', 'cf/src'].map((dir) => `node_modules/postgres/${dir}/connection.js`);

let copy: string;

/** Runs the script on the copy: exit code and output. */
async function applyPatches(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, copy]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  // A project of its own: the patches and the files they touch, copied from this install.
  copy = await mkdtemp(join(tmpdir(), 'wharf-patches-'));
  for (const path of [PATCH, 'node_modules/postgres/package.json', ...COPIES])
    await cp(join(ROOT, path), join(copy, path), { recursive: true });
});
afterAll(() => rm(copy, { recursive: true, force: true }));

describe('the postgres.js patch', () => {
  it('is in every copy of connection.js this install has (npm install ran the postinstall)', async () => {
    const result = await applyPatches();
    expect(result).toEqual({ code: 0, output: expect.stringContaining('already applied') });
    for (const file of COPIES) {
      const text = await readFile(join(copy, file), 'utf8');
      expect(text).toContain('if (!socket) {');
      expect(text.match(/nextWriteTimer = chunk = null/g)).toHaveLength(2); // terminate() and closed()
    }
  });

  it('is applied to the upstream files once, then left alone', async () => {
    await run('git', ['apply', '--reverse', PATCH], { cwd: copy });
    expect(await readFile(join(copy, COPIES[0]!), 'utf8')).not.toContain('Wharf patch');
    expect(await applyPatches()).toEqual({ code: 0, output: expect.stringContaining('postgres+3.4.9.patch applied') });
    expect(await applyPatches()).toEqual({ code: 0, output: expect.stringContaining('already applied') });
    for (const file of COPIES) expect(await readFile(join(copy, file), 'utf8')).toContain('Wharf patch');
  });

  it('fails the install when another postgres.js version is installed', async () => {
    const manifest = join(copy, 'node_modules/postgres/package.json');
    const original = await readFile(manifest, 'utf8');
    await writeFile(manifest, original.replace('"version": "3.4.9"', '"version": "3.4.10"'));
    try {
      const result = await applyPatches();
      expect(result.code).toBe(1);
      expect(result.output).toContain('is for postgres 3.4.9 but 3.4.10 is installed');
    } finally {
      await writeFile(manifest, original);
    }
  });

  it('fails the install when the code it patches has changed', async () => {
    await run('git', ['apply', '--reverse', PATCH], { cwd: copy });
    const file = join(copy, COPIES[1]!);
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'const x = socket.write(chunk, fn)',
        'const x = socket.write(chunk, fn) // changed upstream',
      ),
    );
    const result = await applyPatches();
    expect(result.code).toBe(1);
    expect(result.output).toContain('no longer applies');
    // git apply is all or nothing: the other copies were not patched either.
    expect(await readFile(join(copy, COPIES[0]!), 'utf8')).not.toContain('Wharf patch');
  });
});
