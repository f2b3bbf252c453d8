// GET of a path at a ref: which commit the ref names, what the commit holds
// at the path, and the body for the requested media type. Answers are cached
// per commit (content-cache.ts), so a repeated GET costs one ref lookup.
import { posix } from 'node:path';
import { notFound } from '../errors/domain-error.js';
import type { Services } from '../services.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { ContentCache } from './content-cache.js';
import { rememberedCommitOf } from './ref-commits.js';
import {
  directoryEntryView,
  fileView,
  MAX_JSON_CONTENT_BYTES,
  submoduleView,
  symlinkView,
  treeObjectView,
  type ContentSite,
} from './content-views.js';
import { entryAt, listTree, readBlob, submoduleUrl, type TreeEntry } from './tree-entries.js';

/** GitHub's largest file (anything larger is refused on write). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** GitHub lists at most this many entries of a directory here (the trees API has the rest). */
const MAX_DIRECTORY_ENTRIES = 1000;

/** The representations of a content: JSON, GitHub's raw media type (the bytes), or the object one (a directory as one object). */
export type ContentMediaType = 'json' | 'raw' | 'object';

export type ContentAnswer = { json: object } | { raw: Buffer; sha: string };

// One cache per set of repositories on disk (each test server has its own).
const caches = new WeakMap<GitRepositories, ContentCache<ContentAnswer>>();
function cacheOf(git: GitRepositories): ContentCache<ContentAnswer> {
  let cache = caches.get(git);
  if (!cache) caches.set(git, (cache = new ContentCache(64 * 1024 * 1024, 2 * 1024 * 1024)));
  return cache;
}

/** The commit `ref` names (the default branch when absent); 404 with GitHub's messages otherwise. */
export async function commitForRead(
  git: GitRepositories,
  repo: RepositoryRow,
  ref: string | undefined,
): Promise<{ commit: string; ref: string }> {
  const name = ref ?? repo.default_branch;
  const commit = await rememberedCommitOf(git, repo, name);
  if (commit) return { commit, ref: name };
  if ((await git.listRefs(repo.id)).size === 0) throw notFound('This repository is empty.');
  throw notFound(`No commit found for the ref ${name}`);
}

export async function readContent(
  services: Services,
  repo: RepositoryRow,
  ref: string | undefined,
  path: string,
  media: ContentMediaType,
): Promise<ContentAnswer> {
  const { git, urls } = services;
  const resolved = await commitForRead(git, repo, ref);
  const cache = cacheOf(git);
  const key = `${repo.id}\0${repo.owner_login}/${repo.name}\0${resolved.commit}\0${resolved.ref}\0${path}\0${media}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const site: ContentSite = { repo, ref: resolved.ref, urls };
  const entry = await entryAt(git, repo.id, resolved.commit, path);
  if (!entry) throw notFound();
  const answer = await answerFor(git, repo.id, resolved.commit, site, entry, media);
  cache.set(key, answer, 'raw' in answer ? answer.raw.length : Math.ceil(entry.size * 1.4) + 2048);
  return answer;
}

async function answerFor(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
  site: ContentSite,
  entry: TreeEntry,
  media: ContentMediaType,
): Promise<ContentAnswer> {
  switch (entry.kind) {
    case 'dir': {
      const entries = (await listTree(git, repositoryId, entry.sha, entry.path)).slice(0, MAX_DIRECTORY_ENTRIES);
      return {
        json:
          media === 'object'
            ? treeObjectView(site, entry, entries)
            : entries.map((child) => directoryEntryView(site, child)),
      };
    }
    case 'file':
      return fileAnswer(git, repositoryId, site, entry, media);
    case 'symlink': {
      const target = (await readBlob(git, repositoryId, entry.sha, entry.size)).toString('utf8');
      // A link to a file of the repository answers with that file, as GitHub's does.
      const resolved = posix.normalize(posix.join(posix.dirname(entry.path), target));
      if (!target.startsWith('/') && resolved !== '..' && !resolved.startsWith('../')) {
        const pointed = await entryAt(git, repositoryId, commit, resolved);
        if (pointed?.kind === 'file') return fileAnswer(git, repositoryId, site, pointed, media);
      }
      if (media === 'raw') return { raw: Buffer.from(target, 'utf8'), sha: entry.sha };
      return { json: symlinkView(site, entry, target) };
    }
    case 'submodule': {
      const url =
        (await submoduleUrl(git, repositoryId, commit, entry.path)) ??
        site.urls.html(`/${site.repo.owner_login}/${site.repo.name}`);
      return { json: submoduleView(site, entry, url) };
    }
  }
}

async function fileAnswer(
  git: GitRepositories,
  repositoryId: number,
  site: ContentSite,
  entry: TreeEntry,
  media: ContentMediaType,
): Promise<ContentAnswer> {
  if (media === 'raw') return { raw: await readBlob(git, repositoryId, entry.sha, entry.size), sha: entry.sha };
  const bytes = entry.size <= MAX_JSON_CONTENT_BYTES ? await readBlob(git, repositoryId, entry.sha, entry.size) : null;
  return { json: fileView(site, entry, bytes) };
}
