// Repository.codeowners: the problems of the CODEOWNERS file GitHub uses
// (`.github/`, then the root, then `docs/`) at the head of `refName` (a
// branch name or a full ref; the default branch without one). Null when the
// ref or the file does not exist, and for a file over the byte cap, which is
// never read (GitHub too ignores a CODEOWNERS over its own, larger, limit).
import { healthFile } from '../../contents/community-docs.js';
import { codeownersErrors } from '../../contents/codeowners-check.js';
import type { RepositoryResolvers } from '../generated/resolvers-types.js';
import { communityFilesAtRef, communityText } from './community-file-loaders.js';

const CODEOWNERS = /^CODEOWNERS$/;

export const repositoryCodeownersField: Pick<RepositoryResolvers, 'codeowners'> = {
  codeowners: async (repo, { refName }, ctx) => {
    const name = refName ?? repo.default_branch;
    const files = await communityFilesAtRef(ctx, repo, name.startsWith('refs/') ? name : `refs/heads/${name}`);
    const file = files && healthFile(files, CODEOWNERS);
    const text = file ? await communityText(ctx, repo, file) : null;
    if (file === null || text === null) return null;
    return {
      errors: await codeownersErrors(file.path, text, (logins) => ctx.services.accounts.existingLogins(logins)),
    };
  },
};
