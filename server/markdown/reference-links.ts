// Turning resolved references into links in the token stream: a text token
// holding `see #12 and @alice` becomes text, a link, text, a link. Links are
// tokens, not HTML, so the renderer escapes their text and the sanitiser sees them like any other.
import type { Token } from 'markdown-it';
import { parsers } from './markdown-parser.js';
import { matchesIn, type Reference, referableTexts, referenceKey } from './reference-scan.js';
import type { ContextRepository } from './reference-lookup.js';

// markdown-it exports Token as a type only: its class is every parsed token's constructor.
const TokenClass = parsers.gfm.parse('a', {})[0]!.constructor as new (
  type: string,
  tag: string,
  nesting: number,
) => Token;

function text(content: string): Token {
  const token = new TokenClass('text', '', 0);
  token.content = content;
  return token;
}

function link(href: string, label: string, reference: Reference): Token[] {
  const open = new TokenClass('link_open', 'a', 1);
  open.attrSet('href', href);
  const close = new TokenClass('link_close', 'a', -1);
  if (reference.kind !== 'commit' && reference.kind !== 'repo-commit') return [open, text(label), close];
  // GitHub shows a commit as its first seven digits in a <tt> (`owner/repo@<tt>abc1234</tt>` for another repository's).
  const code = new TokenClass('html_inline', '', 0);
  code.content = `<tt>${reference.sha.slice(0, 7)}</tt>`;
  if (reference.kind === 'commit') return [open, code, close];
  return [open, text(label.slice(0, label.length - reference.sha.length)), code, close];
}

function replacement(content: string, links: Map<string, string>, context: ContextRepository | null): Token[] | null {
  const out: Token[] = [];
  let at = 0;
  for (const match of matchesIn(content)) {
    const key = referenceKey(match.reference, context);
    const href = key === null ? undefined : links.get(key);
    if (href === undefined) continue;
    if (match.index > at) out.push(text(content.slice(at, match.index)));
    out.push(...link(href, match.text, match.reference));
    at = match.index + match.text.length;
  }
  if (out.length === 0) return null;
  if (at < content.length) out.push(text(content.slice(at)));
  return out;
}

export function linkReferences(tokens: Token[], links: Map<string, string>, context: ContextRepository | null): void {
  // Collected first: splicing while the generator walks would shift its indexes.
  const sites = [...referableTexts(tokens)];
  for (let s = sites.length - 1; s >= 0; s--) {
    const { children, index } = sites[s]!;
    const tokensFor = replacement(children[index]!.content, links, context);
    if (tokensFor) children.splice(index, 1, ...tokensFor);
  }
}
