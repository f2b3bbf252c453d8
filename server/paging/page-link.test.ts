// pageLink answers what linkHeader over the API request URL answers, for
// every path, query, page and total, remembered or not.
import { describe, expect, it } from 'vitest';
import { pageLink } from './page-link.js';
import { linkHeader, pageRequest } from './pagination.js';
import { Urls } from '../http/urls.js';

describe('pageLink', () => {
  it('is linkHeader of the API request URL, asked once or again', () => {
    const urls = new Urls('https://code.example/wharf');
    const requests = [
      'http://127.0.0.1/repos/a/b/commits?per_page=30',
      'http://127.0.0.1/api/v3/repos/a/b/commits?per_page=30',
      'http://127.0.0.1/repos/a/b/commits?per_page=30&page=2',
      'http://127.0.0.1/repos/a/b/issues?state=all&per_page=5&page=3',
      'http://127.0.0.1/repos/a/b/issues',
    ];
    for (const href of requests) {
      const url = new URL(href);
      const q = Object.fromEntries(url.searchParams);
      const page = pageRequest({
        page: q.page ? Number(q.page) : undefined,
        per_page: q.per_page ? Number(q.per_page) : undefined,
      });
      for (const total of [0, 5, 30, 31, 40, 1000]) {
        const expected = linkHeader(urls.apiRequest(url), page, total);
        expect(pageLink(urls, url, page, total)).toBe(expected);
        expect(pageLink(urls, url, page, total)).toBe(expected);
      }
    }
    // Another base gives its own links.
    const other = new Urls('https://other.example');
    const url = new URL(requests[0]!);
    expect(pageLink(other, url, pageRequest({ per_page: 30 }), 40)).toMatch(/^<https:\/\/other\.example\//);
    expect(pageLink(other, url, pageRequest({ per_page: 30 }), 40)).toBe(
      linkHeader(other.apiRequest(url), pageRequest({ per_page: 30 }), 40),
    );
  });
});
