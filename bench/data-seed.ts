// Seeding a Wharf data directory with many repositories, fast: rows in one
// INSERT … SELECT generate_series, and each bare git repository written as the
// four entries git needs (HEAD, config, objects/, refs/) instead of running
// `git init` ten thousand times. The embedded PostgreSQL of a running
// `wharf serve` is reached with the credentials it keeps in the data dir.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, type Sql } from '../server/db/database.js';

/** A connection to the embedded PostgreSQL of a running server on `dataDir`. */
export async function connectEmbedded(dataDir: string): Promise<Sql> {
  const creds = JSON.parse(await readFile(join(dataDir, 'pg-credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const port = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  return connect(
    `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/wharf`,
    { max: 2 },
  );
}

const BARE_CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n';

async function writeBareRepository(path: string): Promise<void> {
  await mkdir(join(path, 'objects'), { recursive: true });
  await mkdir(join(path, 'refs', 'heads'), { recursive: true });
  await mkdir(join(path, 'refs', 'tags'), { recursive: true });
  await writeFile(join(path, 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(path, 'config'), BARE_CONFIG);
}

/**
 * `count` repositories named repo-00001… owned by `ownerId`, each with an
 * (empty) bare git repository. Returns their ids.
 */
export async function seedRepositories(sql: Sql, dataDir: string, ownerId: number, count: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    INSERT INTO repositories (owner_id, name, description, created_at, updated_at)
    SELECT ${ownerId}, 'repo-' || lpad(g::text, 5, '0'), 'seeded', now() - g * interval '1 minute', now() - g * interval '1 minute'
    FROM generate_series(1, ${count}) g RETURNING id`;
  const ids = rows.map((r) => r.id);
  const root = join(dataDir, 'repositories');
  await mkdir(root, { recursive: true });
  for (let i = 0; i < ids.length; i += 200) {
    await Promise.all(ids.slice(i, i + 200).map((id) => writeBareRepository(join(root, `${id}.git`))));
  }
  await sql`ANALYZE repositories`;
  return ids;
}

/**
 * A directory holding a `git` that counts its runs (one line per run in
 * `logFile`) and then runs the real git: put it first on PATH to count the
 * git processes a server spawns.
 */
export async function countingGit(dir: string, logFile: string): Promise<void> {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  await mkdir(dir, { recursive: true });
  const wrapper = join(dir, 'git');
  await writeFile(wrapper, `#!/bin/sh\necho "$1 $2 $3 $4" >> '${logFile}'\nexec '${realGit}' "$@"\n`);
  await chmod(wrapper, 0o755);
}

export async function countLines(file: string): Promise<number> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}
