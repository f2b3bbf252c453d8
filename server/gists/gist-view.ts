// GitHub's gist bodies: base-gist (lists: files without content) and
// gist-simple (one gist: files with content, `history`, `forks`, `fork_of`).
// `id` is the gist's 32-hex name; `user` is null as on GitHub (the owner is
// `owner`).
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import { simpleUser } from '../repos/user-view.js';
import { isoSeconds } from '../views/timestamps.js';
import { gistFileKind } from './gist-file-types.js';
import type { GistEntry } from './gist-git.js';
import type { GistRow } from './gists-store.js';

export interface FileContent {
  content: string;
  truncated: boolean;
}

export function gistUrls(name: string, urls: Urls) {
  const api = urls.api(`/gists/${name}`);
  return {
    url: api,
    forks_url: `${api}/forks`,
    commits_url: `${api}/commits`,
    git: urls.html(`/gist/${name}.git`),
    html_url: urls.html(`/gist/${name}`),
    comments_url: `${api}/comments`,
  };
}

/** Where a file's bytes are served (`/gist/<name>/raw/<blob sha>/<filename>`, web-routes of gists). */
export function rawUrl(name: string, entry: GistEntry, urls: Urls): string {
  return urls.html(`/gist/${name}/raw/${entry.sha}/${encodeURIComponent(entry.filename)}`);
}

export interface GistFileBody {
  filename: string;
  type: string;
  language: string;
  raw_url: string;
  size: number;
  truncated?: boolean;
  content?: string;
  encoding: string;
}

export function gistFiles(
  name: string,
  entries: readonly GistEntry[],
  urls: Urls,
  contents?: ReadonlyMap<string, FileContent>,
) {
  const files: Record<string, GistFileBody> = {};
  for (const entry of entries) {
    const kind = gistFileKind(entry.filename);
    const content = contents?.get(entry.sha);
    files[entry.filename] = {
      filename: entry.filename,
      type: kind.type,
      language: kind.language,
      raw_url: rawUrl(name, entry, urls),
      size: entry.size,
      ...(content ? { truncated: content.truncated, content: content.content } : {}),
      encoding: 'utf-8',
    };
  }
  return files;
}

/** base-gist: the fields every gist body has. */
export function baseGist(
  row: GistRow,
  entries: readonly GistEntry[],
  comments: number,
  urls: Urls,
  contents?: ReadonlyMap<string, FileContent>,
) {
  const links = gistUrls(row.name, urls);
  return {
    url: links.url,
    forks_url: links.forks_url,
    commits_url: links.commits_url,
    id: row.name,
    node_id: encodeNodeId('Gist', row.id),
    git_pull_url: links.git,
    git_push_url: links.git,
    html_url: links.html_url,
    files: gistFiles(row.name, entries, urls, contents),
    public: row.public,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    description: row.description,
    comments,
    comments_enabled: true,
    user: null,
    comments_url: links.comments_url,
    owner: simpleUser(
      { id: row.owner_id, login: row.owner_login, kind: row.owner_kind, site_admin: row.owner_site_admin },
      urls,
    ),
    truncated: false,
  };
}
