// The digest worker of upload-digest.ts, as source text: a worker started from
// a file would need that file beside the bundle esbuild builds (dist/) and
// beside the sources vitest runs, so it is evaluated instead (`eval: true`
// runs it as CommonJS, hence `require`).
//
// Messages, per upload id: `{ id, path }` opens the file; `{ id, available }`
// says how many bytes are on disk; `{ id, final }` gives the size, after which
// it answers `{ id, digest }` (hex) or `{ id, error }`; `{ id, abort: true }`
// forgets the upload. It reads only up to `available`: it never waits on the
// file, only on messages, so a slow upload costs it nothing.
// biome-ignore lint/complexity/noUselessStringRaw: the worker source must keep any backslash it gains verbatim
export const DIGEST_WORKER_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const STEP = 1024 * 1024;
const buffer = Buffer.allocUnsafeSlow(STEP);
const uploads = new Map();

function close(upload) {
  uploads.delete(upload.id);
  try { closeSync(upload.fd); } catch {}
}

function advance(upload) {
  while (upload.hashed < upload.available) {
    const read = readSync(upload.fd, buffer, 0, Math.min(STEP, upload.available - upload.hashed), upload.hashed);
    if (read === 0) throw new Error('the file ended at ' + upload.hashed + ' of ' + upload.available + ' bytes');
    upload.hash.update(buffer.subarray(0, read));
    upload.hashed += read;
  }
  if (upload.final !== undefined) {
    close(upload);
    parentPort.postMessage({ id: upload.id, digest: upload.hash.digest('hex') });
  }
}

parentPort.on('message', (message) => {
  let upload = uploads.get(message.id);
  try {
    if (message.path !== undefined) {
      upload = { id: message.id, fd: openSync(message.path, 'r'), hash: createHash('sha256'), hashed: 0, available: 0 };
      uploads.set(message.id, upload);
      return;
    }
    if (!upload) return;
    if (message.abort) return close(upload);
    if (message.final !== undefined) upload.final = upload.available = message.final;
    else upload.available = Math.max(upload.available, message.available);
    advance(upload);
  } catch (error) {
    if (upload) close(upload);
    parentPort.postMessage({ id: message.id, error: String(error && error.message || error) });
  }
});
`;
