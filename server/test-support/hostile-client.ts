// A raw HTTP/1.1 client for hostile-body tests: it streams a generated body
// (never a buffer of the whole size) over node:net and records how much it
// managed to send before the server answered or hung up, so tests can tell
// "refused before reading" from "read it all, then refused".
import { connect, type Socket } from 'node:net';

export interface UploadOptions {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Body size in bytes. */
  bytes: number;
  /** Content-Length (default) or Transfer-Encoding: chunked. */
  framing?: 'length' | 'chunked';
  /** Pause between chunks (a slow trickle). */
  delayMs?: number;
  chunkBytes?: number;
  /** Hang up after sending this many body bytes (a client that goes away). */
  abortAfter?: number;
}

export interface UploadResult {
  /** Status of the response, or undefined when none arrived. */
  status: number | undefined;
  /** The raw response (head and body) as text. */
  response: string;
  /** Body bytes written to the socket before the first response byte arrived. */
  sentBeforeResponse: number;
  sentTotal: number;
  /** The server closed the connection (FIN or reset) rather than keeping it alive. */
  closedByServer: boolean;
  /** From connecting to the first response byte. */
  answeredMs: number | undefined;
  elapsedMs: number;
}

const FILLER = Buffer.alloc(64 * 1024, 0x61);

function head(options: UploadOptions): string {
  const lines = [`${options.method ?? 'POST'} ${options.path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`${name}: ${value}`);
  lines.push(options.framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.bytes}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Resolves true once written (or buffered below the high-water mark), false if the socket closed first. */
function writeAsync(socket: Socket, data: Buffer | string): Promise<boolean> {
  if (socket.destroyed || !socket.writable) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => resolve(false);
    const ok = socket.write(data, (error) => {
      if (error) resolve(false);
    });
    if (ok) return resolve(true);
    socket.once('close', onClose);
    socket.once('drain', () => {
      socket.off('close', onClose);
      resolve(true);
    });
  });
}

export async function upload(options: UploadOptions): Promise<UploadResult> {
  const started = Date.now();
  const socket = connect(options.port, '127.0.0.1');
  socket.setNoDelay(true);
  let response = '';
  let sent = 0;
  let sentBeforeResponse: number | undefined;
  let answeredMs: number | undefined;
  let weHungUp = false;
  let ended = false;
  socket.on('data', (chunk: Buffer) => {
    sentBeforeResponse ??= sent;
    answeredMs ??= Date.now() - started;
    response += chunk.toString('latin1');
  });
  socket.on('error', () => {}); // EPIPE / ECONNRESET once the server has hung up: expected here.
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  closed.then(() => {
    ended = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  await writeAsync(socket, head(options));
  const chunkBytes = options.chunkBytes ?? FILLER.length;
  const chunked = options.framing === 'chunked';
  while (sent < options.bytes && !ended && sentBeforeResponse === undefined) {
    if (options.abortAfter !== undefined && sent >= options.abortAfter) {
      socket.destroy();
      await closed;
      return {
        status: undefined,
        response,
        sentBeforeResponse: sent,
        sentTotal: sent,
        closedByServer: false,
        answeredMs,
        elapsedMs: Date.now() - started,
      };
    }
    const size = Math.min(chunkBytes, options.bytes - sent);
    const piece = FILLER.subarray(0, size);
    const ok = await writeAsync(
      socket,
      chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece,
    );
    if (!ok) break;
    sent += size;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
  if (chunked && sent >= options.bytes && !ended) await writeAsync(socket, '0\r\n\r\n');
  // Wait for the whole answer: the server closes, or (keep-alive) we stop after a quiet moment.
  const quiet = setInterval(() => {
    if (response.includes('\r\n\r\n')) {
      weHungUp = true;
      socket.end();
    }
  }, 500);
  const hardStop = setTimeout(() => {
    weHungUp = true;
    socket.destroy();
  }, 30_000);
  await closed;
  clearInterval(quiet);
  clearTimeout(hardStop);
  const status = /^HTTP\/1\.1 (\d{3})/.exec(response)?.[1];
  return {
    status: status ? Number(status) : undefined,
    response,
    sentBeforeResponse: sentBeforeResponse ?? sent,
    sentTotal: sent,
    closedByServer: !weHungUp,
    answeredMs,
    elapsedMs: Date.now() - started,
  };
}
