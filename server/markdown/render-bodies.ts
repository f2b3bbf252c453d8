// Many Markdown texts rendered for one answer (a page of 100 issues, a
// GraphQL query's bodyHTML or titleHTML fields): each with its repository as
// context, as renderMarkdown renders one (bodies in gfm mode; titles, commit
// messages and descriptions as one line of text, below), but the lookups batched
// over the whole answer: one statement for the context repositories, one for every
// issue reference and one for every account of all the documents, and one
// `git cat-file --batch-check` per context repository with commit references.
import type { MarkdownIt, Token } from 'markdown-it';
import { htmlText } from './html-text.js';
import { inlineParsers, parsers } from './markdown-parser.js';
import { type ContextRepository, contextRepositories, type LookupDeps, resolveReferences } from './reference-lookup.js';
import { linkReferences } from './reference-links.js';
import type { Reference } from './reference-scan.js';
import { collectReferences, MAX_MARKDOWN_BYTES } from './render-markdown.js';
import { sanitize } from './sanitize.js';

/**
 * How a document is read (markdown-parser.ts): `body`, a comment's Markdown
 * (the default); `title`, an issue's title (code spans and references);
 * `message`, a commit message (text, autolinks and references); `description`,
 * a repository's description (text and autolinks, no references, as GitHub).
 */
export type BodyFormat = 'body' | 'title' | 'message' | 'description';

export interface BodyDocument {
  /** The Markdown; null (no body) renders as the empty string. */
  text: string | null;
  /** `owner/repo`: where `#12` and commit shas point. */
  context: string | null;
  format?: BodyFormat | undefined;
}

/** Each format's parser, whether it is read as one inline run (no `<p>`), and whether references link. */
const FORMATS = {
  body: { md: parsers.gfm, inline: false, references: true },
  title: { md: inlineParsers.title, inline: true, references: true },
  message: { md: inlineParsers.plain, inline: true, references: true },
  description: { md: inlineParsers.plain, inline: true, references: false },
} as const;

export interface RenderedBody {
  html: string;
  /** The HTML's text content (GitHub's `body_text`). */
  text: string;
}

/**
 * Bounded work: a body is rendered from its first MAX_MARKDOWN_BYTES (GitHub's
 * 400 KB Markdown limit; characters here, cheaper to cut than bytes). Issue and
 * comment bodies are far below it (65,536 characters); a release body has no
 * cap on write, so one of megabytes would otherwise cost seconds per answer.
 */
const MAX_BODY_CHARS = MAX_MARKDOWN_BYTES;

/** Rendered text between two turns of the event loop: a large answer lets other requests in between. */
const YIELD_CHARS = 256 * 1024;

/** Counts work done in promise jobs and yields to the event loop after each YIELD_CHARS of it. */
class Turns {
  private since = 0;
  async after(chars: number): Promise<void> {
    this.since += chars;
    if (this.since < YIELD_CHARS) return;
    this.since = 0;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const EMPTY: RenderedBody = { html: '', text: '' };

interface Parsed {
  md: MarkdownIt;
  tokens: Token[];
  env: Record<string, unknown>;
  context: ContextRepository | null;
  references: boolean;
}

/** The rendered HTML and text of each document, in order. */
export async function renderBodies(deps: LookupDeps, documents: readonly BodyDocument[]): Promise<RenderedBody[]> {
  const linked = (d: BodyDocument) => FORMATS[d.format ?? 'body'].references;
  const names = [
    ...new Set(documents.flatMap((d) => (d.text && d.context && linked(d) ? [d.context.toLowerCase()] : []))),
  ];
  const contexts = await contextRepositories(deps, names);
  const shared = new Map<string, Reference>(); // issues and accounts: their keys name their repository
  const commits = new Map<number, { context: ContextRepository; keys: Map<string, Reference> }>();
  const parsed: (Parsed | null)[] = [];
  const turns = new Turns();
  for (const document of documents) {
    if (!document.text) {
      parsed.push(null);
      continue;
    }
    const env: Record<string, unknown> = {};
    const text = document.text.length > MAX_BODY_CHARS ? document.text.slice(0, MAX_BODY_CHARS) : document.text;
    const format = FORMATS[document.format ?? 'body'];
    const md: MarkdownIt = format.md;
    const tokens = format.inline ? md.parseInline(text, env) : md.parse(text, env);
    const context = document.context ? (contexts.get(document.context.toLowerCase()) ?? null) : null;
    const references = format.references ? collectReferences(tokens, context) : new Map<string, Reference>();
    for (const [key, reference] of references) {
      if (reference.kind !== 'commit') shared.set(key, reference);
      else if (context) {
        let group = commits.get(context.id);
        if (!group) commits.set(context.id, (group = { context, keys: new Map() }));
        group.keys.set(key, reference);
      }
    }
    parsed.push({ md, tokens, env, context: format.references ? context : null, references: format.references });
    await turns.after(text.length);
  }
  const [sharedLinks, ...commitLinks] = await Promise.all([
    shared.size > 0 ? resolveReferences(deps, null, shared) : new Map<string, string>(),
    ...[...commits.values()].map(({ context, keys }) => resolveReferences(deps, context, keys)),
  ]);
  // Each context repository's links: the shared ones and its own commits.
  const linksByContext = new Map<number, Map<string, string>>();
  for (const [i, id] of [...commits.keys()].entries()) {
    linksByContext.set(id, new Map([...sharedLinks!, ...commitLinks[i]!]));
  }
  const out: RenderedBody[] = [];
  for (const item of parsed) {
    if (!item) {
      out.push(EMPTY);
      continue;
    }
    const links = (item.context && linksByContext.get(item.context.id)) || sharedLinks!;
    if (item.references && links.size > 0) linkReferences(item.tokens, links, item.context);
    const { md } = item;
    const html = sanitize(md.renderer.render(item.tokens, md.options, item.env));
    out.push({ html, text: htmlText(html) });
    await turns.after(html.length);
  }
  return out;
}
