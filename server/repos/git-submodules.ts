// A commit's submodules (GraphQL's `submodules` of a repository and of a
// commit): the entries of its `.gitmodules` as git reads that file (`git
// config --blob`), each with the gitlink its tree holds at the entry's path.
// The file comes from the repository's pusher, so everything is bounded: a
// file over MAX_GITMODULES_BYTES or one git cannot parse lists nothing, an
// entry without a path or url is skipped, at most MAX_SUBMODULES are read.
import { cappedGit } from './git-capped.js';
import type { GitRepositories } from './git.js';

export const MAX_GITMODULES_BYTES = 512 * 1024;
export const MAX_SUBMODULES = 1000;
const LIMITS = { maxBytes: 4 * MAX_GITMODULES_BYTES, timeoutMs: 10_000 };
// Paths from the file are literal paths, never pathspec magic.
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

export interface SubmoduleEntry {
  name: string;
  path: string;
  url: string;
  branch: string | null;
  /** The commit the superproject's tree records at `path`; null when no gitlink is there. */
  commitOid: string | null;
}

/** `submodule.<name>.<key>` values in file order, by name (a name may hold dots; the key never does). */
function parseConfigList(out: string): Map<string, Record<string, string>> {
  const byName = new Map<string, Record<string, string>>();
  for (const item of out.split('\0')) {
    const newline = item.indexOf('\n');
    if (newline < 0) continue;
    const key = item.slice(0, newline);
    const match = /^submodule\.(.+)\.([a-z0-9-]+)$/s.exec(key);
    if (!match) continue;
    const [, name, variable] = match as unknown as [string, string, string];
    if (!byName.has(name) && byName.size >= MAX_SUBMODULES) continue;
    const values = byName.get(name) ?? {};
    values[variable] = item.slice(newline + 1);
    byName.set(name, values);
  }
  return byName;
}

/** The gitlinks (mode 160000) at these paths of the commit's tree. */
async function gitlinksAt(git: GitRepositories, repositoryId: number, commit: string, paths: string[]) {
  const found = new Map<string, string>();
  if (paths.length === 0) return found;
  const listed = await cappedGit(git, repositoryId, ['ls-tree', '-z', commit, '--', ...paths], LIMITS, LITERAL);
  for (const entry of listed.out.toString('utf8').split('\0')) {
    const match = /^160000 commit ([0-9a-f]{40,64})\t(.+)$/s.exec(entry);
    if (match) found.set(match[2]!, match[1]!);
  }
  return found;
}

export async function submodulesAt(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
): Promise<SubmoduleEntry[]> {
  const file = await cappedGit(git, repositoryId, ['ls-tree', '-l', '-z', commit, '--', '.gitmodules'], LIMITS);
  const entry = /^100(?:644|755) blob ([0-9a-f]{40,64}) +(\d+)\t\.gitmodules\0?$/.exec(file.out.toString('utf8'));
  if (file.end !== 'whole' || !entry || Number(entry[2]) > MAX_GITMODULES_BYTES) return [];
  const config = await cappedGit(git, repositoryId, ['config', '--blob', entry[1]!, '-z', '--list'], LIMITS);
  if (config.end !== 'whole') return [];
  const listed = [...parseConfigList(config.out.toString('utf8'))].filter(
    ([, values]) => values.path && values.url && !values.path.includes('\0'),
  );
  const links = await gitlinksAt(
    git,
    repositoryId,
    commit,
    listed.map(([, values]) => values.path!),
  );
  return listed.map(([name, values]) => ({
    name,
    path: values.path!,
    url: values.url!,
    branch: values.branch ?? null,
    commitOid: links.get(values.path!) ?? null,
  }));
}
