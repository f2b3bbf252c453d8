// POST /markdown's and /markdown/raw's rendering: parse, link references (gfm
// mode with a context), render, sanitise. The size cap is GitHub's: 400 KB of text.
import type { Token } from 'markdown-it';
import { parsers, type MarkdownMode } from './markdown-parser.js';
import { type ContextRepository, contextRepository, type LookupDeps, resolveReferences } from './reference-lookup.js';
import { MAX_REFERENCES, matchesIn, type Reference, referableTexts, referenceKey } from './reference-scan.js';
import { sanitize } from './sanitize.js';
import { linkReferences } from './reference-links.js';

/** GitHub's limit for a Markdown document: "Markdown content must be 400 KB or less". */
export const MAX_MARKDOWN_BYTES = 400 * 1024;

export interface RenderRequest {
  text: string;
  mode: MarkdownMode;
  /** `owner/repo`: where `#12` and commit shas point (gfm mode only). */
  context?: string | undefined;
}

/** Every distinct resolvable reference of the document, at most MAX_REFERENCES of each kind. */
export function collectReferences(tokens: Token[], context: ContextRepository | null): Map<string, Reference> {
  const keys = new Map<string, Reference>();
  const counts = { issue: 0, user: 0, commit: 0, 'repo-commit': 0 };
  for (const { children, index } of referableTexts(tokens)) {
    for (const { reference } of matchesIn(children[index]!.content)) {
      const key = referenceKey(reference, context);
      if (key === null || keys.has(key) || counts[reference.kind] >= MAX_REFERENCES) continue;
      counts[reference.kind]++;
      keys.set(key, reference);
    }
  }
  return keys;
}

/** Sanitised HTML for `text`; references become links only in gfm mode, as GitHub renders them. */
export async function renderMarkdown(deps: LookupDeps, request: RenderRequest): Promise<string> {
  const md = parsers[request.mode];
  const env = {};
  const tokens = md.parse(request.text, env);
  if (request.mode === 'gfm') {
    const context = request.context ? await contextRepository(deps, request.context) : null;
    const keys = collectReferences(tokens, context);
    if (keys.size > 0) {
      const links = await resolveReferences(deps, context, keys);
      if (links.size > 0) linkReferences(tokens, links, context);
    }
  }
  return sanitize(md.renderer.render(tokens, md.options, env));
}
