// `npm run docs:config`: rewrites the environment-variable table of
// docs/configuration.md from server/config-variables.ts. Commit the result;
// server/config-docs.test.ts (in `npm test`) fails while the two differ.
import { readFile, writeFile } from 'node:fs/promises';
import { withConfigTable } from './config-table.js';

const page = new URL('../../docs/configuration.md', import.meta.url);
const before = await readFile(page, 'utf8');
const after = withConfigTable(before);
if (after !== before) await writeFile(page, after);
console.error(`docs:config: docs/configuration.md ${after === before ? 'was up to date' : 'rewritten'}`);
