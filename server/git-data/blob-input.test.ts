// Decoding a create-blob `content` in pieces gives exactly the bytes a whole
// decode gives, wherever the piece boundaries fall (line breaks, surrogate
// pairs), and refuses what is not Base64.
import { describe, expect, it } from 'vitest';
import { BlobInputError, blobPieces } from './blob-input.js';

const joined = (content: string, encoding: string) => Buffer.concat([...blobPieces(content, encoding)]);

describe('blobPieces', () => {
  it('decodes Base64 with line breaks across piece boundaries (4 Mi characters each)', () => {
    const bytes = Buffer.alloc(7 * 1024 * 1024 + 5);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    // 61-character lines put a `\n` at every possible offset against the 4-character groups.
    const wrapped = bytes.toString('base64').replace(/.{61}/g, '$&\r\n');
    const pieces = [...blobPieces(wrapped, 'base64')];
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });

  it('takes unpadded Base64 and refuses a lone trailing character', () => {
    expect(joined('YWI', 'base64').toString()).toBe('ab');
    expect(() => joined('YWJjZ', 'base64')).toThrow(BlobInputError);
  });

  it('never splits a surrogate pair between utf-8 pieces', () => {
    const text = `${'a'.repeat(4 * 1024 * 1024 - 1)}😀z`;
    expect(joined(text, 'utf-8').equals(Buffer.from(text, 'utf8'))).toBe(true);
  });
});
