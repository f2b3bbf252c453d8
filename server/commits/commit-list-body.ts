// The body of a commit list page, remembered: the same page of the same
// repository row with the same matched accounts is the same body object, so
// the pipeline's serialization cache answers it without JSON.stringify or
// hashing again (a 30-commit page is ~42 KB: most of a request's CPU,
// measured by `npm run bench`). The matched accounts are part of the key, so
// an account linked or renamed since (commit-users.ts) gives a new body; a
// changed repository row (a push, a rename) is a new key.
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { CommitPage } from './commit-list.js';
import type { CommitUsers } from './commit-users.js';
import { commitView } from './commit-view.js';

type Body = ReturnType<typeof commitView>[];

const bodies = new WeakMap<CommitPage, WeakMap<RepositoryRow, { signature: string; body: Body }>>();

/** What of the matched accounts a body shows (simple-user fields). */
function signatureOf(users: CommitUsers): string {
  return [...users]
    .map(([email, a]) => `${email}\0${a.id}\0${a.login}\0${a.kind}\0${a.site_admin}`)
    .sort()
    .join('\n');
}

export function commitListBody(repo: RepositoryRow, page: CommitPage, users: CommitUsers, urls: Urls): Body {
  const signature = signatureOf(users);
  let byRepo = bodies.get(page);
  if (!byRepo) bodies.set(page, (byRepo = new WeakMap()));
  const known = byRepo.get(repo);
  if (known?.signature === signature) return known.body;
  const body = page.records.map((r) => commitView(repo, r, users, urls));
  byRepo.set(repo, { signature, body });
  return body;
}
