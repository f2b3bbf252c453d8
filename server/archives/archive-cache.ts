// Archives made once and served from disk: `<WHARF_DATA_DIR>/archive-cache/<repository id>/<key>`,
// where the key names the commit, the format and the top directory (what
// `git archive` writes depends on all three: the commit's time is every
// file's, its sha is in a tarball's header, and the directory holds the
// repository's name). Keyed by commit rather than tree: the top directory
// names the commit anyway (`<owner>-<repo>-<short sha>/`), so two commits
// never share an archive.
//
// A file is written under a temporary name in the same directory and renamed
// into place (atomic), so a reader sees a whole archive or none. In one
// process, concurrent first requests for one archive share one `git archive`;
// across processes each may make its own, and the last rename wins with the
// same bytes. A hit refreshes the file's time; after each new file the
// cache is cut back to WHARF_ARCHIVE_CACHE_BYTES, least recently served
// first (never the file just made). A repository's directory goes with it
// (repos-delete.ts); a reader holding a file open keeps it however the cache
// changes meanwhile.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const TEMPORARY = '.tmp-';
/** A temporary file this old is a crashed writer's. */
const STALE_TEMPORARY_MS = 24 * 3600 * 1000;

export function archiveCacheDir(dataDir: string): string {
  return join(dataDir, 'archive-cache');
}

/** After the repository's row is gone. */
export async function removeRepositoryArchives(dataDir: string, repositoryId: number): Promise<void> {
  await rm(join(archiveCacheDir(dataDir), String(repositoryId)), { recursive: true, force: true });
}

export class ArchiveCache {
  private readonly making = new Map<string, Promise<string>>();

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly now: () => number,
  ) {}

  /**
   * The cached file of this archive, open, made by `make(temporaryPath)` when
   * there is none yet; made again if another process evicted it between
   * finding and opening it.
   */
  async open(repositoryId: number, key: readonly string[], make: (path: string) => Promise<void>): Promise<FileHandle> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await open(await this.file(repositoryId, key, make), 'r');
      } catch (error) {
        if (attempt === 2 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  private async file(
    repositoryId: number,
    key: readonly string[],
    make: (path: string) => Promise<void>,
  ): Promise<string> {
    const name = createHash('sha256').update(JSON.stringify(key)).digest('hex');
    const path = join(this.dir, String(repositoryId), name);
    if (await this.touch(path)) return path;
    let made = this.making.get(path);
    if (!made) {
      made = this.make(path, make).finally(() => this.making.delete(path));
      this.making.set(path, made);
    }
    return made;
  }

  /** True when the file is there (its time then set to now, for the eviction order). */
  private async touch(path: string): Promise<boolean> {
    const now = new Date(this.now());
    try {
      await utimes(path, now, now);
      return true;
    } catch {
      return false;
    }
  }

  private async make(path: string, make: (path: string) => Promise<void>): Promise<string> {
    await mkdir(join(path, '..'), { recursive: true });
    const temporary = `${path}${TEMPORARY}${randomBytes(6).toString('hex')}`;
    try {
      await make(temporary);
      // Served now: its time in the eviction order is the server clock's, as a hit's is.
      await utimes(temporary, new Date(this.now()), new Date(this.now()));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await this.evict(path);
    return path;
  }

  /** Deletes the least recently served archives until the rest fit in maxBytes; `keep` stays. */
  private async evict(keep: string): Promise<void> {
    const files: Array<{ path: string; size: number; time: number }> = [];
    for (const repository of await readdir(this.dir).catch(() => [] as string[])) {
      for (const name of await readdir(join(this.dir, repository)).catch(() => [] as string[])) {
        const path = join(this.dir, repository, name);
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) continue;
        if (name.includes(TEMPORARY)) {
          if (this.now() - info.mtimeMs > STALE_TEMPORARY_MS) await rm(path, { force: true });
          continue;
        }
        files.push({ path, size: info.size, time: info.mtimeMs });
      }
    }
    let total = files.reduce((sum, file) => sum + file.size, 0);
    files.sort((a, b) => a.time - b.time);
    for (const file of files) {
      if (total <= this.maxBytes) break;
      if (file.path === keep) continue;
      await rm(file.path, { force: true });
      total -= file.size;
    }
  }
}
