// Raw object parsing: identities with their own offsets and in UTC, headers
// that span lines (signatures, merge tags), messages, and binary trees.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { parseCommit, parseIdentity, parseTag, parseTree, splitMessage } from './parse-objects.js';

describe('parseIdentity', () => {
  it('keeps the offset in `date` and converts `utc`', () => {
    expect(parseIdentity('Mona Lisa <mona@example.com> 1700000000 -0530')).toEqual({
      name: 'Mona Lisa',
      email: 'mona@example.com',
      date: '2023-11-14T16:43:20-05:30',
      utc: '2023-11-14T22:13:20Z',
    });
    expect(parseIdentity('A <a@b> 0 +0000')).toMatchObject({
      date: '1970-01-01T00:00:00+00:00',
      utc: '1970-01-01T00:00:00Z',
    });
  });

  it('an empty name or email, and a line git would never write, do not throw', () => {
    expect(parseIdentity('<a@b> 1 +0000')).toMatchObject({ name: '', email: 'a@b' });
    expect(parseIdentity('Nobody <> 1 +0000')).toMatchObject({ name: 'Nobody', email: '' });
    expect(parseIdentity('garbage')).toMatchObject({ name: 'garbage', email: '' });
  });
});

describe('parseCommit', () => {
  it('reads tree, parents, identities and the message past a multi-line signature', () => {
    const raw = Buffer.from(
      [
        `tree ${'a'.repeat(40)}`,
        `parent ${'b'.repeat(40)}`,
        `parent ${'c'.repeat(40)}`,
        'author A <a@x> 1700000000 +0100',
        'committer C <c@x> 1700000060 +0000',
        'gpgsig -----BEGIN PGP SIGNATURE-----',
        ' ',
        ' iQEz',
        ' -----END PGP SIGNATURE-----',
        '',
        'Subject line',
        '',
        'Body text.',
        '',
      ].join('\n'),
    );
    const commit = parseCommit(raw);
    expect(commit).toMatchObject({
      tree: 'a'.repeat(40),
      parents: ['b'.repeat(40), 'c'.repeat(40)],
      message: 'Subject line\n\nBody text.',
    });
    expect(commit.author.name).toBe('A');
    expect(commit.committer.utc).toBe('2023-11-14T22:14:20Z');
    expect(splitMessage(commit.message)).toEqual({ headline: 'Subject line', body: 'Body text.' });
  });

  it('an empty message', () => {
    expect(
      parseCommit(Buffer.from(`tree ${'a'.repeat(40)}\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n\n`)).message,
    ).toBe('');
    expect(splitMessage('')).toEqual({ headline: '', body: '' });
  });
});

describe('parseTag', () => {
  it('drops a signature after the message', () => {
    const tag = parseTag(
      Buffer.from(
        `object ${'d'.repeat(40)}\ntype commit\ntag v1\ntagger T <t@x> 1 +0000\n\nRelease\n-----BEGIN PGP SIGNATURE-----\nxyz\n-----END PGP SIGNATURE-----\n`,
      ),
    );
    expect(tag).toMatchObject({
      object: 'd'.repeat(40),
      type: 'commit',
      name: 'v1',
      message: 'Release',
      tagger: { name: 'T' },
    });
  });
});

describe('parseTree', () => {
  it('reads modes, names (with spaces and UTF-8) and raw ids', () => {
    const entry = (mode: string, name: string, hex: string) =>
      Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(hex, 'hex')]);
    const raw = Buffer.concat([
      entry('100644', 'a file.txt', '11'.repeat(20)),
      entry('40000', 'dïr', '22'.repeat(20)),
      entry('160000', 'sub', '33'.repeat(20)),
    ]);
    expect(parseTree(raw, 20)).toEqual([
      { mode: '100644', name: 'a file.txt', oid: '11'.repeat(20) },
      { mode: '40000', name: 'dïr', oid: '22'.repeat(20) },
      { mode: '160000', name: 'sub', oid: '33'.repeat(20) },
    ]);
    expect(parseTree(raw.subarray(0, raw.length - 1), 20)).toHaveLength(2); // a truncated last entry is left out
    expect(parseTree(raw, 20, 2).map((e) => e.name)).toEqual(['a file.txt', 'dïr']); // the first `max` only
  });
});
