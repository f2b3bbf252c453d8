// A package of this repository as a user gets it: `npm pack` of its folder
// (which runs its prepack build) and `npm install` of the tarball into a new
// project in a temporary directory outside the repository, from npm's cache
// where it can (--prefer-offline). Used by the packed mock's test and
// `npm run bench:mock -- --packaged`.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
/** The npm settings of an `npm run`/`npx` that started us must not steer the child npm. */
export const npmEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
);

export interface PackedInstall {
  /** The project's folder, with the package in its node_modules. */
  project: string;
  /** Deletes the temporary directory. */
  remove(): Promise<void>;
}

/** `folder` (relative to the repository, e.g. `mock`) packed and installed as a dependency of a new project. */
export async function installPacked(folder: string): Promise<PackedInstall> {
  const dir = await mkdtemp(join(tmpdir(), `wharf-packed-${folder}-`));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: join(repo, folder),
      env: npmEnv,
    });
    const tarball = join(dir, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
    const project = join(dir, 'project');
    await mkdir(project);
    const { name } = JSON.parse(await readFile(join(repo, folder, 'package.json'), 'utf8')) as { name: string };
    const manifest = { name: 'uses-packed', private: true, dependencies: { [name]: `file:${tarball}` } };
    await writeFile(join(project, 'package.json'), JSON.stringify(manifest));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project, env: npmEnv });
    return { project, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
