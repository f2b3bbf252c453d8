// GitHub's issue-search-result-item: the issue body with its score.
import type { Urls } from '../http/urls.js';
import { issueView } from '../issues/issue-view.js';
import { UserViews } from '../repos/user-view.js';
import type { SearchHit } from './issue-search.js';

export function searchResultItems(hits: SearchHit[], urls: Urls) {
  const users = new UserViews(urls);
  return hits.map((hit) => ({ ...issueView(hit.issue, urls, users), score: hit.score }));
}
