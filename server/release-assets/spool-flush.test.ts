// The upload's write-back while it arrives: one fdatasync at a time, every
// 32 MiB written; the last fsync at the end; and a failed background flush
// (which consumes the error the last fsync would have seen) fails the upload.
import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { flushWhileWriting } from './spool-flush.js';

const MB = 1024 * 1024;

/** A file whose datasync waits until released (or fails), counting calls. */
function fakeFile(failWith?: Error) {
  const calls = { datasync: 0, sync: 0 };
  let release: () => void = () => undefined;
  const file = {
    datasync: () => {
      calls.datasync++;
      return new Promise<void>((resolve, reject) => {
        release = () => (failWith ? reject(failWith) : resolve());
      });
    },
    sync: async () => void calls.sync++,
  } as unknown as FileHandle;
  return { file, calls, release: () => release() };
}

describe('flushWhileWriting', () => {
  it('flushes every 32 MiB written, never two at once, then syncs once at the end', async () => {
    const { file, calls, release } = fakeFile();
    const flush = flushWhileWriting(file);
    flush.written(31 * MB);
    expect(calls.datasync).toBe(0);
    flush.written(32 * MB);
    expect(calls.datasync).toBe(1);
    flush.written(80 * MB);
    expect(calls.datasync).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    flush.written(81 * MB);
    expect(calls.datasync).toBe(2);
    const finished = flush.finish();
    release();
    await finished;
    expect(calls.sync).toBe(1);
  });

  it('a background flush that failed fails finish(), with its error', async () => {
    const failure = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const { file, calls, release } = fakeFile(failure);
    const flush = flushWhileWriting(file);
    flush.written(40 * MB);
    release();
    await expect(flush.finish()).rejects.toBe(failure);
    expect(calls.sync).toBe(0);
    // No further flushes once one failed.
    flush.written(200 * MB);
    expect(calls.datasync).toBe(1);
  });
});
