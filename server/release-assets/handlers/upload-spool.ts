// Streams an upload's request body to a temporary file, never holding more
// than about a megabyte of it in memory: each chunk is written as it arrives
// and the socket is paused while the file catches up (backpressure). The cap
// (WHARF_MAX_ASSET_BYTES) replaces the JSON body cap of body-reader.ts for
// this one route: a Content-Length over it is 413 before a byte is read, a
// chunked body is 413 the moment it passes it. A body that sends nothing for
// the idle timeout is cut off (no overall deadline: 2 GiB takes a while). On
// any failure the partial file is removed, and the request is paused (not
// destroyed) so http-server.ts can still deliver the answer and close.
// The SHA-256 (the asset's `digest`) is computed by upload-digest.ts's worker
// thread, reading the file from the page cache just behind the writes, and
// spool-flush.ts writes the file back to disk as it grows.
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';
import { ApiError } from '../../http/api-error.js';
import { clientClosedRequest, payloadTooLarge } from '../../http/body-reader.js';
import { followDigest } from '../upload-digest.js';
import { flushWhileWriting } from '../spool-flush.js';

export interface SpoolLimits {
  maxBytes: number;
  /** Cut off after this long without a byte; 0: never. */
  idleTimeoutMs: number;
}

export interface Spooled {
  path: string;
  size: number;
  /** GitHub's form: `sha256:<64 hex digits>`. */
  digest: string;
}

const bodyStalled = () => new ApiError(408, 'Request body timed out', undefined, { connection: 'close' });

/** The declared Content-Length, when there is a valid one. */
export function declaredLength(event: H3Event): number | undefined {
  const raw = event.req.headers.get('content-length');
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : undefined;
}

/** The body, written to a new file in `dir`; throws ApiError 413, 408 or 499 with nothing left on disk. */
export async function spoolUpload(event: H3Event, dir: string, limits: SpoolLimits): Promise<Spooled> {
  const length = declaredLength(event);
  if (length !== undefined && length > limits.maxBytes) throw payloadTooLarge();
  const node = event.runtime?.node;
  const req = node?.req as IncomingMessage | undefined;
  let source: Readable;
  if (req) {
    // The client waits for this before sending the body (see http-server.ts).
    if (/^100-continue$/i.test(req.headers.expect ?? '') && node?.res && !node.res.headersSent)
      (node.res as ServerResponse).writeContinue();
    if (req.destroyed && !req.readableEnded) throw clientClosedRequest();
    source = req;
  } else {
    // Any other runtime (app.fetch in tests): the web stream as a Node stream.
    source = event.req.body ? Readable.fromWeb(event.req.body as never) : Readable.from([]);
  }
  await mkdir(dir, { recursive: true });
  const path = join(dir, `.upload-${randomUUID()}`);
  const file = await open(path, 'wx');
  const digest = followDigest(path);
  const flush = flushWhileWriting(file);
  try {
    const size = await writeBody(source, path, limits, req !== undefined, (bytes) => {
      digest.written(bytes);
      flush.written(bytes);
    });
    // Durable before its row says `uploaded`; the worker hashes meanwhile.
    const [hex] = await Promise.all([digest.finish(size), flush.finish()]);
    return { path, size, digest: hex };
  } catch (error) {
    digest.abort();
    await rm(path, { force: true });
    throw error;
  } finally {
    // After any flush still running (close waits for the handle's pending operations).
    await file.close();
  }
}

/**
 * Resolves the byte count once all of it is written (not yet fsync'd); `progress`
 * hears how many bytes are on disk (completed writes only) as chunks arrive.
 */
function writeBody(
  source: Readable,
  path: string,
  limits: SpoolLimits,
  isNodeRequest: boolean,
  progress: (written: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    // Its own descriptor (a stream closes its descriptor when done or destroyed); spoolUpload's, opened first, syncs.
    const out = createWriteStream(path, { flags: 'r+', highWaterMark: 1024 * 1024 });
    let size = 0;
    let done = false;
    const timer = limits.idleTimeoutMs > 0 ? setTimeout(() => fail(bodyStalled()), limits.idleTimeoutMs) : undefined;
    const onData = (chunk: Buffer) => {
      timer?.refresh();
      if (size + chunk.length > limits.maxBytes) return fail(payloadTooLarge());
      size += chunk.length;
      progress(out.bytesWritten);
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => {
          if (!done) source.resume();
        });
      }
    };
    const onEnd = () => {
      if (done) return;
      cleanup();
      out.once('finish', () => resolve(size));
      out.end();
    };
    const onGone = () => fail(clientClosedRequest());
    const onClose = () => {
      if (!(source as IncomingMessage).complete && isNodeRequest) onGone();
    };
    let failed = false;
    // While ending, the source is done with: a write error just fails the upload.
    // After fail(), the writes destroy() cut short report errors of their own: not the answer.
    const onWriteError = (error: Error) => {
      if (failed) return;
      if (done) reject(error);
      else fail(error);
    };
    function cleanup() {
      done = true;
      clearTimeout(timer);
      source.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onClose);
    }
    function fail(error: Error) {
      if (done) return;
      failed = true;
      cleanup();
      // Paused, not destroyed: the answer still goes out before the socket closes (http-server.ts).
      if (isNodeRequest) source.pause();
      else source.destroy();
      out.destroy();
      out.once('close', () => reject(error));
    }
    out.on('error', onWriteError);
    source.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onClose);
  });
}
