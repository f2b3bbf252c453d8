// The language of a file by its name, as GitHub's Linguist names it, from the
// `linguist-languages` package (Linguist's languages.yml as data): an exact
// file name first (`Dockerfile`, `Makefile`), then the longest extension
// (`.d.ts` before `.ts`), case-insensitively. Linguist settles an extension
// several languages share by looking at the content; by name alone, the
// language named or aliased by the extension wins (`.rs` Rust, not
// RenderScript; `.yaml` YAML), then the one whose primary (first) extension it
// is, then the oldest (lowest `languageId`): `.h` is C, `.pl` Perl.
import * as linguist from 'linguist-languages';

export interface LinguistLanguage {
  name: string;
  /** `#rrggbb`, or null for the languages Linguist gives no colour. */
  color: string | null;
  languageId: number;
}

interface Entry {
  name: string;
  color?: string;
  languageId: number;
  extensions?: readonly string[];
  filenames?: readonly string[];
  aliases?: readonly string[];
}

const byFilename = new Map<string, Entry>();
const byExtension = new Map<string, Entry[]>();
for (const language of Object.values(linguist) as Entry[]) {
  for (const name of language.filenames ?? []) if (!byFilename.has(name)) byFilename.set(name, language);
  for (const extension of language.extensions ?? []) {
    const key = extension.toLowerCase();
    byExtension.set(key, [...(byExtension.get(key) ?? []), language]);
  }
}

const isPrimary = (language: Entry, extension: string) => language.extensions?.[0]?.toLowerCase() === extension;
const isNamedBy = (language: Entry, extension: string) =>
  [language.name, ...(language.aliases ?? [])].some((name) => `.${name.toLowerCase()}` === extension);

function preferred(candidates: Entry[], extension: string): Entry {
  const rank = (language: Entry) => (isNamedBy(language, extension) ? 2 : 0) + (isPrimary(language, extension) ? 1 : 0);
  return [...candidates].sort((a, b) => rank(b) - rank(a) || a.languageId - b.languageId)[0]!;
}

const view = (language: Entry): LinguistLanguage => ({
  name: language.name,
  color: language.color ?? null,
  languageId: language.languageId,
});

/** Linguist's language for a file called `filename` (no directories), or undefined when it names none. */
export function languageOfFile(filename: string): LinguistLanguage | undefined {
  const exact = byFilename.get(filename);
  if (exact) return view(exact);
  // Every suffix from the first dot on, longest first; a leading dot (`.bashrc`) is a name, not an extension.
  for (let dot = filename.indexOf('.', 1); dot > 0; dot = filename.indexOf('.', dot + 1)) {
    const extension = filename.slice(dot).toLowerCase();
    const candidates = byExtension.get(extension);
    if (candidates) return view(preferred(candidates, extension));
  }
  return undefined;
}

/** GitHub's legacy node id of a language (base64 of `08:Language<id>`), as it appears on github.com. */
export const languageNodeId = (language: LinguistLanguage): string =>
  Buffer.from(`08:Language${language.languageId}`).toString('base64');
