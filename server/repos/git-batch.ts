// Long-lived git processes for work that asks git many small things in a
// row: `cat-file --batch` reads objects and `mktree --batch` writes trees,
// one process each however many directories a tree edit touches (one
// process per directory made a 10,000-entry request take 10,000 forks).
// Requests are answered in order, so each is a promise resolved as its
// answer arrives on stdout.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { GitRepositories } from './git.js';

class BatchProcess {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiters: Array<{
    take: (buffer: Buffer) => number;
    resolve: (value: Buffer) => void;
    reject: (error: Error) => void;
  }> = [];
  private failure: Error | null = null;
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(git: GitRepositories, repositoryId: number, args: string[]) {
    this.child = git.spawn(repositoryId, args);
    const stderr: Buffer[] = [];
    this.child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    this.child.stdin.on('error', () => {});
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
    };
    this.child.once('error', fail);
    this.child.once('close', (code) =>
      fail(new Error(`git ${args[0]} ended (${code}): ${Buffer.concat(stderr).toString('utf8').trim()}`)),
    );
  }

  /** Sends `input`; resolves with the bytes `take` claims from the output (it returns how many, or -1 for "not yet"). */
  ask(input: string | Buffer, take: (buffer: Buffer) => number): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    const answer = new Promise<Buffer>((resolve, reject) => this.waiters.push({ take, resolve, reject }));
    this.child.stdin.write(input);
    this.drain();
    return answer;
  }

  private drain(): void {
    while (this.waiters.length > 0) {
      const length = this.waiters[0]!.take(this.buffer);
      if (length < 0) return;
      const waiter = this.waiters.shift()!;
      waiter.resolve(this.buffer.subarray(0, length));
      this.buffer = this.buffer.subarray(length);
    }
  }

  close(): void {
    this.child.stdin.end();
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** A line ending in `\n`: its length with the newline, or -1. */
const line = (buffer: Buffer) => {
  const end = buffer.indexOf(10);
  return end < 0 ? -1 : end + 1;
};

/** Reads objects' raw bytes (`cat-file --batch`); null for a missing one. */
export class ObjectReader {
  private readonly process: BatchProcess;

  constructor(git: GitRepositories, repositoryId: number) {
    this.process = new BatchProcess(git, repositoryId, ['cat-file', '--batch']);
  }

  async read(sha: string): Promise<{ type: string; content: Buffer } | null> {
    let headerLength = -1;
    let size = 0;
    let type = '';
    const answer = await this.process.ask(`${sha}\n`, (buffer) => {
      if (headerLength < 0) {
        headerLength = line(buffer);
        if (headerLength < 0) return -1;
        const header = buffer
          .subarray(0, headerLength - 1)
          .toString('latin1')
          .split(' ');
        if (header[1] === 'missing' || header.length < 3) return headerLength;
        type = header[1]!;
        size = Number(header[2]);
      }
      if (!type) return headerLength;
      // The content, then a newline.
      return buffer.length >= headerLength + size + 1 ? headerLength + size + 1 : -1;
    });
    return type ? { type, content: Buffer.from(answer.subarray(headerLength, headerLength + size)) } : null;
  }

  close(): void {
    this.process.close();
  }
}

/** Writes trees (`mktree --batch`), entries as `<mode> <type> <sha>\t<name>`. */
export class TreeWriter {
  private readonly process: BatchProcess;

  constructor(git: GitRepositories, repositoryId: number) {
    // --missing: a submodule's commit lives in another repository; callers check every other object.
    this.process = new BatchProcess(git, repositoryId, ['mktree', '-z', '--missing', '--batch']);
  }

  async write(entries: string[]): Promise<string> {
    const input = `${entries.map((entry) => `${entry}\0`).join('')}\0`;
    return (await this.process.ask(input, line)).toString('latin1').trim();
  }

  close(): void {
    this.process.close();
  }
}
