// The transfers bench/assets.ts times: an HTTP upload and download of a file
// (streamed from and to disk on the client side, never held whole), and the
// same bytes written to and read from disk without a server, the baseline.
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';

const CHUNK = 1024 * 1024;
const run = promisify(execFile);

/** Copies `from` to `to` with an fsync at the end (what the server does for an upload). */
export async function diskWrite(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from, { highWaterMark: CHUNK }), createWriteStream(to, { highWaterMark: CHUNK }));
  const file = await open(to, 'r+');
  await file.sync().finally(() => file.close());
}

/** Reads `path` to the end, returning the byte count (what the server does for a download). */
export async function diskRead(path: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) bytes += (chunk as Buffer).length;
  return bytes;
}

// The HTTP side runs in curl, not in this Node process: on a 2-core machine a
// Node client's own cost (about 120 MB/s receiving, against curl's 300 on the
// same server) would be measured as the server's.

/** POSTs the file, streamed (`-T`), with a Content-Length; resolves the status and JSON body. */
export async function httpUpload(url: string, token: string, path: string): Promise<{ status: number; body: any }> {
  const { stdout } = await run('curl', [
    '-sS',
    '-X',
    'POST',
    '-T',
    path,
    '-H',
    `authorization: token ${token}`,
    '-H',
    'content-type: application/octet-stream',
    '-H',
    'accept: application/vnd.github+json',
    '-w',
    '\n%{http_code}',
    url,
  ]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) };
}

/** GETs `url` (no token: a signed URL) to /dev/null; resolves the status and the byte count. */
export async function httpDownload(url: string): Promise<{ status: number; bytes: number }> {
  const { stdout } = await run('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{size_download}', url]);
  const [status, bytes] = stdout.trim().split(' ').map(Number);
  return { status: status!, bytes: bytes! };
}
