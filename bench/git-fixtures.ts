// Local repositories for `npm run bench:git`, written by `git fast-import`
// (seconds for what `git commit` in a loop would take minutes): a branch of
// N small commits, a commit of N files, a commit of incompressible blobs.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';

export const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};

/** Runs git (stdin from `input`, which may be a generator of chunks); resolves stdout, rejects with stderr. */
export function git(
  args: string[],
  cwd: string,
  input?: Iterable<string | Buffer>,
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'init.defaultBranch=main', ...args], {
      cwd,
      env: { ...GIT_ENV, HOME: cwd, ...env },
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString().trim()) : reject(new Error(`git ${args.join(' ')}: ${err}`)),
    );
    void (async () => {
      for (const chunk of input ?? [])
        if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
      child.stdin.end();
    })();
  });
}

function* commits(branch: string, from: string, count: number, tag: string): Generator<string> {
  for (let i = 1; i <= count; i++) {
    const message = `${tag} commit ${i}\n`;
    const content = `${tag} ${i}\n`;
    yield `commit refs/heads/${branch}\ncommitter Bench <bench@example.com> ${1_700_000_000 + i} +0000\ndata ${message.length}\n${message}`;
    if (i === 1) yield `from ${from}\n`;
    yield `M 644 inline files/${i % 50}.txt\ndata ${content.length}\n${content}\n`;
  }
}

/** A branch of `count` one-file commits on top of `from`. */
export function writeCommits(cwd: string, branch: string, from: string, count: number, tag: string): Promise<string> {
  return git(['fast-import', '--quiet'], cwd, commits(branch, from, count, tag));
}

function* manyFiles(branch: string, count: number): Generator<string> {
  const message = `${count} files\n`;
  yield `commit refs/heads/${branch}\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata ${message.length}\n${message}`;
  for (let i = 0; i < count; i++) {
    const content = `file ${i}\n${'line of text\n'.repeat(20)}`;
    yield `M 644 inline dir${i % 100}/file${i}.txt\ndata ${content.length}\n${content}\n`;
  }
}

/** One commit of `count` small text files. */
export function writeManyFiles(cwd: string, branch: string, count: number): Promise<string> {
  return git(['fast-import', '--quiet', '--force'], cwd, manyFiles(branch, count));
}

function* bigBlobs(branch: string, from: string, files: number, bytesEach: number): Generator<string | Buffer> {
  const message = 'big blobs\n';
  yield `commit refs/heads/${branch}\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata ${message.length}\n${message}from ${from}\n`;
  for (let i = 0; i < files; i++) {
    yield `M 644 inline blob${i}.bin\ndata ${bytesEach}\n`;
    yield randomBytes(bytesEach);
    yield '\n';
  }
}

/** One commit of `files` incompressible blobs of `bytesEach` bytes. */
export function writeBigBlobs(
  cwd: string,
  branch: string,
  from: string,
  files: number,
  bytesEach: number,
): Promise<string> {
  return git(['fast-import', '--quiet'], cwd, bigBlobs(branch, from, files, bytesEach));
}
