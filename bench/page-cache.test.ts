// bench:assets times downloads from the disk by dropping the file's pages
// first: the drop must leave nothing resident, and a read must bring it back.
import { open, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { evictFromPageCache, residentBytes } from './page-cache.js';
import { writeRandomFile } from './random-file.js';

const dir = await mkdtemp(join(tmpdir(), 'wharf-page-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

it('drops a synced file from the page cache, and a read brings it back', async () => {
  const path = join(dir, 'four-mb.bin');
  await writeRandomFile(path, 4 * 1024 * 1024);
  const file = await open(path, 'r+');
  await file.sync().finally(() => file.close());
  await readFile(path);
  expect(await residentBytes(path)).toBe(4 * 1024 * 1024);
  await evictFromPageCache(path, 0);
  expect(await residentBytes(path)).toBe(0);
  await readFile(path);
  expect(await residentBytes(path)).toBe(4 * 1024 * 1024);
});
