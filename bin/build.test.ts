// When `wharf` rebuilds dist/ first: whenever a source changed since the last
// build, so that nobody runs stale code after an edit or a `git pull`.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleReason } from './build.mjs';

let root: string;
const past = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);

/** A checkout whose last build (30 s ago) recorded two sources, a migration and their directories. */
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'wharf-build-'));
  const files = [
    'server/main.ts',
    'server/db/migrate.ts',
    'server/db/migrations/001_a.sql',
    'node_modules/.package-lock.json',
  ];
  const dirs = ['server', 'server/db', 'server/db/migrations'];
  for (const dir of [...dirs, 'dist', 'node_modules']) await mkdir(join(root, dir), { recursive: true });
  for (const file of files) await writeFile(join(root, file), 'x');
  for (const path of [...files, ...dirs]) await utimes(join(root, path), past(60), past(60));
  await writeFile(join(root, 'dist/.build-stamp.json'), JSON.stringify({ startedAt: past(30).getTime(), files, dirs }));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('staleReason', () => {
  it('is null when nothing changed since the build', () => {
    expect(staleReason(root)).toBeNull();
  });

  it('names an edited source', async () => {
    await writeFile(join(root, 'server/db/migrate.ts'), 'y');
    expect(staleReason(root)).toBe('server/db/migrate.ts changed');
  });

  it('sees a file added to a source directory', async () => {
    await writeFile(join(root, 'server/db/migrations/002_b.sql'), 'x');
    expect(staleReason(root)).toBe('server/db/migrations changed');
  });

  it('sees a removed source', async () => {
    await rm(join(root, 'server/main.ts'));
    expect(staleReason(root)).toBe('server/main.ts was removed');
  });

  it('sees a package installation, but not a missing npm lock file', async () => {
    await writeFile(join(root, 'node_modules/.package-lock.json'), 'y');
    expect(staleReason(root)).toBe('node_modules/.package-lock.json changed');
    await rm(join(root, 'node_modules/.package-lock.json'));
    expect(staleReason(root)).toBeNull();
  });

  it('asks for a build when there is none, or one from an older build script', async () => {
    await writeFile(join(root, 'dist/.build-stamp.json'), JSON.stringify({ startedAt: Date.now(), inputs: 'digest' }));
    expect(staleReason(root)).toBe('dist/ was made by an older build script');
    await rm(join(root, 'dist'), { recursive: true });
    expect(staleReason(root)).toBe('dist/ has not been built');
  });
});
