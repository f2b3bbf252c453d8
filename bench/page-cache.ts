// Dropping one file's pages from the kernel's page cache, so that the next
// read of it comes from the disk. GNU dd's `iflag=nocache count=0` asks the
// kernel to drop the whole file (posix_fadvise POSIX_FADV_DONTNEED, which
// Node has no call for); it needs no root, unlike /proc/sys/vm/drop_caches,
// and leaves every other file's pages alone. Only clean pages go, so a file
// must be fsync'd first (the server fsyncs every asset before its row says
// `uploaded`; the benchmark's disk copy is fsync'd too). util-linux's fincore
// then says how much is still resident: a benchmark that meant to read from
// the disk and read memory instead would report a figure for the wrong thing.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Bytes of `path` in the page cache now. */
export async function residentBytes(path: string): Promise<number> {
  const { stdout } = await run('fincore', ['--bytes', '--noheadings', '--output', 'RES', path]);
  return Number(stdout.trim());
}

/** Drops `path`'s pages; throws when more than `tolerance` bytes of it stay resident. */
export async function evictFromPageCache(path: string, tolerance = 1024 * 1024): Promise<void> {
  await run('dd', [`if=${path}`, 'iflag=nocache', 'count=0', 'status=none']);
  const left = await residentBytes(path);
  if (left > tolerance) throw new Error(`${path}: ${left} bytes still in the page cache after dropping it`);
}
