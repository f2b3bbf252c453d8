// GitHub's content bodies: content-file, the entries of content-directory,
// content-symlink, content-submodule and the object media type's content-tree.
// `ref` is the name the caller asked for (or the default branch): GitHub
// writes it into `url`, `html_url` and `download_url`.
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { baseName, encodePath } from '../repos/tree-path.js';
import type { TreeEntry } from './tree-entries.js';

export interface ContentSite {
  repo: Pick<RepositoryRow, 'owner_login' | 'name'>;
  ref: string;
  urls: Urls;
}

/** Base64 as GitHub (Ruby's encode64) writes it: lines of 60 characters, each ending in a newline. */
export function base64Lines(bytes: Buffer): string {
  const flat = bytes.toString('base64');
  let out = '';
  for (let i = 0; i < flat.length; i += 60) out += `${flat.slice(i, i + 60)}\n`;
  return out;
}

/** Files above this are listed without content in JSON (`encoding: none`), as on GitHub; raw serves them. */
export const MAX_JSON_CONTENT_BYTES = 1024 * 1024;

function linksOf(site: ContentSite, entry: TreeEntry) {
  const full = `${site.repo.owner_login}/${site.repo.name}`;
  const path = encodePath(entry.path);
  const ref = encodeURIComponent(site.ref);
  const self = site.urls.api(`/repos/${full}/contents/${path}?ref=${ref}`);
  const gitKind = entry.kind === 'dir' || entry.kind === 'submodule' ? 'trees' : 'blobs';
  const git = site.urls.api(`/repos/${full}/git/${gitKind}/${entry.sha}`);
  const html =
    entry.kind === 'submodule'
      ? null
      : site.urls.html(`/${full}/${entry.kind === 'dir' ? 'tree' : 'blob'}/${ref}/${path}`);
  const download =
    entry.kind === 'file' || entry.kind === 'symlink' ? site.urls.html(`/${full}/raw/${ref}/${path}`) : null;
  return { url: self, git_url: git, html_url: html, download_url: download, _links: { self, git, html } };
}

/** One entry of a directory listing. Submodules are `file` there, as GitHub keeps them for compatibility. */
export function directoryEntryView(site: ContentSite, entry: TreeEntry) {
  return {
    type: entry.kind === 'submodule' ? ('file' as const) : entry.kind,
    size: entry.size,
    name: baseName(entry.path),
    path: entry.path,
    sha: entry.sha,
    ...linksOf(site, entry),
  };
}

export function fileView(site: ContentSite, entry: TreeEntry, bytes: Buffer | null) {
  const { url, git_url, html_url, download_url, _links } = linksOf(site, entry);
  return {
    type: 'file' as const,
    encoding: bytes ? 'base64' : 'none',
    size: entry.size,
    name: baseName(entry.path),
    path: entry.path,
    content: bytes ? base64Lines(bytes) : '',
    sha: entry.sha,
    url,
    git_url,
    html_url,
    download_url,
    _links,
  };
}

export function symlinkView(site: ContentSite, entry: TreeEntry, target: string) {
  return { ...directoryEntryView(site, entry), type: 'symlink' as const, target };
}

export function submoduleView(site: ContentSite, entry: TreeEntry, submoduleGitUrl: string) {
  return { ...directoryEntryView(site, entry), type: 'submodule' as const, submodule_git_url: submoduleGitUrl };
}

/** `application/vnd.github.object`: a directory as one object with its listing in `entries`. */
export function treeObjectView(site: ContentSite, entry: TreeEntry, entries: TreeEntry[]) {
  const { url, git_url, html_url, download_url, _links } = linksOf(site, entry);
  return {
    type: 'dir',
    size: 0,
    name: baseName(entry.path),
    path: entry.path,
    sha: entry.sha,
    url,
    git_url,
    html_url,
    download_url,
    _links,
    entries: entries.map((child) => directoryEntryView(site, child)),
  };
}

/** The `content` of a file-commit body: the file as written, without its bytes. */
export function committedFileView(site: ContentSite, entry: TreeEntry) {
  return directoryEntryView(site, entry);
}
