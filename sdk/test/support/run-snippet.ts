// Runs a TypeScript snippet as an ES module in this process, the way a user's
// script would run: transpiled by TypeScript as it is written, with only its
// '@wharf/sdk' imports pointed at the SDK's source (vitest loads that), and
// what it prints with console.log / console.error captured. Names it uses
// without defining them come from globalThis (vi.stubGlobal).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import ts from 'typescript';

const sdkEntry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
const SDK_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])@wharf\/sdk\2/g;

export interface SnippetRun {
  log: string[];
  error: string[];
  /** The values of the top-level names asked for with `exports`. */
  exports: Record<string, unknown>;
}

let count = 0;

/** `dir` is a scratch directory for the transpiled module; `exports` names top-level bindings to hand back. */
export async function runSnippet(code: string, dir: string, exports: readonly string[] = []): Promise<SnippetRun> {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: false,
  });
  // Appended, not edited in: the snippet's own text runs unchanged. The export
  // also keeps a snippet without imports a module (top-level await), as in an ESM app.
  const exported = `\nexport { ${exports.join(', ')} };\n`;
  const file = join(dir, `snippet-${++count}.mjs`);
  await writeFile(
    file,
    outputText.replace(SDK_SPECIFIER, (_, lead: string, quote: string) => `${lead}${quote}${sdkEntry}${quote}`) +
      exported,
  );

  const run: SnippetRun = { log: [], error: [], exports: {} };
  const { log, error } = console;
  console.log = (...args: unknown[]) => void run.log.push(format(...args));
  console.error = (...args: unknown[]) => void run.error.push(format(...args));
  try {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const name of exports) run.exports[name] = module[name];
  } finally {
    Object.assign(console, { log, error });
  }
  return run;
}
