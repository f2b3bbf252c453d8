// A push's body is received into a file before receive-pack starts. Why: a
// push runs under its repository's ref lock, which holds a database
// connection (ref-change-events.ts), and a client on a slow link may take
// minutes to send a large pack. Received first, the body costs disk, not a
// pooled connection, while it arrives; the lock is held only while git
// checks the pack and moves the refs. The body's cap and idle cut-off apply
// while it is received (pipeBody), so a refused body never reaches git.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GitAnswer } from './git-answer.js';
import { pipeBody, type GitInput } from './git-process.js';

/** A spooled body this old was left by a process that died (a live push removes its own when it ends). */
const ABANDONED_AFTER_MS = 24 * 3600_000;

/**
 * The spool directory under the data directory. Bodies a crash left behind
 * are removed at start, but only old ones: other processes sharing the data
 * directory (serve, worker) may be receiving pushes into it right now.
 */
export async function preparePushSpool(dataDir: string, now = Date.now()): Promise<string> {
  const dir = join(dataDir, 'git-push-spool');
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > ABANDONED_AFTER_MS) await rm(path, { force: true, recursive: true });
  }
  return dir;
}

export interface SpooledBody {
  path: string;
  /** Removes the file; safe to call twice. */
  discard(): Promise<void>;
}

/** Receives the whole body (gunzipped) into a new file in `dir`; rejects with the refusal (413, 408, 400, 499). */
export function spoolPushBody(input: GitInput, dir: string): Promise<SpooledBody> {
  const path = join(dir, `push-${randomBytes(12).toString('hex')}`);
  const discard = () => rm(path, { force: true });
  const file = createWriteStream(path, { flags: 'wx' });
  return new Promise<SpooledBody>((resolve, reject) => {
    let refused = false;
    const fail = (answer: GitAnswer) => {
      if (refused) return;
      refused = true;
      input.req.unpipe();
      file.destroy();
      void discard().finally(() => reject(answer));
    };
    file.once('error', () => fail(new GitAnswer(507, 'The push could not be stored, try again later')));
    file.once('finish', () => {
      if (!refused) resolve({ path, discard });
    });
    pipeBody(input, file, fail);
  });
}
