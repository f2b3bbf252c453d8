// One run of git's own pack machinery (`upload-pack` / `receive-pack
// --stateless-rpc`) streamed both ways: the request body is piped into git's
// stdin (gunzipped when the client gzipped it) and git's stdout becomes the
// response body, with backpressure each way, so a 200 MB push or clone costs
// a few socket buffers of memory. The body has a byte cap and an idle
// cut-off instead of REST's whole-body deadline. Nothing is answered until
// git writes its first byte or exits, so a body refused mid-way still gets
// its 413/408 (receive-pack reads all of its input before it writes).
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import { GitAnswer } from './git-answer.js';

export interface GitInput {
  req: IncomingMessage;
  gzip: boolean;
  maxBytes: number;
  idleTimeoutMs: number;
}

/** A request body already received into a file (push-spool.ts). */
export interface GitFileInput {
  file: string;
}

export interface GitRunOptions {
  args: string[];
  env: Record<string, string>;
  input: GitInput | GitFileInput | null;
  contentType: string;
  /** Bytes sent before git's output (the smart-HTTP service announcement). */
  prefix?: Buffer;
  /** The response ends only once this settles as well (a push's events are recorded first). */
  hold?: Promise<unknown>;
}

export interface GitRun {
  /** The answer, ready once git has written its first byte or exited. */
  response: Promise<Response>;
  /** Git's exit: code null when killed. */
  exited: Promise<{ code: number | null; stderr: string }>;
}

const STDERR_KEPT = 4096;

export function runGit(options: GitRunOptions): GitRun {
  const child = spawn('git', options.args, { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk.toString('utf8');
  });
  let refusal: GitAnswer | undefined;
  /**
   * A body refused mid-way (too large, stalled, abandoned) is ended rather
   * than git killed: git then sees a truncated pack, fails the way it does
   * for one, and removes its quarantined objects itself (a killed
   * receive-pack can leave its index-pack writing into them). Its report is
   * dropped for the refusal; a git that lingers is killed after a while.
   */
  const refuse = (answer: GitAnswer) => {
    if (refusal) return;
    refusal = answer;
    if (options.input && 'req' in options.input) options.input.req.unpipe();
    child.stdin.end();
    setTimeout(() => child.kill('SIGTERM'), 10_000).unref();
  };
  child.stdin.on('error', () => {}); // EPIPE when git exits before the body ends: git's exit says why
  if (options.input && 'file' in options.input)
    createReadStream(options.input.file)
      .once('error', () => child.stdin.end())
      .pipe(child.stdin);
  else if (options.input) pipeBody(options.input, child.stdin, refuse);
  else child.stdin.end();

  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.once('close', (code) => resolve({ code, stderr }));
    child.once('error', (error) => resolve({ code: null, stderr: String(error) }));
  });

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        if (options.prefix) c.enqueue(options.prefix);
      },
      pull() {
        child.stdout.resume();
      },
      // The client went away while git was answering: nothing left to say to it
      // (and the stream takes no more: enqueue, close or error would throw).
      cancel() {
        cancelled = true;
        child.kill('SIGTERM');
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );

  const response = new Promise<Response>((resolve) => {
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      resolve(
        new Response(body, {
          status: 200,
          headers: { 'content-type': options.contentType, 'cache-control': 'no-cache' },
        }),
      );
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (refusal || cancelled) return;
      answer();
      controller.enqueue(chunk);
      if ((controller.desiredSize ?? 0) <= 0) child.stdout.pause();
    });
    void exited.then(async ({ code }) => {
      await options.hold?.catch(() => {});
      if (!answered && (refusal || code !== 0)) {
        // Nothing was said yet: the refusal, or git's own complaint, as the answer.
        resolve(
          new Response(`${refusal?.message ?? lastLine(stderr)}\n`, {
            status: refusal?.status ?? 400,
            headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'close', ...refusal?.headers },
          }),
        );
        controller.error(new Error('git failed'));
        return;
      }
      answer();
      if (cancelled) return;
      if (code === 0 && !refusal) controller.close();
      else controller.error(new Error(`git exited with ${code}`));
    });
  });
  return { response, exited };
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop() || 'git failed';
}

/**
 * Pipes a request body into `stdin` (git's, or a spool file's) with the
 * byte cap and the idle cut-off; `refuse` is called once a limit is hit or
 * the client goes away.
 */
export function pipeBody(input: GitInput, stdin: NodeJS.WritableStream, refuse: (answer: GitAnswer) => void) {
  const { req } = input;
  // The client waits for this before sending the body (see http-server.ts).
  let received = 0;
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => refuse(new GitAnswer(408, 'Request body timed out', { connection: 'close' })),
      input.idleTimeoutMs,
    );
  };
  armIdle();
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > input.maxBytes) {
      req.pause();
      refuse(new GitAnswer(413, `Request exceeds the size limit of ${input.maxBytes} bytes`, { connection: 'close' }));
      return;
    }
    armIdle();
  });
  const done = () => clearTimeout(idle);
  req.once('end', done);
  req.once('close', done);
  req.once('aborted', () => refuse(new GitAnswer(499, 'client closed request')));
  if (input.gzip) {
    const gunzip = createGunzip();
    gunzip.once('error', () => refuse(new GitAnswer(400, 'Request body is not valid gzip')));
    req.pipe(gunzip).pipe(stdin);
    // The refusal unpipes the request from gunzip; gunzip must let go of git too.
    req.once('unpipe', () => {
      gunzip.unpipe();
      stdin.end();
    });
  } else {
    req.pipe(stdin);
  }
}
