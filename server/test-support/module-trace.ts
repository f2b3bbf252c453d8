// Runs a node process with module-trace-hooks.mjs registered, and reads back
// the modules it loaded: package names, and files of this repository.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../../', import.meta.url);
const HOOKS = new URL('./module-trace-hooks.mjs', import.meta.url).href;

/** Node arguments that register the hooks; pass WHARF_MODULE_TRACE=<file> in the environment. */
export const moduleTraceArgs = [
  '--import',
  `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(HOOKS)});`,
];

export interface LoadedModules {
  /** npm packages, by name (`postgres`, `@scope/name`). */
  packages: Set<string>;
  /** Files of this repository outside node_modules, relative to its root (`dist/server/main.js`). */
  files: Set<string>;
}

export async function loadedModules(traceFile: string): Promise<LoadedModules> {
  const urls = (await readFile(traceFile, 'utf8')).split('\n').filter((url) => url.startsWith('file:'));
  const root = fileURLToPath(ROOT);
  const packages = new Set<string>();
  const files = new Set<string>();
  for (const url of urls) {
    const path = fileURLToPath(url);
    const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
    if (inPackage) packages.add(inPackage[1]!);
    else if (path.startsWith(root)) files.add(path.slice(root.length));
  }
  return { packages, files };
}
