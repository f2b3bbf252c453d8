// A CODEOWNERS file as GitHub reads it: one rule a line, a path pattern and
// the owners after it (`@login`, `@org/team`, an email address), `#` starting
// a comment (at the line's start, or after whitespace), a later rule
// overriding an earlier one. GitHub's syntax errors are kept with their line
// and column: a pattern negated with `!` or using `[ ]` ranges (gitignore has
// them, CODEOWNERS has not), and an owner that is none of the three forms.
// Whether an owner exists and may own is the caller's question
// (codeowners-errors.ts).

export interface CodeownersOwner {
  /** As written: `@login`, `@org/team` or `name@example.com`. */
  text: string;
  kind: 'user' | 'team' | 'email';
  /** 1-based column of the owner on its line. */
  column: number;
}

export interface CodeownersRule {
  line: number;
  pattern: string;
  owners: CodeownersOwner[];
}

export interface CodeownersSyntaxError {
  line: number;
  column: number;
  source: string;
  kind: 'Invalid pattern' | 'Invalid owner';
  suggestion: string | null;
}

export interface ParsedCodeowners {
  rules: CodeownersRule[];
  errors: CodeownersSyntaxError[];
  /** Each line as written, by number, for error messages. */
  lines: string[];
}

const USER = /^@[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const TEAM = /^@[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function ownerKind(text: string): CodeownersOwner['kind'] | undefined {
  if (USER.test(text)) return 'user';
  if (TEAM.test(text)) return 'team';
  if (EMAIL.test(text)) return 'email';
  return undefined;
}

/** The whitespace-separated words of a line up to its comment, with their 1-based columns; `\ ` and `\#` stay in a word. */
function words(line: string): { text: string; column: number }[] {
  const found: { text: string; column: number }[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i += 1;
    if (i >= line.length || line[i] === '#') break;
    const start = i;
    let text = '';
    while (i < line.length && !/\s/.test(line[i]!)) {
      if (line[i] === '\\' && i + 1 < line.length) {
        text += line[i + 1];
        i += 2;
      } else {
        text += line[i];
        i += 1;
      }
    }
    found.push({ text, column: start + 1 });
  }
  return found;
}

export function parseCodeowners(text: string): ParsedCodeowners {
  const lines = text.split(/\r?\n/);
  const rules: CodeownersRule[] = [];
  const errors: CodeownersSyntaxError[] = [];
  for (const [index, source] of lines.entries()) {
    const line = index + 1;
    const [pattern, ...owners] = words(source);
    if (pattern === undefined) continue;
    const error = (kind: CodeownersSyntaxError['kind'], column: number, suggestion: string | null = null) =>
      errors.push({ line, column, source, kind, suggestion });
    if (pattern.text.startsWith('!') || /[[\]]/.test(pattern.text)) {
      error('Invalid pattern', pattern.column);
      continue;
    }
    if (/\*{3,}/.test(pattern.text)) {
      error('Invalid pattern', pattern.column, `Did you mean \`${pattern.text.replace(/\*{3,}/g, '**')}\`?`);
      continue;
    }
    if (pattern.text === '/') {
      error('Invalid pattern', pattern.column, 'The pattern `/` will never match anything, did you mean `*` instead?');
      continue;
    }
    const valid: CodeownersOwner[] = [];
    for (const owner of owners) {
      const kind = ownerKind(owner.text);
      if (kind) valid.push({ text: owner.text, kind, column: owner.column });
      else error('Invalid owner', owner.column);
    }
    rules.push({ line, pattern: pattern.text, owners: valid });
  }
  return { rules, errors, lines };
}

/** GitHub's `message`: the kind, line and suggestion, the line itself, and a caret under the column. */
export const codeownersMessage = (error: Omit<CodeownersSyntaxError, 'kind'> & { kind: string }): string =>
  `${error.kind} on line ${error.line}:${error.suggestion ? ` ${error.suggestion}` : ''}\n\n  ${error.source}\n  ${' '.repeat(Math.max(0, error.column - 1))}^`;
