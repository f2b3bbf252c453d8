// Every URL the API emits is built from WHARF_PUBLIC_URL, so responses are
// right behind a proxy or under another host name; and the noreply email
// addresses it gives people without one, from WHARF_NOREPLY_HOST.
import { noreplyEmail } from '../repos/commit-identity.js';

export class Urls {
  constructor(readonly base: string, readonly noreplyHost = 'wharf.local') {}

  /** GitHub's address for an account without a public email: `<id>+<login>@users.noreply.<host>`. */
  noreply(account: { id: number; login: string }): string {
    return noreplyEmail(account, this.noreplyHost);
  }

  /** REST resource URL (served at the root; also under /api/v3). */
  api(path: string): string {
    return this.base + path;
  }

  /** Web page URL (html_url fields). */
  html(path: string): string {
    return this.base + path;
  }
}
