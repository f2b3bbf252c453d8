// The repository's release notes configuration (GitHub's `.github/release.yml`
// or `.github/release.yaml`, or the file `configuration_file_path` names), read
// at the release's target commit, and the changelog it shapes:
// - `changelog.exclude.labels` / `.authors` leave pull requests out entirely;
// - `changelog.categories`, in order, each take the remaining pull requests
//   with one of its `labels` (`*`: any) and none of its own `exclude` labels
//   or authors, under `### <title>`; a pull request no category takes is left
//   out, an empty category is not shown;
// - without categories, every pull request not excluded is listed.
// A file that is not YAML, or not of this shape, counts as no configuration.
import { parse } from 'yaml';
import { validationFailed } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';

export const DEFAULT_CONFIG_PATHS = ['.github/release.yml', '.github/release.yaml'];
const WILDCARD = '*';

export interface NotesPull {
  number: number;
  title: string;
  login: string | null;
  user_id: number | null;
  labels: string[];
}
interface Filter {
  labels: string[];
  exclude: { labels: string[]; authors: string[] };
}
interface Category extends Filter {
  title: string;
}
export interface NotesConfig {
  path: string;
  exclude: Filter['exclude'];
  categories: Category[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const excludeOf = (value: unknown) => ({
  labels: strings(record(value).labels),
  authors: strings(record(value).authors),
});

/** The configuration at `commit`: the named file (422 when it does not exist), else the first default file, else null. */
export async function loadNotesConfig(
  services: Pick<Services, 'git'>,
  repo: RepositoryRow,
  commit: string,
  named?: string,
): Promise<NotesConfig | null> {
  for (const path of named !== undefined ? [named] : DEFAULT_CONFIG_PATHS) {
    const text = await readBlob(services, repo, commit, path);
    if (text !== null) return parseConfig(path, text);
  }
  if (named !== undefined)
    throw validationFailed([{ resource: 'Release', code: 'invalid', field: 'configuration_file_path' }]);
  return null;
}

async function readBlob(
  services: Pick<Services, 'git'>,
  repo: RepositoryRow,
  commit: string,
  path: string,
): Promise<string | null> {
  // `<commit>:<path>` reads the path literally; a path git cannot name is simply not there.
  if (path === '' || path.includes('\0') || path.includes('\n')) return null;
  try {
    const type = (await services.git.git(repo.id, ['cat-file', '-t', `${commit}:${path}`])).trim();
    return type === 'blob' ? await services.git.git(repo.id, ['cat-file', 'blob', `${commit}:${path}`]) : null;
  } catch {
    return null;
  }
}

function parseConfig(path: string, text: string): NotesConfig | null {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch {
    return null;
  }
  const changelog = record(record(doc).changelog);
  const categories = Array.isArray(changelog.categories) ? changelog.categories.map(record) : [];
  return {
    path,
    exclude: excludeOf(changelog.exclude),
    categories: categories.map((c) => {
      const labels = strings(c.labels);
      const title = typeof c.title === 'string' ? c.title : `Pull Requests with labels: ${labels.join(', ')}`;
      return { title, labels, exclude: excludeOf(c.exclude) };
    }),
  };
}

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function matches(pull: NotesPull, filter: Filter): boolean {
  const included = filter.labels.includes(WILDCARD) || pull.labels.some((l) => filter.labels.includes(l));
  const excludedLabel = pull.labels.some((l) => filter.exclude.labels.includes(l));
  const excludedAuthor = pull.login !== null && filter.exclude.authors.some((a) => sameLogin(a, pull.login!));
  return included && !excludedLabel && !excludedAuthor;
}

/** The pull requests the configuration does not exclude (all without one). */
export function includedPulls(pulls: NotesPull[], config: NotesConfig | null): NotesPull[] {
  return config ? pulls.filter((p) => matches(p, { labels: [WILDCARD], exclude: config.exclude })) : pulls;
}

/** `## What's Changed` with its lines (under `### <title>` per category when configured), or '' for none. */
export function changelogSection(
  pulls: NotesPull[],
  config: NotesConfig | null,
  line: (p: NotesPull) => string,
): string {
  let body: string[] = [];
  if (config && config.categories.length > 0) {
    let remaining = pulls;
    for (const category of config.categories) {
      const taken = remaining.filter((p) => matches(p, category));
      if (taken.length === 0) continue;
      remaining = remaining.filter((p) => !taken.includes(p));
      body.push(`### ${category.title}`, ...taken.map(line));
    }
  } else {
    body = pulls.map(line);
  }
  return body.length > 0 ? ["## What's Changed", ...body].join('\n') : '';
}
