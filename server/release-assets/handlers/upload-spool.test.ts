// The spool's digest: the SHA-256 of exactly the bytes written, computed by
// the digest worker behind the writes: for an empty body, for a body that
// arrives in many chunks of uneven sizes, for one long enough that the worker
// is told of the file's growth many times, for one whose worker is stopped
// mid-way (hashed from the file instead), and none (and no file) for a body
// over the cap.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockEvent } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoolUpload } from './upload-spool.js';
import { stopDigestWorker } from '../upload-digest.js';

let dir: string;
const limits = { maxBytes: 1024 * 1024, idleTimeoutMs: 0 };
const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** A request whose body arrives as these chunks, one read each; `beforeChunk` runs before each is read. */
function eventOf(chunks: Uint8Array[], beforeChunk?: (index: number) => Promise<void>) {
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === chunks.length) return controller.close();
      await beforeChunk?.(next);
      controller.enqueue(chunks[next++]!);
    },
  });
  return mockEvent('http://localhost/upload', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-spool-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('spoolUpload digest', () => {
  it('an empty body: the SHA-256 of no bytes', async () => {
    const spooled = await spoolUpload(eventOf([]), dir, limits);
    expect(spooled.size).toBe(0);
    expect(spooled.digest).toBe(sha256(new Uint8Array()));
    expect(spooled.digest).toBe('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('many uneven chunks: the SHA-256 of their concatenation, equal to the file written', async () => {
    const chunks = [1, 65_536, 3, 200_000, 0, 7_777, 131_072].map((n) => new Uint8Array(randomBytes(n)));
    const all = Buffer.concat(chunks);
    const spooled = await spoolUpload(eventOf(chunks), dir, limits);
    expect(spooled.size).toBe(all.length);
    expect(spooled.digest).toBe(sha256(all));
    expect(sha256(await readFile(spooled.path))).toBe(spooled.digest);
    // Order matters: the same chunks reversed are another digest.
    expect((await spoolUpload(eventOf([...chunks].reverse()), dir, limits)).digest).not.toBe(spooled.digest);
  });

  it('40 MiB in 64 KiB chunks: the worker, told of the growth every 8 MiB, hashes all of it', async () => {
    const chunks = Array.from({ length: 640 }, () => new Uint8Array(randomBytes(64 * 1024)));
    const spooled = await spoolUpload(eventOf(chunks), dir, { ...limits, maxBytes: 64 * 1024 * 1024 });
    expect(spooled.size).toBe(40 * 1024 * 1024);
    expect(spooled.digest).toBe(sha256(Buffer.concat(chunks)));
  });

  it('a worker that stops mid-upload: the digest is hashed from the file instead, and the next upload starts a new worker', async () => {
    const chunks = Array.from({ length: 320 }, () => new Uint8Array(randomBytes(64 * 1024)));
    const roomy = { ...limits, maxBytes: 64 * 1024 * 1024 };
    // Past 16 MiB the worker has been told of the file (and is hashing it) when it is stopped.
    const spooled = await spoolUpload(
      eventOf(chunks, async (index) => {
        if (index === 260) await stopDigestWorker();
      }),
      dir,
      roomy,
    );
    expect(spooled.digest).toBe(sha256(Buffer.concat(chunks)));
    const next = await spoolUpload(eventOf(chunks.slice(0, 200)), dir, roomy);
    expect(next.digest).toBe(sha256(Buffer.concat(chunks.slice(0, 200))));
  });

  it('uploads at the same time share the worker, each with its own digest; one cut off mid-way leaves the others whole', async () => {
    const bodies = [0, 1, 2].map(() => Array.from({ length: 200 }, () => new Uint8Array(randomBytes(64 * 1024))));
    const roomy = { ...limits, maxBytes: 64 * 1024 * 1024 };
    const tooBig = Array.from({ length: 300 }, () => new Uint8Array(64 * 1024));
    const [a, b, c, cut] = await Promise.allSettled([
      ...bodies.map((chunks) => spoolUpload(eventOf(chunks), dir, roomy)),
      // Past the worker's first 8 MiB, then over a 16 MiB cap.
      spoolUpload(eventOf(tooBig), dir, { ...limits, maxBytes: 16 * 1024 * 1024 }),
    ]);
    expect(cut).toMatchObject({ status: 'rejected', reason: { status: 413 } });
    for (const [index, settled] of [a!, b!, c!].entries()) {
      expect(settled.status).toBe('fulfilled');
      expect((settled as PromiseFulfilledResult<{ digest: string }>).value.digest).toBe(
        sha256(Buffer.concat(bodies[index]!)),
      );
    }
  });

  it('a body over the cap: 413 and no file left', async () => {
    const before = await readdir(dir);
    const chunks = [new Uint8Array(limits.maxBytes), new Uint8Array(1)];
    await expect(spoolUpload(eventOf(chunks), dir, limits)).rejects.toMatchObject({ status: 413 });
    expect(await readdir(dir)).toEqual(before);
  });
});
