// The problems GitHub reports in a CODEOWNERS file (GraphQL's
// `codeowners { errors }`), in the shape of its REST example: a pattern
// CODEOWNERS does not support (`!` negation, `[ ]` ranges, `***`), an owner
// that is neither `@login`, `@org/team` nor an email address, and an owner
// `@login` (or a team's `@org`) with no account here. Whether the owner may
// write to the repository is not checked.
export interface CodeownersError {
  kind: string;
  line: number;
  column: number;
  source: string;
  suggestion: string | null;
  message: string;
  path: string;
}

const USER = /^@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)$/;
const TEAM = /^@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)\/[A-Za-z0-9._-]+$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

interface Token {
  text: string;
  column: number;
}

interface Problem extends Omit<CodeownersError, 'message' | 'path'> {}

function problem(kind: string, line: number, source: string, token: Token, suggestion: string | null): Problem {
  return { kind, line, column: token.column, source, suggestion };
}

function patternProblem(line: number, source: string, pattern: Token): Problem | null {
  if (pattern.text.includes('***'))
    return problem(
      'Invalid pattern',
      line,
      source,
      pattern,
      `Did you mean \`${pattern.text.replace(/\*{3,}/g, '**')}\`?`,
    );
  if (pattern.text.startsWith('!') || /[[\]]/.test(pattern.text))
    return problem('Invalid pattern', line, source, pattern, null);
  return null;
}

/** `<kind> on line <n>: <suggestion>`, then the line with a caret under the column, as GitHub writes it. */
function withMessage(path: string, found: Problem): CodeownersError {
  const head = `${found.kind} on line ${found.line}:${found.suggestion ? ` ${found.suggestion}` : ''}`;
  const message = `${head}\n\n  ${found.source}\n  ${' '.repeat(found.column - 1)}^`;
  return { ...found, message, path };
}

export async function codeownersErrors(
  path: string,
  text: string,
  existingLogins: (logins: string[]) => Promise<Set<string>>,
): Promise<CodeownersError[]> {
  const found: Problem[] = [];
  const accountOwners: Array<{ login: string; line: number; source: string; token: Token }> = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const source = raw.replace(/(^|\s)#.*$/, '').trimEnd();
    const tokens = [...source.matchAll(/\S+/g)].map((match) => ({ text: match[0], column: match.index + 1 }));
    const [pattern, ...owners] = tokens;
    if (!pattern) return;
    const line = index + 1;
    const bad = patternProblem(line, source, pattern);
    if (bad) found.push(bad);
    for (const owner of owners) {
      const account = USER.exec(owner.text)?.[1] ?? TEAM.exec(owner.text)?.[1];
      if (account) accountOwners.push({ login: account, line, source, token: owner });
      else if (!EMAIL.test(owner.text)) found.push(problem('Invalid owner', line, source, owner, null));
    }
  });
  const known = await existingLogins(accountOwners.map(({ login }) => login));
  for (const { login, line, source, token } of accountOwners)
    if (!known.has(login.toLowerCase()))
      found.push(
        problem(
          'Unknown owner',
          line,
          source,
          token,
          `make sure ${token.text} exists and has write access to the repository`,
        ),
      );
  return found.sort((a, b) => a.line - b.line || a.column - b.column).map((each) => withMessage(path, each));
}
