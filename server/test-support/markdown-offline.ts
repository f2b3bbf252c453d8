// Rendering Markdown without a server: every reference lookup finds nothing
// (no database, no repository), for tests about what any text renders to.
import type { Sql } from '../db/database.js';
import { Urls } from '../http/urls.js';
import type { MarkdownMode } from '../markdown/markdown-parser.js';
import type { LookupDeps } from '../markdown/reference-lookup.js';
import { renderMarkdown } from '../markdown/render-markdown.js';
import type { GitRepositories } from '../repos/git.js';

export const offlineDeps: LookupDeps = {
  sql: (() => Promise.resolve([])) as unknown as Sql,
  git: {} as GitRepositories,
  urls: new Urls('http://wharf.test'),
  principal: { kind: 'anonymous' } as LookupDeps['principal'],
};

export const renderOffline = (text: string, mode: MarkdownMode): Promise<string> =>
  renderMarkdown(offlineDeps, { text, mode });
