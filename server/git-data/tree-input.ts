// A create-tree body's entries as tree edits, checked the way GitHub checks
// them (422 for each of): a path git cannot hold (empty segments, `.`, `..`,
// `.git`, NULs, over 4,096 bytes or a segment over 255), a mode that does not
// go with the type, both or neither of `sha` and `content`, and an object
// that is missing or not of the entry's type. `content` is written as a blob
// here; a `160000` submodule may name a commit of another repository.
import { validationFailed } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import { objectInfos, writeBlob, type GitObjectType } from '../repos/git-objects.js';
import type { TreeEdit } from '../repos/git-tree-edit.js';

export interface TreeEntryInput {
  path: string;
  mode?: string;
  type?: string;
  sha?: string | null;
  content?: string;
}

const MAX_PATH_BYTES = 4096;
const MAX_SEGMENT_BYTES = 255;
const TYPE_OF_MODE: Record<string, GitObjectType> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};

const invalid = (field: string, message: string) =>
  validationFailed([{ resource: 'Tree', field, code: 'invalid', message }]);

function checkPath(path: string): void {
  const segments = path.split('/');
  const bad =
    Buffer.byteLength(path) > MAX_PATH_BYTES ||
    path.includes('\0') ||
    segments.some(
      (s) =>
        s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git' || Buffer.byteLength(s) > MAX_SEGMENT_BYTES,
    );
  if (bad)
    throw invalid('tree.path', `tree.path contains a malformed path component: ${JSON.stringify(path.slice(0, 200))}`);
}

type Checked =
  | { path: string; sha: null }
  | { path: string; mode: string; type: GitObjectType; sha?: string; content?: string };

function checkEntry(entry: TreeEntryInput): Checked {
  checkPath(entry.path);
  if (entry.sha === null && entry.content === undefined) return { path: entry.path, sha: null };
  if (entry.sha !== undefined && entry.content !== undefined)
    throw invalid('tree', 'Must supply either tree.sha or tree.content, not both');
  if (entry.sha === undefined && entry.content === undefined)
    throw invalid('tree', 'Must supply either tree.sha or tree.content');
  if (entry.mode === undefined)
    throw validationFailed([{ resource: 'Tree', field: 'tree.mode', code: 'missing_field' }]);
  const type = TYPE_OF_MODE[entry.mode]!;
  if (entry.type !== undefined && entry.type !== type)
    throw invalid('tree.type', `tree.type ${entry.type} does not go with tree.mode ${entry.mode}`);
  if (entry.content !== undefined && type !== 'blob') throw invalid('tree.content', 'tree.content is only for blobs');
  return { path: entry.path, mode: entry.mode, type, sha: entry.sha?.toLowerCase(), content: entry.content };
}

/** The edits, in the body's order, with every object checked and every `content` written. */
export async function treeEdits(
  git: GitRepositories,
  repositoryId: number,
  entries: TreeEntryInput[],
): Promise<TreeEdit[]> {
  const checked = entries.map(checkEntry);
  const named = checked.flatMap((e) => ('type' in e && e.sha && e.type !== 'commit' ? [e.sha] : []));
  const infos = await objectInfos(git, repositoryId, named);
  const edits: TreeEdit[] = [];
  for (const entry of checked) {
    if (entry.sha === null) {
      edits.push({ path: entry.path, sha: null });
      continue;
    }
    if (!('type' in entry)) continue;
    let sha = entry.sha;
    if (sha && entry.type !== 'commit' && infos.get(sha)?.type !== entry.type)
      throw invalid('tree.sha', `tree.sha ${sha} is not a valid ${entry.type}`);
    if (entry.content !== undefined) sha = await writeBlob(git, repositoryId, entry.content);
    edits.push({ path: entry.path, sha: sha!, mode: entry.mode, type: entry.type });
  }
  return edits;
}
