import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBody } from './file-body.js';

// More 8 MiB reads than the ring has buffers (each is reused: a buffer reused
// before the socket took it would corrupt the bytes), and a last read that is
// not a whole chunk.
const SIZE = 8 * 1024 * 1024 * 4 + 12345;
let dir: string;
let path: string;
let bytes: Buffer;
let server: Server;
let base: string;
const errors: unknown[] = [];
const handles: Array<{ fd: number }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-file-body-'));
  path = join(dir, 'asset.bin');
  bytes = randomBytes(SIZE);
  await writeFile(path, bytes);
  server = createServer(async (req, res) => {
    const file = await open(path, 'r');
    handles.push(file);
    const body = fileBody(file, SIZE, (error) => errors.push(error));
    res.writeHead(200, { 'content-length': String(SIZE) });
    if (req.method === 'HEAD') {
      body.destroy();
      res.end();
    } else body.pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Resolves when every file the server opened is closed (a closed FileHandle's fd is -1). */
async function allClosed(): Promise<boolean> {
  for (let i = 0; i < 200 && handles.some((h) => h.fd !== -1); i++) await new Promise((r) => setTimeout(r, 10));
  return handles.every((h) => h.fd === -1);
}

describe('fileBody', () => {
  it('writes the whole file, byte for byte, and closes it', async () => {
    const response = await fetch(base);
    const received = Buffer.from(await response.arrayBuffer());
    expect(received.length).toBe(SIZE);
    expect(createHash('sha256').update(received).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await allClosed()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('closes the file when the response is never sent (HEAD)', async () => {
    const response = await fetch(base, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await allClosed()).toBe(true);
  });

  it('stops reading and closes the file when the client goes away mid-download, logging nothing', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = request(base, (res) => {
        res.once('data', () => {
          // One chunk in, while the server is still writing: hang up.
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
      req.end();
      setTimeout(() => reject(new Error('no data')), 20_000).unref();
    });
    expect(await allClosed()).toBe(true);
    expect(errors).toEqual([]);
  });
});
