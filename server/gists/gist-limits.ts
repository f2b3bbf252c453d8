// What a gist may hold, checked before any git work (REST writes and pushes
// alike): gists are flat (no directories), as on GitHub, and bounded so that
// reading one back (every file's content in one answer) is bounded too.
import { validationFailed } from '../errors/domain-error.js';

/** Files in one gist (GitHub lists at most 300 files of a gist). */
export const MAX_GIST_FILES = 300;
/** Bytes of all files of one gist together (so also of one file). */
export const MAX_GIST_BYTES = 10 * 1024 * 1024;
/** File content in an API answer stops here, with `truncated: true` (GitHub's 1 MB). */
export const MAX_CONTENT_BYTES = 1024 * 1024;
/** Bytes of a file name (a git tree entry name; most file systems stop at 255). */
export const MAX_FILENAME_BYTES = 255;

/**
 * Why a name cannot be a gist file's, or null: gists have no directories
 * (`/`, `\`), and nothing git or a checkout would misread (NUL and other
 * control characters, `.`/`..`, `.git`).
 */
export function filenameProblem(name: string): string | null {
  if (name.trim() === '') return "filename can't be blank";
  if (Buffer.byteLength(name) > MAX_FILENAME_BYTES) return `filename is longer than ${MAX_FILENAME_BYTES} bytes`;
  if (/[/\\]/.test(name)) return 'Gist files cannot be in directories';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'filename contains a control character';
  if (name === '.' || name === '..' || name.toLowerCase() === '.git') return `filename '${name}' is reserved`;
  return null;
}

export const invalidFile = (field: string, message: string) =>
  validationFailed([{ resource: 'Gist', field, code: 'custom', message }]);

/** 422 unless `files` (name → size in bytes) fits a gist. */
export function checkGistSize(files: ReadonlyMap<string, number>): void {
  if (files.size === 0) throw validationFailed([{ resource: 'Gist', field: 'files', code: 'missing_field' }]);
  if (files.size > MAX_GIST_FILES) throw invalidFile('files', `a gist holds at most ${MAX_GIST_FILES} files`);
  let total = 0;
  for (const size of files.values()) total += size;
  if (total > MAX_GIST_BYTES) throw invalidFile('files', `a gist holds at most ${MAX_GIST_BYTES} bytes`);
}
