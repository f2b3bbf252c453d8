import { describe, expect, it } from 'vitest';
import { Urls } from './urls.js';

describe('Urls', () => {
  const urls = new Urls('https://code.example/wharf');

  it('writes API URLs under /api/v3 and web URLs at the root of the public URL, its path kept', () => {
    expect(urls.api('/repos/a/b')).toBe('https://code.example/wharf/api/v3/repos/a/b');
    expect(urls.html('/a/b')).toBe('https://code.example/wharf/a/b');
  });

  it('rebuilds the request URL for Link headers under /api/v3, whichever REST base it came in on', () => {
    for (const path of ['/user/repos', '/api/v3/user/repos']) {
      expect(urls.apiRequest(new URL(`http://127.0.0.1:3000${path}?per_page=2&page=3`)).toString()).toBe(
        'https://code.example/wharf/api/v3/user/repos?per_page=2&page=3',
      );
    }
    // Only a whole /api/v3 segment is a prefix.
    expect(urls.apiRequest(new URL('http://127.0.0.1:3000/api/v3x')).toString()).toBe(
      'https://code.example/wharf/api/v3/api/v3x',
    );
  });
});
