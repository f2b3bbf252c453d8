// Page-number pagination as clients use it: start at page 1 and follow
// `rel="next"` until there is none. Every item must be seen exactly once,
// whatever the total and per_page, and the request's own query (filters,
// sort) must survive into every link.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkHeader, pageRequest } from '../../server/paging/pagination.js';
import { parseLinkHeader } from './parse-link-header.js';

interface Walk {
  seen: number[];
  pages: URL[];
  lastLinks: Record<string, string>;
  firstLinks: Record<string, string>;
}

/** Follows `next` from `start` over `total` items, as a client would. */
function walk(start: URL, total: number): Walk {
  const seen: number[] = [];
  const pages: URL[] = [];
  let url: URL | undefined = start;
  let links: Record<string, string> = {};
  let firstLinks: Record<string, string> | undefined;
  while (url) {
    if (pages.length > total + 1) throw new Error(`more pages than items: ${url}`);
    pages.push(url);
    const page = url.searchParams.get('page');
    const perPage = url.searchParams.get('per_page');
    const request = pageRequest({
      page: page === null ? undefined : Number(page),
      per_page: perPage === null ? undefined : Number(perPage),
    });
    for (let item = request.offset; item < Math.min(total, request.offset + request.perPage); item++) seen.push(item);
    links = parseLinkHeader(linkHeader(url, request, total));
    firstLinks ??= links;
    url = links.next === undefined ? undefined : new URL(links.next);
  }
  return { seen, pages, lastLinks: links, firstLinks: firstLinks ?? {} };
}

const queryParams = fc.dictionary(
  fc.constantFrom('sort', 'direction', 'visibility', 'affiliation', 'q'),
  fc.string({ maxLength: 12 }),
  { maxKeys: 3 },
);

describe('pagination (property-based)', () => {
  it('following Link next from page 1 visits every item exactly once, and the last page has no next', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        // Omitted (default 30), in range, or above the 100 cap.
        fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        queryParams,
        (total, perPage, query) => {
          const start = new URL('http://wharf.test/user/repos');
          for (const [key, value] of Object.entries(query)) start.searchParams.set(key, value);
          if (perPage !== undefined) start.searchParams.set('per_page', String(perPage));
          const effective = Math.min(100, perPage ?? 30);

          const { seen, pages, lastLinks, firstLinks } = walk(start, total);

          expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
          expect(pages).toHaveLength(Math.max(1, Math.ceil(total / effective)));
          expect(lastLinks.next).toBeUndefined();
          expect(lastLinks.last).toBeUndefined();
          if (pages.length > 1) {
            expect(new URL(firstLinks.last!).searchParams.get('page')).toBe(String(pages.length));
            expect(new URL(lastLinks.first!).searchParams.get('page')).toBe('1');
          }
          for (const page of pages.slice(1)) {
            expect(page.searchParams.get('per_page')).toBe(String(effective));
            for (const [key, value] of Object.entries(query)) expect(page.searchParams.get(key)).toBe(value);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a page past the end has no next, and prev leads back to the last page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 50 }),
        (total, perPage, beyond) => {
          const lastPage = Math.ceil(total / perPage);
          const url = new URL(`http://wharf.test/user/repos?per_page=${perPage}&page=${lastPage + beyond}`);
          const links = parseLinkHeader(
            linkHeader(url, pageRequest({ page: lastPage + beyond, per_page: perPage }), total),
          );
          expect(links.next).toBeUndefined();
          expect(new URL(links.prev!).searchParams.get('page')).toBe(String(lastPage));
        },
      ),
    );
  });
});
