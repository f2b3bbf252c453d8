// Which of a repository's files (community-files.ts) GitHub takes for each
// of its health files, and what an issue template's front matter says:
// - a single health file (CONTRIBUTING, SECURITY.md, a pull request template)
//   is looked for in `.github/`, then the root, then `docs/`, the first found
//   winning, its name matched without regard to case;
// - pull request templates are that single one and every `.md` file of
//   `.github/PULL_REQUEST_TEMPLATE/`;
// - issue templates are the `.md` files of `.github/ISSUE_TEMPLATE/` whose
//   YAML front matter names them: a file without one, or whose YAML does not
//   parse, is skipped (never an error for the whole answer).
import { parse } from 'yaml';
import type { CommunityFile } from './community-files.js';

export interface IssueTemplateDoc {
  filename: string;
  name: string;
  about: string | null;
  title: string | null;
  body: string | null;
}

const FOLDER_ORDER = ['.github', '', 'docs'];
export const CONTRIBUTING = /^contributing(?:\.(?:md|markdown|txt|rst))?$/i;
export const SECURITY_POLICY = /^security\.md$/i;
const PULL_REQUEST_TEMPLATE = /^pull_request_template\.md$/i;
const MARKDOWN = /\.md$/i;
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0)).toLowerCase();
const byPath = (a: CommunityFile, b: CommunityFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function inFolder(files: CommunityFile[], folder: string, name: RegExp): CommunityFile | undefined {
  return files.find((file) => folderOf(file.path) === folder && name.test(baseName(file.path)));
}

/** The health file of this name GitHub uses, or null. */
export function healthFile(files: CommunityFile[], name: RegExp): CommunityFile | null {
  for (const folder of FOLDER_ORDER) {
    const found = inFolder(files, folder, name);
    if (found) return found;
  }
  return null;
}

export function pullRequestTemplateFiles(files: CommunityFile[]): CommunityFile[] {
  const single = healthFile(files, PULL_REQUEST_TEMPLATE);
  const many = files
    .filter((file) => folderOf(file.path) === '.github/pull_request_template' && MARKDOWN.test(file.path))
    .sort(byPath);
  return single ? [single, ...many] : many;
}

export function issueTemplateFiles(files: CommunityFile[]): CommunityFile[] {
  return files
    .filter((file) => folderOf(file.path) === '.github/issue_template' && MARKDOWN.test(file.path))
    .sort(byPath);
}

const stringOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function frontMatter(yaml: string): Record<string, unknown> | null {
  try {
    const value: unknown = parse(yaml);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The template a file describes, or null when it is not one (no front matter, YAML that does not parse, no name). */
export function parseIssueTemplate(path: string, text: string): IssueTemplateDoc | null {
  // Editors on Windows write a byte order mark and CRLF; GitHub reads those templates too.
  const content = text.replace(/^\uFEFF/, '');
  const match = FRONT_MATTER.exec(content);
  if (!match) return null;
  const fields = frontMatter(match[1]!);
  const name = fields && stringOf(fields.name)?.trim();
  if (!fields || !name) return null;
  const body = content.slice(match[0].length);
  return {
    filename: baseName(path),
    name,
    about: stringOf(fields.about),
    title: stringOf(fields.title),
    body: body === '' ? null : body,
  };
}
