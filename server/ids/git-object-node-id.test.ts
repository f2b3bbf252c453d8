// Commit (and tree/blob/tag) node IDs: payload version 2 carries the
// repository id and the object id; the legacy `06:Commit<id>:<sha>` form is
// accepted as input; neither can be bent into another kind or repository.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { commitNodeId } from './commit-node-id.js';
import { encodeGitObjectNodeId } from './git-object-node-id.js';
import { decodeNodeId, decodeNodeIdOf, encodeNodeId } from './node-id.js';

const SHA = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
const SHA256 = 'b'.repeat(64);
const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('git object node IDs', () => {
  it('round-trips a commit with the repository id and the sha', () => {
    for (const repo of [1, 127, 128, 1296269, Number.MAX_SAFE_INTEGER]) {
      const id = commitNodeId(repo, SHA);
      expect(id).toMatch(/^CO_[A-Za-z0-9_-]+$/);
      expect(decodeNodeId(id)).toEqual({ type: 'Commit', id: repo, oid: SHA });
    }
    expect(commitNodeId(1296269, SHA.toUpperCase())).toBe(commitNodeId(1296269, SHA));
    expect(commitNodeId(1, SHA)).toHaveLength(3 + 31); // 23 payload bytes
  });

  it('round-trips trees, blobs and tags, and SHA-256 object ids', () => {
    expect(decodeNodeId(encodeGitObjectNodeId('Tree', 5, SHA))).toEqual({ type: 'Tree', id: 5, oid: SHA });
    expect(decodeNodeId(encodeGitObjectNodeId('Blob', 5, SHA))).toEqual({ type: 'Blob', id: 5, oid: SHA });
    expect(decodeNodeId(encodeGitObjectNodeId('Tag', 5, SHA256))).toEqual({ type: 'Tag', id: 5, oid: SHA256 });
    expect(encodeGitObjectNodeId('Tree', 5, SHA).startsWith('TR_')).toBe(true);
  });

  it('refuses to encode what could not be decoded', () => {
    expect(() => commitNodeId(0, SHA)).toThrow(TypeError);
    expect(() => commitNodeId(1, 'abc')).toThrow(TypeError);
    expect(() => encodeGitObjectNodeId('Repository' as 'Commit', 1, SHA)).toThrow(TypeError);
  });

  it('rejects a payload bent to another kind, a wrong length or a truncated varint', () => {
    const id = commitNodeId(42, SHA);
    const payload = Buffer.from(id.slice(3), 'base64url');
    expect(decodeNodeId(`TR_${id.slice(3)}`)).toBeNull(); // kind code 15 under the tree prefix
    expect(decodeNodeId(`CO_${payload.subarray(0, payload.length - 1).toString('base64url')}`)).toBeNull();
    expect(decodeNodeId(`CO_${Buffer.concat([payload, Buffer.from([0])]).toString('base64url')}`)).toBeNull();
    expect(decodeNodeId(`CO_${Buffer.from([2, 15, 0x80]).toString('base64url')}`)).toBeNull();
    expect(decodeNodeId(`R_${Buffer.from([2, 3, 42, ...Buffer.from(SHA, 'hex')]).toString('base64url')}`)).toBeNull(); // not a git kind
    expect(decodeNodeId(`CO_${Buffer.from([3, 15, 42, ...Buffer.from(SHA, 'hex')]).toString('base64url')}`)).toBeNull(); // unknown version
  });

  it('never hands a git object id to a caller asking for a database id', () => {
    expect(decodeNodeIdOf(commitNodeId(42, SHA), 'Commit')).toBeNull();
    expect(decodeNodeIdOf(encodeNodeId('Repository', 42), 'Repository')).toBe(42);
  });

  it('accepts the legacy form `06:Commit<repository id>:<sha>`', () => {
    expect(decodeNodeId(b64(`06:Commit1296269:${SHA}`))).toEqual({ type: 'Commit', id: 1296269, oid: SHA });
    expect(decodeNodeId(b64(`04:Tree7:${SHA}`))).toEqual({ type: 'Tree', id: 7, oid: SHA });
    expect(decodeNodeId(b64(`Commit1296269:${SHA}`))).toEqual({ type: 'Commit', id: 1296269, oid: SHA });
  });

  it('rejects malformed legacy commit ids', () => {
    for (const text of [
      'Commit1296269', // no sha
      `05:Commit1:${SHA}`, // wrong length tag
      `06:Commit1:${SHA.toUpperCase()}`,
      `06:Commit1:${SHA.slice(1)}`,
      `06:Commit0:${SHA}`,
      `010:Repository1:${SHA}`, // a sha on a kind that has a row
      `06:Commit1:${SHA}\n`,
    ])
      expect(decodeNodeId(b64(text)), text).toBeNull();
  });
});
