// Every URL the API emits is built from WHARF_PUBLIC_URL, so responses are
// right behind a proxy or under another host name.
export class Urls {
  constructor(readonly base: string) {}

  /** REST resource URL (served at the root; also under /api/v3). */
  api(path: string): string {
    return this.base + path;
  }

  /** Web page URL (html_url fields). */
  html(path: string): string {
    return this.base + path;
  }
}
