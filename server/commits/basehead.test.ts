import { describe, expect, it } from 'vitest';
import type { RepositoryRow } from '../repos/repository-row.js';
import { parseBaseHead } from './basehead.js';

const repo = { owner_login: 'Alice', name: 'History' } as RepositoryRow;

describe('parseBaseHead', () => {
  it('splits three dots and two dots at the first run of dots', () => {
    expect(parseBaseHead('main...feature/x', repo)).toEqual({ base: 'main', head: 'feature/x', threeDot: true });
    expect(parseBaseHead('v1..main', repo)).toEqual({ base: 'v1', head: 'main', threeDot: false });
  });

  it('takes owner:ref and owner:repo:ref of this repository, in any case', () => {
    expect(parseBaseHead('alice:main...ALICE:history:dev', repo)).toEqual({
      base: 'main',
      head: 'dev',
      threeDot: true,
    });
  });

  it('refuses other repositories, missing sides and no separator', () => {
    for (const text of ['bob:main...dev', 'alice:other:main...dev', 'main...', '...main', 'main', 'a:b:c:d...main']) {
      expect(parseBaseHead(text, repo), text).toBeNull();
    }
  });
});
