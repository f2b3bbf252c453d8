// Runs a node process with module-trace-hooks.mjs registered, and reads back
// what it loaded. The compiled server is bundled (bin/build.mjs), so the
// files it loads are chunks; esbuild heads each bundled module with a
// `// <path>` comment, which names the sources and packages inside a chunk.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOOKS = new URL('./module-trace-hooks.mjs', import.meta.url).href;

/** Node arguments that register the hooks; pass WHARF_MODULE_TRACE=<file> in the environment. */
export const moduleTraceArgs = [
  '--import',
  `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(HOOKS)});`,
];

export interface LoadedModules {
  /** Files of this repository outside node_modules that were loaded, relative to its root (`dist/server/main.js`). */
  files: Set<string>;
  /** npm packages loaded or bundled into a loaded chunk, by name (`postgres`, `@scope/name`). */
  packages: Set<string>;
  /** TypeScript sources bundled into the loaded chunks (`server/cli/admin.ts`). */
  sources: Set<string>;
}

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)\//;

export async function loadedModules(traceFile: string): Promise<LoadedModules> {
  const urls = (await readFile(traceFile, 'utf8')).split('\n').filter((url) => url.startsWith('file:'));
  const loaded: LoadedModules = { files: new Set(), packages: new Set(), sources: new Set() };
  for (const path of new Set(urls.map((url) => fileURLToPath(url)))) {
    const inPackage = PACKAGE.exec(path);
    if (inPackage) {
      loaded.packages.add(inPackage[1]!);
      continue;
    }
    if (!path.startsWith(ROOT)) continue;
    const file = path.slice(ROOT.length);
    loaded.files.add(file);
    if (!file.startsWith('dist/') || !file.endsWith('.js')) continue;
    for (const [, origin] of (await readFile(path, 'utf8')).matchAll(/^\/\/ ((?:node_modules|server)\/\S+)$/gm)) {
      const bundled = PACKAGE.exec(origin!);
      if (bundled) loaded.packages.add(bundled[1]!);
      else loaded.sources.add(origin!);
    }
  }
  return loaded;
}
