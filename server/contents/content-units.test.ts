// The small pure parts of the contents API: paths, base64 both ways, media
// types and the answer cache's budget.
import { describe, expect, it } from 'vitest';
import { decodeBase64Bytes, decodeContent } from './base64-content.js';
import { ContentCache } from './content-cache.js';
import { filePath, treePath } from '../repos/tree-path.js';
import { base64Lines } from './content-views.js';
import { findStringField } from './json-string-field.js';
import { contentMediaType } from './handlers/content-media-type.js';

describe('treePath / filePath', () => {
  it('drops slashes at either end and refuses empty, . and .. components', () => {
    expect(treePath('/docs/a.md/')).toBe('docs/a.md');
    expect(treePath('')).toBe('');
    expect(treePath(undefined)).toBe('');
    for (const bad of ['a//b', 'a/./b', '../x', 'a/..', 'a\0b']) expect(treePath(bad), bad).toBeNull();
    expect(() => filePath('/')).toThrow();
    expect(filePath('a/b.txt')).toBe('a/b.txt');
  });
});

describe('base64', () => {
  it('writes lines of 60 characters, each ending in a newline, as GitHub', () => {
    expect(base64Lines(Buffer.alloc(0))).toBe('');
    const text = base64Lines(Buffer.alloc(100, 7));
    expect(text.split('\n').map((line) => line.length)).toEqual([60, 60, 16, 0]);
  });

  it('reads base64 with or without line breaks; anything else is 422', () => {
    const bytes = Buffer.from('hello world, with some length to it\n');
    expect(decodeContent(base64Lines(bytes)).equals(bytes)).toBe(true);
    expect(decodeContent(bytes.toString('base64').replace(/=+$/, '')).equals(bytes)).toBe(true);
    for (const bad of ['not base64!', 'abcde', '====', 'ab=c'])
      expect(() => decodeContent(bad), bad).toThrow(/Validation Failed/);
  });
});

describe('contentMediaType', () => {
  it("knows GitHub's raw and object types, in every spelling, and defaults to JSON", () => {
    expect(contentMediaType('application/vnd.github.raw', 'GitHub')).toBe('raw');
    expect(contentMediaType('application/vnd.github.raw+json', 'GitHub')).toBe('raw');
    expect(contentMediaType('application/vnd.github.v3.raw', 'GitHub')).toBe('raw');
    expect(contentMediaType('application/vnd.github.object+json', 'GitHub')).toBe('object');
    expect(contentMediaType('application/vnd.github+json', 'GitHub')).toBe('json');
    expect(contentMediaType(null, 'GitHub')).toBe('json');
  });
});

describe('ContentCache', () => {
  it('drops the least recently used answers past its budget and never keeps one above the entry cap', () => {
    const cache = new ContentCache<string>(10, 6);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A'); // now b is the oldest
    cache.set('c', 'C', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.set('big', 'X', 7);
    expect(cache.get('big')).toBeUndefined();
  });
});

describe('findStringField', () => {
  const span = (json: string) => {
    const bytes = Buffer.from(json);
    const found = findStringField(bytes, 'content');
    return found && { value: bytes.subarray(found.start, found.end).toString(), escaped: found.escaped };
  };

  it('finds the top-level string among other fields, nested objects and arrays', () => {
    expect(
      span(
        '{"message":"a \\"content\\": x","committer":{"content":"no"},"list":[{"a":"}"}],"content":"aGk=","sha":null}',
      ),
    ).toEqual({ value: 'aGk=', escaped: false });
    expect(span(' { "content" : "x\\ny" } ')).toEqual({ value: 'x\\ny', escaped: true });
  });

  it('gives up (the body is parsed whole) on what it does not expect', () => {
    for (const json of [
      '',
      '[]',
      '{}',
      '{"content":1}',
      '{"content":"a","content":"b"}',
      '{"content":"a"',
      '{"content":"a"} x',
      '{"a" "b"}',
      '{"cont\\u0065nt":"a"}',
    ]) {
      expect(span(json), json).toBeNull();
    }
  });
});

describe('decodeBase64Bytes', () => {
  it('decodes as Buffer.from does, across its slices', () => {
    const bytes = Buffer.alloc(7 * 1024 * 1024 + 5);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    expect(decodeBase64Bytes(Buffer.from(bytes.toString('base64'))).equals(bytes)).toBe(true);
    expect(decodeBase64Bytes(Buffer.from('aGk')).toString()).toBe('hi');
    expect(decodeBase64Bytes(Buffer.from('')).length).toBe(0);
  });

  it('422 for what is not base64, 400 for a raw control character (not JSON)', () => {
    for (const bad of ['not base64!', 'abcde', 'ab=c', 'aGk===', 'é'])
      expect(() => decodeBase64Bytes(Buffer.from(bad)), bad).toThrow(/Validation Failed/);
    expect(() => decodeBase64Bytes(Buffer.from('aG\nk'))).toThrow(/Problems parsing JSON/);
  });
});
