// The archive cache on its own: one make for concurrent first reads, whole
// files only (a failed make leaves nothing), least recently served evicted
// past the size budget but never the archive just made.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveCache, archiveCacheDir, removeRepositoryArchives } from './archive-cache.js';

let dir: string;
let now: number;
const clock = () => now;
/** Where repository 1's archives are, `dir` being the data directory. */
const repositoryDir = () => join(archiveCacheDir(dir), '1');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-archive-cache-'));
  now = Date.parse('2026-01-01T00:00:00Z');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Reads the archive `key` of repository 1, made as `content` when missing; counts the makes. */
async function read(cache: ArchiveCache, key: string, content: string, makes: string[]): Promise<string> {
  const handle = await cache.open(1, [key], async (path) => {
    makes.push(key);
    await writeFile(path, content);
  });
  try {
    return (await handle.readFile()).toString();
  } finally {
    await handle.close();
  }
}

describe('ArchiveCache', () => {
  it('makes an archive once for concurrent first reads, and serves it after', async () => {
    const cache = new ArchiveCache(archiveCacheDir(dir), 1000, clock);
    const makes: string[] = [];
    expect(await Promise.all([read(cache, 'a', 'AAA', makes), read(cache, 'a', 'other', makes)])).toEqual([
      'AAA',
      'AAA',
    ]);
    expect(await read(cache, 'a', 'again', makes)).toBe('AAA');
    expect(makes).toEqual(['a']);
    expect(await readdir(repositoryDir())).toHaveLength(1);
  });

  it('leaves nothing behind when the make fails, and tries again next time', async () => {
    const cache = new ArchiveCache(archiveCacheDir(dir), 1000, clock);
    await expect(
      cache.open(1, ['b'], async (path) => {
        await writeFile(path, 'half');
        throw new Error('git failed');
      }),
    ).rejects.toThrow('git failed');
    expect(await readdir(repositoryDir())).toEqual([]);
    expect(await read(cache, 'b', 'BBB', [])).toBe('BBB');
  });

  it('evicts the least recently served past its budget, never the archive just made', async () => {
    const cache = new ArchiveCache(archiveCacheDir(dir), 10, clock);
    const makes: string[] = [];
    await read(cache, 'old', '1234', makes);
    now += 1000;
    await read(cache, 'served', '5678', makes);
    now += 1000;
    await read(cache, 'old', '', makes); // a hit: now the most recently served
    now += 1000;
    await read(cache, 'new', '9012', makes); // 12 bytes: `served` goes
    expect(await read(cache, 'old', 'x', makes)).toBe('1234');
    expect(await read(cache, 'new', 'x', makes)).toBe('9012');
    expect(makes).toEqual(['old', 'served', 'new']);
    await read(cache, 'huge', 'more than the whole budget', makes);
    expect(await readdir(repositoryDir())).toHaveLength(1);
    expect(await read(cache, 'huge', 'x', makes)).toBe('more than the whole budget');
  });

  it("removes a repository's archives", async () => {
    const cache = new ArchiveCache(archiveCacheDir(dir), 1000, clock);
    await read(cache, 'a', 'AAA', []);
    await removeRepositoryArchives(dir, 1);
    expect(await readdir(archiveCacheDir(dir))).toEqual([]);
  });
});
