// A create or update request's `files` as the changes to commit, checked
// before any git work: names (gist-limits.ts), blank content, renames onto
// another file, and the size of the gist that would result.
import { validationFailed } from '../errors/domain-error.js';
import type { GistChange, GistEntry } from './gist-git.js';
import { checkGistSize, filenameProblem, invalidFile } from './gist-limits.js';

export type FileUpdate = { content?: string; filename?: string | null } | null;

function checkName(name: string): void {
  const problem = filenameProblem(name);
  if (problem) throw invalidFile('files', problem);
}

const blank = () => validationFailed([{ resource: 'Gist', field: 'files', code: 'missing_field' }]);

/** A new gist's files (each with non-blank content) as changes. */
export function createChanges(files: Record<string, { content: string }>): GistChange[] {
  const sizes = new Map<string, number>();
  const changes: GistChange[] = [];
  for (const [filename, file] of Object.entries(files)) {
    checkName(filename);
    if (file.content.trim() === '') throw blank();
    sizes.set(filename, Buffer.byteLength(file.content));
    changes.push({ filename, content: file.content });
  }
  checkGistSize(sizes);
  return changes;
}

/**
 * An update's changes against the current files: `null` (or empty content)
 * removes a file, `filename` renames it (keeping its content unless new
 * content is given), `content` alone changes or adds one. Renaming onto a
 * file that stays, or removing a file the gist lacks, is 422.
 */
export function updateChanges(current: readonly GistEntry[], files: Record<string, FileUpdate>): GistChange[] {
  const existing = new Map(current.map((e) => [e.filename, e]));
  const result = new Map<string, { sha: string; size: number } | { content: string }>(
    current.map((e) => [e.filename, { sha: e.sha, size: e.size }]),
  );
  for (const [filename, update] of Object.entries(files)) {
    const old = existing.get(filename);
    const newName = update?.filename ?? filename;
    if (update === null || update.content === '') {
      if (!old) throw invalidFile('files', `no file '${filename}' to remove`);
      result.delete(filename);
      continue;
    }
    checkName(newName);
    if (update.content === undefined && !old) throw blank();
    if (newName !== filename) {
      if (result.has(newName) && !(newName in files))
        throw validationFailed([{ resource: 'Gist', field: 'files', code: 'already_exists', value: newName }]);
      result.delete(filename);
    }
    result.set(
      newName,
      update.content === undefined ? { sha: old!.sha, size: old!.size } : { content: update.content },
    );
  }
  const sizes = new Map<string, number>();
  for (const [name, file] of result) sizes.set(name, 'content' in file ? Buffer.byteLength(file.content) : file.size);
  checkGistSize(sizes);
  const changes: GistChange[] = [];
  for (const name of existing.keys()) if (!result.has(name)) changes.push({ filename: name, remove: true });
  for (const [name, file] of result) {
    const old = existing.get(name);
    if ('sha' in file) {
      if (old?.sha !== file.sha) changes.push({ filename: name, sha: file.sha });
    } else changes.push({ filename: name, content: file.content });
  }
  return changes;
}
