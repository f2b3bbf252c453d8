// Test support: a repository's history written by the real git CLI in one
// `git fast-import` run (many commits, exact authors and dates, branches,
// a lightweight and an annotated tag) straight into a bare repository.
import { Buffer } from 'node:buffer';
import { readFile, rm } from 'node:fs/promises';
import type { GitCli } from './git-cli.js';

export interface FixtureCommit {
  /** fast-import mark name used for branches and tags below. */
  mark: number;
  message: string;
  author: string; // `Name <email> <epoch> <tz>`
  committer: string;
  files: Record<string, string | Buffer>;
}

export interface Fixture {
  commits: FixtureCommit[];
  /** branch name → mark */
  branches: Record<string, number>;
  lightweightTags: Record<string, number>;
  annotatedTags: { name: string; mark: number; tagger: string; message: string }[];
}

function data(value: string | Buffer): Buffer[] {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return [Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n')];
}

/** Writes the fixture into the bare repository at `gitDir`; returns each mark's commit sha. */
export async function fastImport(git: GitCli, gitDir: string, fixture: Fixture): Promise<Map<number, string>> {
  const parts: Buffer[] = [];
  const line = (text: string) => parts.push(Buffer.from(`${text}\n`));
  let previous: number | undefined;
  for (const commit of fixture.commits) {
    line('commit refs/fixture/import');
    line(`mark :${commit.mark}`);
    line(`author ${commit.author}`);
    line(`committer ${commit.committer}`);
    parts.push(...data(commit.message));
    if (previous !== undefined) line(`from :${previous}`);
    for (const [path, content] of Object.entries(commit.files)) {
      line(`M 100644 inline ${path}`);
      parts.push(...data(content));
    }
    previous = commit.mark;
  }
  for (const [name, mark] of [
    ...Object.entries(fixture.branches).map(([b, m]) => [`refs/heads/${b}`, m] as const),
    ...Object.entries(fixture.lightweightTags).map(([t, m]) => [`refs/tags/${t}`, m] as const),
  ]) {
    line(`reset ${name}`);
    line(`from :${mark}`);
  }
  for (const tag of fixture.annotatedTags) {
    line(`tag ${tag.name}`);
    line(`from :${tag.mark}`);
    line(`tagger ${tag.tagger}`);
    parts.push(...data(tag.message));
  }
  line('done');
  await git.ok(['--git-dir', gitDir, 'fast-import', '--quiet', '--done', `--export-marks=${gitDir}/fixture-marks`], {
    input: Buffer.concat(parts),
  });
  await git.ok(['--git-dir', gitDir, 'update-ref', '-d', 'refs/fixture/import']);
  const text = await readFile(`${gitDir}/fixture-marks`, 'utf8');
  await rm(`${gitDir}/fixture-marks`);
  return new Map(
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const [mark, sha] = l.split(' ');
        return [Number(mark!.slice(1)), sha!] as const;
      }),
  );
}
