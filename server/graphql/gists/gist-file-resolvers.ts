// Gist.files and GistFile: a gist's files read from its git repository
// through the REST side's reads (gist-git.ts), at its head or at a revision
// of its history. The contents of a list are read together, once, and only
// when some file's `text` is asked; each is cut at 1 MiB as REST's `content`
// is (gist-limits.ts), and the gist's own size limit bounds the whole read.
import { gistHead, gistRepositories, gistRevision, listGistFiles, readGistContents } from '../../gists/gist-git.js';
import type { GistEntry } from '../../gists/gist-git.js';
import { MAX_CONTENT_BYTES, MAX_GIST_FILES } from '../../gists/gist-limits.js';
import type { FileContent } from '../../gists/gist-view.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type { GistFileResolvers } from '../generated/resolvers-types.js';
import type { GistModel } from './gist-models.js';
import { languageNodeId, languageOfFile } from '../../languages/linguist-language.js';

export interface GistFileModel {
  entry: GistEntry;
  /** The contents of every file of the list, read on the first `text` asked. */
  contents: () => Promise<ReadonlyMap<string, FileContent>>;
}

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.bmp', '.webp', '.ico', '.svg', '.tif', '.tiff']);

/** The extension with its dot, as GitHub shows it (`.md`); '' for none (a leading dot names a dotfile). */
export function gistFileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read();
    return pending;
  };
}

/** `Gist.files(limit:, oid:)`: null for an oid that is no revision of the gist. */
export async function gistFiles(
  gist: GistModel,
  args: { limit?: number | null; oid?: string | null },
  ctx: GraphqlContext,
): Promise<GistFileModel[] | null> {
  const limit = args.limit ?? 10;
  if (limit < 1 || limit > MAX_GIST_FILES) {
    throw githubError('INVALID_ARGUMENTS', `\`limit\` on the files field must be between 1 and ${MAX_GIST_FILES}.`);
  }
  const git = gistRepositories(ctx.services.config.dataDir);
  const commit = args.oid == null ? await gistHead(git, gist.id) : await gistRevision(git, gist.id, args.oid);
  if (commit === null) return args.oid == null ? [] : null;
  const entries = (await listGistFiles(git, gist.id, commit)).slice(0, limit);
  const contents = once(() => readGistContents(git, gist.id, entries));
  return entries.map((entry) => ({ entry, contents }));
}

async function content(file: GistFileModel): Promise<FileContent> {
  return (await file.contents()).get(file.entry.sha) ?? { content: '', truncated: false };
}

export const GistFile: GistFileResolvers = {
  name: (file) => file.entry.filename,
  encodedName: (file) => encodeURIComponent(file.entry.filename),
  encoding: () => 'UTF-8',
  extension: (file) => gistFileExtension(file.entry.filename),
  isImage: (file) => IMAGE_EXTENSIONS.has(gistFileExtension(file.entry.filename)),
  // readGistContents cuts at MAX_CONTENT_BYTES; the size says so without reading.
  isTruncated: (file) => file.entry.size > MAX_CONTENT_BYTES,
  language: (file) => {
    const language = languageOfFile(file.entry.filename);
    return language ? { id: languageNodeId(language), name: language.name, color: language.color } : null;
  },
  size: (file) => file.entry.size,
  text: async (file, { truncate }) => {
    if (truncate != null && truncate < 0) {
      throw githubError('INVALID_ARGUMENTS', '`truncate` on the text field cannot be less than zero.');
    }
    const { content: text } = await content(file);
    // A NUL byte is how git itself tells binary content from text.
    if (text.includes('\u0000')) return null;
    return truncate == null ? text : text.slice(0, truncate);
  },
};
