// The files GitHub reads from a repository to describe it (GraphQL's
// pullRequestTemplates, issueTemplates, contributingGuidelines, security
// policy): the blobs of the root, `.github/`, `docs/` and the two template
// folders of a commit, found with an `ls-tree` of each of those few trees
// (never a walk of the whole tree), names matched without regard to case as
// GitHub does. Their contents come from the pusher, so reading is bounded: a file
// over MAX_COMMUNITY_FILE_BYTES is never read (its size is known from the
// listing first), and all wanted files are read through one `cat-file --batch`.
import { cappedGit } from '../repos/git-capped.js';
import { ObjectReader } from '../repos/git-batch.js';
import type { GitRepositories } from '../repos/git.js';

/** GitHub's own limit on a template it offers. */
export const MAX_COMMUNITY_FILE_BYTES = 64 * 1024;
const LIST_LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 10_000 };
const ENTRY = /^(\d+) (blob|tree|commit) ([0-9a-f]{40,64}) +(\d+|-)\t(.+)$/s;

export interface CommunityFile {
  /** Path from the root of the tree, as the tree spells it. */
  path: string;
  sha: string;
  size: number;
}

interface Listing {
  /** Regular files only: a symlink or a submodule is no template. */
  files: CommunityFile[];
  /** Subtrees by lower-cased name. */
  trees: Map<string, { sha: string; path: string }>;
}

/** One tree's entries; a listing cut at the byte cap keeps its whole records, a failed one is empty. */
async function listTree(git: GitRepositories, repositoryId: number, tree: string, prefix: string): Promise<Listing> {
  const listing: Listing = { files: [], trees: new Map() };
  const { out, end } = await cappedGit(git, repositoryId, ['ls-tree', '-z', '-l', tree], LIST_LIMITS);
  if (end !== 'whole' && end !== 'cut') return listing;
  const records = out.toString('utf8').split('\0');
  if (end === 'cut') records.pop();
  for (const record of records) {
    const match = ENTRY.exec(record);
    if (!match) continue;
    const [, mode, type, sha, size, name] = match as unknown as string[];
    if (type === 'tree') listing.trees.set(name!.toLowerCase(), { sha: sha!, path: prefix + name! });
    else if (type === 'blob' && (mode === '100644' || mode === '100755'))
      listing.files.push({ path: prefix + name!, sha: sha!, size: Number(size) });
  }
  return listing;
}

/**
 * The regular files directly in the root, `.github/`, `docs/` and the two
 * template folders of `.github/`. Folders are found by name without regard to
 * case (ls-tree's pathspecs cannot), so each is listed by its tree's sha.
 */
export async function communityFilesAt(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
): Promise<CommunityFile[]> {
  const root = await listTree(git, repositoryId, commit, '');
  const sub = (parent: Listing, name: string) => {
    const tree = parent.trees.get(name);
    return tree ? listTree(git, repositoryId, tree.sha, `${tree.path}/`) : null;
  };
  const [github, docs] = await Promise.all([sub(root, '.github'), sub(root, 'docs')]);
  const templates = github
    ? await Promise.all([sub(github, 'issue_template'), sub(github, 'pull_request_template')])
    : [];
  return [root, github, docs, ...templates].flatMap((listing) => listing?.files ?? []);
}

/** The text of each file that is within the byte cap, by blob sha; larger files are left out unread. */
export async function readCommunityFiles(
  git: GitRepositories,
  repositoryId: number,
  files: CommunityFile[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const wanted = files.filter((file) => file.size <= MAX_COMMUNITY_FILE_BYTES);
  if (wanted.length === 0) return texts;
  const reader = new ObjectReader(git, repositoryId);
  try {
    for (const file of wanted) {
      const object = await reader.read(file.sha);
      if (object?.type === 'blob') texts.set(file.sha, object.content.toString('utf8'));
    }
  } finally {
    reader.close();
  }
  return texts;
}
