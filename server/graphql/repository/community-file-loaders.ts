// A request's reads of the repositories' health files (contents/community-files.ts):
// each repository's listing at its default branch's head once, whichever of
// its fields ask, and the texts they want through one `cat-file --batch` per
// repository. An empty repository (no default branch head) has no files.
import DataLoader from 'dataloader';
import { communityFilesAt, readCommunityFiles, type CommunityFile } from '../../contents/community-files.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';

interface FileKey {
  repo: RepositoryRow;
  file: CommunityFile;
}

interface RefKey {
  repo: RepositoryRow;
  /** A full ref name. */
  ref: string;
}

interface Loaders {
  /** null: the ref does not exist. */
  listing: DataLoader<RefKey, CommunityFile[] | null, string>;
  text: DataLoader<FileKey, string | null, string>;
}

const perRequest = new WeakMap<GraphqlContext['loaders'], Loaders>();

function loadersOf(ctx: GraphqlContext): Loaders {
  let loaders = perRequest.get(ctx.loaders);
  if (loaders) return loaders;
  const { git } = ctx.services;
  loaders = {
    // One repository after another: a list of repositories must not start two git processes each at once.
    listing: new DataLoader(
      async (keys) => {
        const answers: Array<CommunityFile[] | null> = [];
        for (const { repo, ref } of keys) {
          const head = await git.resolveRef(repo.id, ref);
          answers.push(head === null ? null : await communityFilesAt(git, repo.id, head));
        }
        return answers;
      },
      { cacheKeyFn: ({ repo, ref }) => `${repo.id}:${ref}` },
    ),
    text: new DataLoader(
      async (keys) => {
        const texts = new Map<string, string>();
        for (const repo of new Map(keys.map(({ repo }) => [repo.id, repo])).values()) {
          const files = keys.filter((key) => key.repo.id === repo.id).map(({ file }) => file);
          for (const [sha, text] of await readCommunityFiles(git, repo.id, files)) texts.set(`${repo.id}:${sha}`, text);
        }
        return keys.map(({ repo, file }) => texts.get(`${repo.id}:${file.sha}`) ?? null);
      },
      { cacheKeyFn: ({ repo, file }) => `${repo.id}:${file.sha}` },
    ),
  };
  perRequest.set(ctx.loaders, loaders);
  return loaders;
}

/** The regular files of the root, `.github/`, `docs/` and the template folders at the default branch's head. */
export const communityFiles = async (ctx: GraphqlContext, repo: RepositoryRow) =>
  (await loadersOf(ctx).listing.load({ repo, ref: `refs/heads/${repo.default_branch}` })) ?? [];

/** The same files at the head of `ref` (a full ref name); null when there is no such ref. */
export const communityFilesAtRef = (ctx: GraphqlContext, repo: RepositoryRow, ref: string) =>
  loadersOf(ctx).listing.load({ repo, ref });

/** A listed file's text; null when it is over the byte cap (never read). */
export const communityText = (ctx: GraphqlContext, repo: RepositoryRow, file: CommunityFile) =>
  loadersOf(ctx).text.load({ repo, file });
