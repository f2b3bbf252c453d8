// Linguist's language of a file by name: exact names, the longest extension,
// any case, and the documented choice where languages share an extension.
import { describe, expect, it } from 'vitest';
import { languageNodeId, languageOfFile } from './linguist-language.js';

const nameOf = (filename: string) => languageOfFile(filename)?.name;

describe('languageOfFile', () => {
  it('names the language of common extensions, in any case', () => {
    expect(nameOf('hello.rb')).toBe('Ruby');
    expect(nameOf('main.go')).toBe('Go');
    expect(nameOf('lib.rs')).toBe('Rust');
    expect(nameOf('index.ts')).toBe('TypeScript');
    expect(nameOf('App.TSX')).toBe('TSX');
    expect(nameOf('build.zig')).toBe('Zig');
    expect(nameOf('notes.txt')).toBe('Text');
  });

  it('takes exact file names before extensions, and the longest extension first', () => {
    expect(nameOf('Dockerfile')).toBe('Dockerfile');
    expect(nameOf('Makefile')).toBe('Makefile');
    expect(nameOf('types.d.ts')).toBe('TypeScript');
    expect(nameOf('CMakeLists.txt')).toBe('CMake');
  });

  it('settles shared extensions by primary extension, then the oldest language', () => {
    expect(nameOf('stdio.h')).toBe('C');
    expect(nameOf('README.md')).toBe('Markdown');
    expect(nameOf('script.pl')).toBe('Perl');
  });

  it('names nothing for unknown extensions, bare names and dot files it does not know', () => {
    expect(languageOfFile('data.zzzz')).toBeUndefined();
    expect(languageOfFile('notes')).toBeUndefined();
    expect(languageOfFile('.secret')).toBeUndefined();
  });

  it('gives Linguist’s colour and GitHub’s legacy node id', () => {
    const ruby = languageOfFile('a.rb')!;
    expect(ruby.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(Buffer.from(languageNodeId(ruby), 'base64').toString()).toBe(`08:Language${ruby.languageId}`);
  });
});
