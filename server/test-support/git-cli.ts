// The real `git` command line for tests: a private HOME (no user or system
// configuration, no credential helper, never a prompt), results as
// {code, stdout, stderr} rather than exceptions, so tests assert git's own
// messages.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GitResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface GitCli {
  home: string;
  /** Runs git in `cwd` (default: the private home). */
  run(
    args: string[],
    options?: { cwd?: string; input?: string | Buffer; env?: Record<string, string> },
  ): Promise<GitResult>;
  /** Like run, but throws with git's stderr on a non-zero exit; returns stdout trimmed. */
  ok(
    args: string[],
    options?: { cwd?: string; input?: string | Buffer; env?: Record<string, string> },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function gitCli(): Promise<GitCli> {
  const home = await mkdtemp(join(tmpdir(), 'wharf-git-home-'));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    GIT_AUTHOR_NAME: 'Test Author',
    GIT_AUTHOR_EMAIL: 'author@example.com',
    GIT_COMMITTER_NAME: 'Test Committer',
    GIT_COMMITTER_EMAIL: 'committer@example.com',
  };
  const run: GitCli['run'] = (args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn('git', ['-c', 'init.defaultBranch=main', '-c', 'credential.helper=', ...args], {
        cwd: options.cwd ?? home,
        env: { ...env, ...options.env },
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c: Buffer) => err.push(c));
      child.once('error', reject);
      child.once('close', (code) =>
        resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
      );
      child.stdin.end(options.input);
    });
  return {
    home,
    run,
    async ok(args, options) {
      const result = await run(args, options);
      if (result.code !== 0) throw new Error(`git ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
      return result.stdout.trim();
    },
    close: () => rm(home, { recursive: true, force: true }),
  };
}

/** The clone URL with credentials in it, as GitHub documents for tokens. */
export function cloneUrl(baseUrl: string, path: string, token?: string, user = 'x-access-token'): string {
  const url = new URL(`${baseUrl}/${path}`);
  if (token) {
    url.username = user;
    url.password = token;
  }
  return url.toString();
}
