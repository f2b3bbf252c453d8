import { describe, expect, it } from 'vitest';
import { acceptedRedirectUri } from './redirect-uri.js';

const CALLBACK = 'https://app.example.com/oauth/callback';

describe('acceptedRedirectUri', () => {
  it('uses the callback URL when none is given', () => {
    expect(acceptedRedirectUri(CALLBACK, undefined)).toBe(CALLBACK);
  });

  it('accepts the same host and port with the same path or a subpath', () => {
    for (const uri of [CALLBACK, `${CALLBACK}/more`, `${CALLBACK}?x=1`, `${CALLBACK}/a/b`])
      expect(acceptedRedirectUri(CALLBACK, uri)).toBe(uri);
  });

  it('refuses another host, port, scheme, a sibling path, escapes and credentials', () => {
    for (const uri of [
      'https://evil.example.com/oauth/callback',
      'https://app.example.com:8443/oauth/callback',
      'http://app.example.com/oauth/callback',
      'https://app.example.com/oauth/callbackX',
      'https://app.example.com/oauth',
      'https://app.example.com/oauth/callback/../../steal',
      'https://user:pw@app.example.com/oauth/callback',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(acceptedRedirectUri(CALLBACK, uri), uri).toBeNull();
  });

  it('allows any port for a loopback callback', () => {
    expect(acceptedRedirectUri('http://127.0.0.1/cb', 'http://127.0.0.1:53682/cb')).toBe('http://127.0.0.1:53682/cb');
    expect(acceptedRedirectUri('http://localhost:8080/cb', 'http://localhost:9999/cb/x')).toBe(
      'http://localhost:9999/cb/x',
    );
    expect(acceptedRedirectUri('http://127.0.0.1/cb', 'http://127.0.0.2:1/cb')).toBeNull();
  });

  it('never accepts anything for an app without a callback URL', () => {
    expect(acceptedRedirectUri(null, CALLBACK)).toBeNull();
  });
});
