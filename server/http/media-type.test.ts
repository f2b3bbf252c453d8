// The one parser of GitHub's custom media types (raw, object, diff, patch):
// every spelling GitHub takes, the operation's own params only, the first
// one asked for, the server's vendor word and `github` alike.
import { describe, expect, it } from 'vitest';
import { mediaResult, requestedMediaParam } from './media-type.js';

const CONTENTS = ['raw', 'object'] as const;
const COMMITS = ['diff', 'patch'] as const;

describe('requestedMediaParam', () => {
  it('knows every spelling: with or without a version and +json, any case, with parameters', () => {
    for (const accept of [
      'application/vnd.github.raw',
      'application/vnd.github.raw+json',
      'application/vnd.github.v3.raw',
      'application/vnd.github.v4.raw+json',
      'Application/VND.GitHub.RAW; charset=utf-8',
    ]) {
      expect(requestedMediaParam(accept, 'GitHub', CONTENTS), accept).toBe('raw');
    }
    expect(requestedMediaParam('application/vnd.github.object+json', 'GitHub', CONTENTS)).toBe('object');
    expect(requestedMediaParam('application/vnd.github.v3.diff', 'GitHub', COMMITS)).toBe('diff');
    expect(requestedMediaParam('application/vnd.github.patch', 'GitHub', COMMITS)).toBe('patch');
  });

  it("is null (JSON) for JSON, no Accept, another operation's params and look-alikes", () => {
    for (const accept of [
      null,
      '',
      '*/*',
      'application/json',
      'application/vnd.github+json',
      'application/vnd.github.v3+json',
      'application/vnd.github.diff',
      'application/vnd.github.rawness',
      'text/vnd.github.raw',
      'application/vnd.githubx.raw',
    ]) {
      expect(requestedMediaParam(accept, 'GitHub', CONTENTS), String(accept)).toBeNull();
    }
  });

  it("takes the first of the operation's own in a list, past previews and JSON", () => {
    expect(
      requestedMediaParam(
        'application/vnd.github.squirrel-girl-preview+json, application/vnd.github.v3+json, application/vnd.github.object',
        'GitHub',
        CONTENTS,
      ),
    ).toBe('object');
    expect(requestedMediaParam('application/vnd.github.patch, application/vnd.github.diff', 'GitHub', COMMITS)).toBe(
      'patch',
    );
  });

  it('takes a preview name where a version goes, as GitHub parses vnd.github[.<version>][.<param>]', () => {
    const BODIES = ['raw', 'text', 'html', 'full'] as const;
    expect(requestedMediaParam('application/vnd.github.squirrel-girl-preview.html+json', 'GitHub', BODIES)).toBe(
      'html',
    );
    expect(requestedMediaParam('application/vnd.github.squirrel-girl-preview+json', 'GitHub', BODIES)).toBeNull();
    expect(requestedMediaParam('application/vnd.github.v3.full+json', 'GitHub', BODIES)).toBe('full');
    expect(requestedMediaParam('application/vnd.github.html-preview.x.html+json', 'GitHub', BODIES)).toBeNull();
  });

  it("understands the server's vendor word and still github, nobody else's", () => {
    expect(requestedMediaParam('application/vnd.acme.raw', 'Acme', CONTENTS)).toBe('raw');
    expect(requestedMediaParam('application/vnd.github.raw', 'Acme', CONTENTS)).toBe('raw');
    expect(requestedMediaParam('application/vnd.acme.raw', 'GitHub', CONTENTS)).toBeNull();
  });
});

describe('mediaResult', () => {
  it('types the answer as GitHub does and names the media type in X-<Vendor>-Media-Type', () => {
    expect(mediaResult('diff', 'GitHub', 'text', { text: true })).toEqual({
      status: 200,
      raw: 'text',
      contentType: 'application/vnd.github.diff; charset=utf-8',
      headers: {
        'content-type': 'application/vnd.github.diff; charset=utf-8',
        'x-github-media-type': 'github.v3; param=diff',
      },
    });
    expect(mediaResult('raw', 'Acme', Buffer.from('x'), { etag: '"abc"' })).toMatchObject({
      contentType: 'application/vnd.acme.raw',
      etag: '"abc"',
      headers: { 'x-acme-media-type': 'acme.v3; param=raw' },
    });
  });
});
