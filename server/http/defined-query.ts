// The query parameters a Link header repeats: only those the operation
// defines in openapi.yaml, the first value of each. Echoing whatever came
// (GitHub's links carry only their operation's parameters) let a 15 KB
// query string of made-up parameters become 30 KB of response headers,
// which Node clients refuse (undici's 16 KB limit: UND_ERR_HEADERS_OVERFLOW,
// Octokit on Node included). executeOperation records the names against the
// request's URL; Urls.apiRequest, which every Link header is built on,
// reads them. A URL with none recorded keeps its query as it is.
const defined = new WeakMap<URL, readonly string[]>();

export function recordDefinedQuery(url: URL, names: readonly string[]): void {
  defined.set(url, names);
}

/** `url.search` with only its operation's parameters (`?…`, or ''). */
export function definedSearch(url: URL): string {
  const names = defined.get(url);
  if (names === undefined || url.search === '') return url.search;
  const sent = new URLSearchParams(url.search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = sent.get(name);
    if (value !== null) kept.append(name, value);
  }
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}
