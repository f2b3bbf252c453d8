// Bare git repositories on disk, one per repository id (`<dataDir>/repositories/<id>.git`),
// so a rename never moves anything. Everything goes through the git CLI with
// argument arrays (never a shell).
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GitIdentity } from './commit-identity.js';

const run = promisify(execFile);

export class GitError extends Error {}

/** A loose ref file: a SHA-1 or SHA-256 object name and a newline. */
const LOOSE_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})\n?$/;

// No identity here: a command that writes a commit is given its author and
// committer (commit-identity.ts), and one that is not given them fails rather
// than inventing an address.
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };

export interface CommitIdentities {
  author: GitIdentity;
  committer: GitIdentity;
}

/** The environment `git commit-tree` / `git mktag` read their identities (and dates, when given) from. */
export function identityEnv({ author, committer }: CommitIdentities): Record<string, string> {
  const env: Record<string, string> = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
  if (author.date) env.GIT_AUTHOR_DATE = author.date;
  if (committer.date) env.GIT_COMMITTER_DATE = committer.date;
  return env;
}

export class GitRepositories {
  constructor(private readonly root: string) {}

  pathOf(repositoryId: number): string {
    return join(this.root, `${repositoryId}.git`);
  }

  /** Runs `git <args>` in the repository and returns stdout (throws on a non-zero exit). */
  async git(
    repositoryId: number,
    args: string[],
    input?: string | Buffer,
    env: Record<string, string> = {},
  ): Promise<string> {
    const child = run('git', ['--git-dir', this.pathOf(repositoryId), ...args], {
      env: { ...process.env, ...GIT_ENV, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    if (input !== undefined) child.child.stdin?.end(input);
    const { stdout } = await child;
    return stdout;
  }

  /**
   * Runs `git <args>` with `input` on stdin and returns stdout as bytes (object
   * contents are not text): the batch readers (`cat-file --batch`) of
   * server/graphql/git/ read many objects in one process this way.
   */
  async gitBytes(repositoryId: number, args: string[], input: string, maxBuffer = 128 * 1024 * 1024): Promise<Buffer> {
    const child = run('git', ['--git-dir', this.pathOf(repositoryId), ...args], {
      env: { ...process.env, ...GIT_ENV },
      maxBuffer,
      encoding: 'buffer',
    });
    // git may exit before reading all of stdin (a bad argument): the exit status reports it, not an EPIPE crash.
    child.child.stdin?.on('error', () => {});
    child.child.stdin?.end(input);
    const { stdout } = await child;
    return stdout;
  }

  /** `git <args>` as a child process with its streams, for input or output too large to hold twice. */
  spawn(repositoryId: number, args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
    return spawn('git', ['--git-dir', this.pathOf(repositoryId), ...args], {
      env: { ...process.env, ...GIT_ENV, ...env },
    });
  }

  /**
   * The commit a branch, tag or (possibly abbreviated) sha names, or null:
   * GitHub's `ref` parameter. Branches and tags are tried first, as loose
   * refs where possible (no subprocess on the hot path); anything else is
   * git's rev-parse, told that the name is not an option.
   */
  async commitOf(repositoryId: number, name: string): Promise<string | null> {
    if (name === '' || name.startsWith('-') || /[\0\s:^~?*[\\]|\.\.|@\{/.test(name)) return null;
    if (!name.startsWith('refs/')) {
      const branch = this.readLooseRef(repositoryId, `refs/heads/${name}`);
      if (branch !== null) return branch;
    }
    const candidates = name.startsWith('refs/')
      ? [name]
      : [`refs/heads/${name}`, `refs/tags/${name}`, ...(/^[0-9a-f]{4,64}$/.test(name) ? [name] : [])];
    for (const candidate of candidates) {
      try {
        const sha = (
          await this.git(repositoryId, [
            'rev-parse',
            '--verify',
            '--quiet',
            '--end-of-options',
            `${candidate}^{commit}`,
          ])
        ).trim();
        if (sha) return sha;
      } catch {
        // not this one
      }
    }
    return null;
  }

  async create(repositoryId: number, defaultBranch: string): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await run('git', ['init', '--bare', '--quiet', `--initial-branch=${defaultBranch}`, this.pathOf(repositoryId)], {
      env: { ...process.env, ...GIT_ENV },
    });
  }

  /** An initial commit with a README on the default branch (GitHub's auto_init). */
  async autoInit(
    repositoryId: number,
    defaultBranch: string,
    name: string,
    description: string | null,
    identities: CommitIdentities,
  ): Promise<string> {
    const readme = `# ${name}\n${description ? `\n${description}\n` : ''}`;
    const blob = (await this.git(repositoryId, ['hash-object', '-w', '--stdin'], readme)).trim();
    const tree = (await this.git(repositoryId, ['mktree'], `100644 blob ${blob}\tREADME.md\n`)).trim();
    const commit = (
      await this.git(repositoryId, ['commit-tree', tree, '-m', 'Initial commit'], undefined, identityEnv(identities))
    ).trim();
    await this.git(repositoryId, ['update-ref', `refs/heads/${defaultBranch}`, commit, '0'.repeat(40)]);
    return commit;
  }

  async remove(repositoryId: number): Promise<void> {
    await rm(this.pathOf(repositoryId), { recursive: true, force: true });
  }

  /** The object type of `sha` in this repository, or null when absent. */
  async objectType(repositoryId: number, sha: string): Promise<string | null> {
    try {
      return (await this.git(repositoryId, ['cat-file', '-t', sha])).trim();
    } catch {
      return null;
    }
  }

  /** The sha a full ref name points to (exact match only), or null. */
  async resolveRef(repositoryId: number, ref: string): Promise<string | null> {
    // A loose ref is a file holding the sha, and git reads it before packed-refs:
    // reading it directly spares a subprocess (most of GraphQL's defaultBranchRef,
    // profiled). Anything else (packed, symbolic, absent) is git's to answer.
    const loose = this.readLooseRef(repositoryId, ref);
    if (loose !== null) return loose;
    try {
      return (await this.git(repositoryId, ['show-ref', '--verify', '--hash', ref])).trim() || null;
    } catch {
      return null;
    }
  }

  private readLooseRef(repositoryId: number, ref: string): string | null {
    // Only a well-formed name under refs/ (git refuses `..`, and the path must stay inside the repository).
    if (!/^refs\/(?:[^/.\0\\][^/\0\\]*\/)*[^/.\0\\][^/\0\\]*$/.test(ref) || ref.includes('..') || ref.endsWith('.lock'))
      return null;
    try {
      // Synchronously: a 41-byte file in the page cache is a few µs of
      // syscalls, while fs/promises costs four thread-pool round trips
      // (measured: 8 against 48 µs of CPU per read; GET contents reads one per request).
      const text = readFileSync(join(this.pathOf(repositoryId), ref), 'latin1');
      return LOOSE_SHA.test(text) ? text.trimEnd() : null;
    } catch {
      return null;
    }
  }

  /** Creates `ref` at `sha` only if it does not exist (compare-and-swap with the null sha). */
  createRef(repositoryId: number, ref: string, sha: string): Promise<boolean> {
    return this.updateRef(repositoryId, ref, sha, null);
  }

  /** Moves `ref` to `sha` only if it still points to `oldSha` (null: only if it does not exist yet). */
  async updateRef(repositoryId: number, ref: string, sha: string, oldSha: string | null): Promise<boolean> {
    try {
      await this.git(repositoryId, ['update-ref', ref, sha, oldSha ?? '0'.repeat(40)]);
      return true;
    } catch {
      return false;
    }
  }

  /** True when the repository has no ref at all (GitHub's "Git Repository is empty."). */
  /** KiB of the bare repository on disk (loose objects and packs), as `git count-objects -v` counts them. */
  async diskUsageKib(repositoryId: number): Promise<number> {
    const out = await this.git(repositoryId, ['count-objects', '-v']);
    const kib = (key: string) => Number(new RegExp(`^${key}: (\\d+)$`, 'm').exec(out)?.[1] ?? 0);
    return kib('size') + kib('size-pack');
  }

  async isEmpty(repositoryId: number): Promise<boolean> {
    return (await this.git(repositoryId, ['for-each-ref', '--count=1', '--format=x'])).trim() === '';
  }

  /** Deletes `ref` only if it still points to `oldSha` (compare-and-swap). */
  async deleteRef(repositoryId: number, ref: string, oldSha: string): Promise<boolean> {
    try {
      await this.git(repositoryId, ['update-ref', '-d', ref, oldSha]);
      return true;
    } catch {
      return false;
    }
  }

  /** Every ref (full name → sha) of the repository. */
  async listRefs(repositoryId: number): Promise<Map<string, string>> {
    const out = await this.git(repositoryId, ['for-each-ref', '--format=%(objectname) %(refname)']);
    const refs = new Map<string, string>();
    for (const line of out.split('\n')) {
      const space = line.indexOf(' ');
      if (space > 0) refs.set(line.slice(space + 1), line.slice(0, space));
    }
    return refs;
  }

  /** Every ref with the type of the object it points at, sorted by name (git's order). */
  async listRefObjects(repositoryId: number): Promise<{ ref: string; sha: string; type: string }[]> {
    const out = await this.git(repositoryId, ['for-each-ref', '--format=%(objectname) %(objecttype) %(refname)']);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha, type, ...name] = line.split(' ');
        return { sha: sha!, type: type!, ref: name.join(' ') };
      });
  }

  /** Validates a ref name by git's own rules. */
  async isValidRefName(ref: string): Promise<boolean> {
    try {
      await run('git', ['check-ref-format', ref]);
      return true;
    } catch {
      return false;
    }
  }
}
