// Writes an upload's file back to disk while the body is still arriving.
// Left to the kernel, none of a 500 MB upload reached the disk before the
// final fsync (writeback starts at gigabytes of dirty pages on a large
// machine), so the upload then stood still for the whole write-back: about a
// fifth of its time. An fdatasync every 32 MiB (one at a time, on a
// threadpool thread) overlaps that with receiving, and the last fsync has
// only the tail to write (measured: 240 ms → 10 ms for 500 MB; 420–470 →
// 560–600 MB/s for a bare Node upload).
//
// A background fdatasync that fails consumes the error the final fsync would
// have reported (Linux reports a write-back error once per open file), so its
// failure is kept and thrown by finish().
import type { FileHandle } from 'node:fs/promises';

const STEP = 32 * 1024 * 1024;

export interface SpoolFlush {
  /** `bytes` from offset 0 are written (their writes completed). */
  written(bytes: number): void;
  /** All is written: resolves once the file is durable, or throws any flush's error. */
  finish(): Promise<void>;
}

export function flushWhileWriting(file: FileHandle): SpoolFlush {
  let flushed = 0;
  let inFlight: Promise<void> | undefined;
  let failure: unknown;
  return {
    written(bytes) {
      if (inFlight || failure !== undefined || bytes - flushed < STEP) return;
      inFlight = file
        .datasync()
        .then(
          () => void (flushed = bytes),
          (error: unknown) => void (failure = error),
        )
        .finally(() => void (inFlight = undefined));
    },
    async finish() {
      await inFlight;
      if (failure !== undefined) throw failure;
      await file.sync();
    },
  };
}
