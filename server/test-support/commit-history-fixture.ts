// A repository with a real history for the commits, compare and branches
// tests, made with the git CLI and pushed to Wharf: a root commit, a binary
// file, a rename on a branch with a slash in its name, a merge, a deletion,
// an annotated tag and a diverged branch, by two authors on fixed dates.
import { join } from 'node:path';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import type { TestServer, TestUser } from './test-server.js';

export interface History {
  git: GitCli;
  /** The pushed clone: `git log` here is what the API must agree with. */
  work: string;
  repoId: number;
  /** Commit shas by name: root, binary, rename, readme, merge, remove, other. */
  sha: Record<string, string>;
  /** `git log …` in the clone, as full shas. */
  log(args: string[]): Promise<string[]>;
}

export const ALICE_EMAIL = 'alice@example.com';
export const OTHER_EMAIL = 'someone@elsewhere.example';

/** Creates `<owner>/<name>` (empty, then pushed to) and returns its history. */
export async function pushHistory(server: TestServer, owner: TestUser, name: string): Promise<History> {
  await server.sql`UPDATE accounts SET email = ${ALICE_EMAIL} WHERE id = ${owner.id}`;
  const created = await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name } });
  const repoId = ((await created.json()) as { id: number }).id;
  const git = await gitCli();
  const work = join(git.home, name);
  await git.ok(['init', '--quiet', work]);
  const run = (args: string[], env: Record<string, string> = {}) => git.ok(args, { cwd: work, env });
  const sha: Record<string, string> = {};
  let day = 0;
  const commit = async (key: string, message: string, email = ALICE_EMAIL, extra: string[] = []) => {
    day += 1;
    const date = `2024-01-${String(day).padStart(2, '0')}T12:00:00+02:00`;
    await run(['commit', '--quiet', '--allow-empty', '-m', message, ...extra], {
      GIT_AUTHOR_NAME: email === ALICE_EMAIL ? 'Alice' : 'Someone',
      GIT_AUTHOR_EMAIL: email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: 'Committer',
      GIT_COMMITTER_EMAIL: email === ALICE_EMAIL ? OTHER_EMAIL : ALICE_EMAIL,
      GIT_COMMITTER_DATE: date,
    });
    sha[key] = await run(['rev-parse', 'HEAD']);
  };
  const write = (path: string, content: string | Buffer) =>
    import('node:fs/promises').then(async (fs) => {
      await fs.mkdir(join(work, path, '..'), { recursive: true });
      await fs.writeFile(join(work, path), content);
    });

  await write('README.md', '# History\n');
  await write('a.txt', 'one\ntwo\nthree\nfour\n');
  await run(['add', '.']);
  await commit('root', 'Initial commit\n\nWith a body.');
  await write('image.bin', Buffer.from([0, 1, 2, 3, 255, 0, 7]));
  await run(['add', '.']);
  await commit('binary', 'Add a binary file', OTHER_EMAIL);
  await run(['checkout', '--quiet', '-b', 'feature/x']);
  await run(['mv', 'a.txt', 'b.txt']);
  await write('b.txt', 'one\ntwo\nthree\nfour\nfive\n');
  await run(['add', '-A']);
  await commit('rename', 'Rename a.txt to b.txt');
  await run(['checkout', '--quiet', 'main']);
  await write('README.md', '# History\n\nMore words.\n');
  await run(['add', '.']);
  await commit('readme', 'Say more in the README');
  await run(['tag', '-a', 'v1', '-m', 'Version 1'], { GIT_COMMITTER_DATE: '2024-01-04T13:00:00Z' });
  day += 1;
  await run(['merge', '--quiet', '--no-ff', '--no-edit', 'feature/x'], {
    GIT_AUTHOR_DATE: `2024-01-0${day}T12:00:00Z`,
    GIT_COMMITTER_DATE: `2024-01-0${day}T12:00:00Z`,
  });
  sha.merge = await run(['rev-parse', 'HEAD']);
  await run(['rm', '--quiet', 'image.bin']);
  await commit('remove', 'Remove the binary file');
  await run(['checkout', '--quiet', '-b', 'other', sha.binary!]);
  await write('other.txt', 'elsewhere\n');
  await run(['add', '.']);
  await commit('other', 'Work elsewhere', OTHER_EMAIL);
  await run(['checkout', '--quiet', 'main']);
  await run([
    'push',
    '--quiet',
    cloneUrl(server.url, `${owner.login}/${name}.git`, owner.token),
    'main',
    'feature/x',
    'other',
    'v1',
  ]);
  return {
    git,
    work,
    repoId,
    sha,
    log: async (args) => (await run(['log', '--format=%H', ...args])).split('\n').filter(Boolean),
  };
}
