// A few commits on octocat/Hello-World's featureA for the commits, compare and
// branches operations (the spec's examples name main, featureA and
// main...featureA): made with the git CLI in a temporary clone and pushed
// through Wharf's git HTTP door, as a user would.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function seedHistory(baseUrl: string, token: string): Promise<void> {
  const home = await mkdtemp(join(tmpdir(), 'wharf-seed-git-'));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Monalisa Octocat',
    GIT_AUTHOR_EMAIL: 'octocat@example.com',
    GIT_COMMITTER_NAME: 'Monalisa Octocat',
    GIT_COMMITTER_EMAIL: 'octocat@example.com',
  };
  const work = join(home, 'Hello-World');
  const git = (...args: string[]) => run('git', args, { cwd: work, env });
  try {
    const url = new URL(`${baseUrl}/octocat/Hello-World.git`);
    url.username = 'x-access-token';
    url.password = token;
    await run('git', ['clone', '--quiet', '--branch', 'featureA', url.toString(), work], { env });
    await writeFile(join(work, 'hello.txt'), 'Hello, world.\n');
    await git('add', 'hello.txt');
    await git('commit', '--quiet', '-m', 'Say hello');
    await writeFile(join(work, 'hello.txt'), 'Hello, world.\nHello again.\n');
    await git('commit', '--quiet', '-am', 'Say hello again');
    await git('push', '--quiet', 'origin', 'featureA');
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
