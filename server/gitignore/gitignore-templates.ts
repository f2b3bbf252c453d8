// GitHub's .gitignore templates (github/gitignore's top-level ones), from the
// data file bin/fetch-gitignore-templates.mjs generates from a pinned crate:
// nothing is fetched at run time. Names are case-sensitive, as GitHub's.
import data from './generated/templates.json' with { type: 'json' };

const templates = new Map<string, string>(Object.entries(data.templates as Record<string, string>));

/** Every template name, in the data file's (code-unit) order. */
export const GITIGNORE_TEMPLATE_NAMES: readonly string[] = [...templates.keys()];

/** The template's text, or undefined for a name GitHub has not (`node` is not `Node`). */
export const gitignoreTemplate = (name: string): string | undefined => templates.get(name);

/** Where the data came from (crate, version, checksum, github/gitignore commit), for the docs and the test. */
export const GITIGNORE_SOURCE = data.source;
