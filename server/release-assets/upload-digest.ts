// The SHA-256 of an upload (its `digest`), computed on a worker thread that
// reads the spool file behind the writer, so the event loop that receives the
// body never hashes it. Measured (500 MB, curl on the same 2 cores): hashing
// each chunk on the event loop cost it as much again as receiving the body
// (0.8 s/GB each) and held uploads to about 360 MB/s; this way the loop only
// receives and writes. The worker is told how many bytes are on disk (only
// completed writes, so it never reads a hole) and reads them from the page
// cache in 1 MiB steps; the body is never copied between threads.
//
// One worker serves every upload and is started on the first one. Should it
// fail, the uploads it was hashing are hashed here from their files instead
// (nothing is lost, only the work moves back), and the next upload starts a
// new worker.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { DIGEST_WORKER_SOURCE } from './upload-digest-worker.js';

/** Follows one spool file as it is written. */
export interface DigestFollower {
  /** `bytes` from offset 0 are written (their writes completed): told on every chunk, passed on every 8 MiB. */
  written(bytes: number): void;
  /** The whole file is `size` bytes: resolves GitHub's `sha256:<hex>`. */
  finish(size: number): Promise<string>;
  /** The upload failed: stop reading the file. */
  abort(): void;
}

interface Job {
  resolve(hex: string): void;
  reject(error: Error): void;
}

type WorkerReply = { id: number; digest: string } | { id: number; error: string };

/** How many newly written bytes the worker is told about at a time. */
const STEP = 8 * 1024 * 1024;

let worker: Worker | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

function digestWorker(): Worker {
  if (worker) return worker;
  // Its heap holds a hash and a 1 MiB buffer per upload: small limits keep its share of RSS small.
  const started = new Worker(DIGEST_WORKER_SOURCE, {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
  });
  // It must never keep a finished process (a CLI command, a test run) alive.
  started.unref();
  started.on('message', (reply: WorkerReply) => {
    const job = jobs.get(reply.id);
    jobs.delete(reply.id);
    if ('digest' in reply) job?.resolve(reply.digest);
    else job?.reject(new Error(reply.error));
  });
  const lost = (error: Error) => {
    if (worker !== started) return;
    worker = undefined;
    const pending = [...jobs.values()];
    jobs.clear();
    for (const job of pending) job.reject(error);
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`digest worker exited (${code})`)));
  worker = started;
  return started;
}

/** The SHA-256 of a whole file, read on this thread: the fallback. */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Starts hashing `path`, which is being written from offset 0 (told only once the file exists). */
export function followDigest(path: string): DigestFollower {
  const id = nextId++;
  let thread: Worker | undefined;
  let settle: Job | undefined;
  const result = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Until finish() asks for it, a failure is the fallback's business, not an unhandled rejection.
  result.catch(() => undefined);
  const post = (message: object) => {
    if (!thread) {
      jobs.set(id, settle!);
      try {
        thread = digestWorker();
        thread.postMessage({ id, path });
      } catch (error) {
        jobs.delete(id);
        settle!.reject(error as Error);
        return;
      }
    }
    if (thread === worker) thread.postMessage({ id, ...message });
  };
  let told = 0;
  return {
    written(bytes) {
      if (bytes - told >= STEP) post({ available: (told = bytes) });
    },
    async finish(size) {
      post({ final: size });
      const hex = await result.catch(() => hashFile(path));
      return `sha256:${hex}`;
    },
    abort() {
      if (!thread) return;
      jobs.delete(id);
      post({ abort: true });
    },
  };
}

/** Stops the worker (tests use it to check the fallback); the next upload starts another. */
export async function stopDigestWorker(): Promise<void> {
  const running = worker;
  if (!running) return;
  await running.terminate();
}
