// Many objects from one git process: `cat-file --batch-check` resolves
// names (object ids or rev-parse expressions, one a line on stdin, so an
// expression can never be taken for an option) to id, type and size;
// `cat-file --batch` prints their contents.
import type { GitRepositories } from '../../repos/git.js';
import type { GitObjectType } from './models.js';

export interface ObjectInfo {
  oid: string;
  type: GitObjectType;
  size: number;
}

const FOUND = /^([0-9a-f]{40}|[0-9a-f]{64}) (commit|tree|blob|tag) (\d+)$/;

/**
 * One answer per name, in order; null for a name git does not resolve
 * (`<name> missing`, `<name> ambiguous`). Names must be single lines:
 * callers check with `isSafeExpression` or pass object ids.
 */
export async function batchCheck(
  git: GitRepositories,
  repositoryId: number,
  names: readonly string[],
): Promise<(ObjectInfo | null)[]> {
  let out: string;
  try {
    out = (await git.gitBytes(repositoryId, ['cat-file', '--batch-check'], `${names.join('\n')}\n`)).toString('utf8');
  } catch {
    // Some expressions make git die rather than answer `missing` (`main:../x` is "outside repository"):
    // then each name is asked alone, so one bad expression costs only its own answer.
    if (names.length === 1) return [null];
    return (await Promise.all(names.map((name) => batchCheck(git, repositoryId, [name])))).flat();
  }
  const lines = out.split('\n');
  return names.map((_name, i) => {
    const match = FOUND.exec(lines[i] ?? '');
    return match ? { oid: match[1]!, type: match[2] as GitObjectType, size: Number(match[3]) } : null;
  });
}

/** Contents of objects by id, in order; null for one that is missing. */
export async function batchContents(
  git: GitRepositories,
  repositoryId: number,
  oids: readonly string[],
): Promise<(Buffer | null)[]> {
  const out = await git.gitBytes(repositoryId, ['cat-file', '--batch'], `${oids.join('\n')}\n`);
  const contents: (Buffer | null)[] = [];
  let at = 0;
  for (let i = 0; i < oids.length; i++) {
    const newline = out.indexOf(0x0a, at);
    if (newline === -1) throw new Error(`cat-file --batch: ${oids.length - i} answers missing`);
    const header = out.toString('utf8', at, newline);
    const match = FOUND.exec(header);
    if (!match) {
      contents.push(null); // `<oid> missing`
      at = newline + 1;
      continue;
    }
    const size = Number(match[3]);
    contents.push(out.subarray(newline + 1, newline + 1 + size));
    at = newline + 1 + size + 1; // the contents are followed by a newline
  }
  return contents;
}

/**
 * Whether a revision expression may be given to git: a single line, not
 * empty, not taken for an option (a leading `-`), of a sane length.
 */
export function isSafeExpression(expression: string): boolean {
  return (
    expression.length > 0 && expression.length <= 4096 && !expression.startsWith('-') && !/[\0\n\r]/.test(expression)
  );
}
