// Type-checks code snippets as a user's modules would be: with
// sdk/tsconfig.json's compiler options (strict, NodeNext, ESM) and
// '@wharf/sdk' resolved to the SDK's source, in one in-memory program (so
// nothing is written into the tree). A prelude module may declare globals
// the snippets use without defining them.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const sdkDir = fileURLToPath(new URL('../..', import.meta.url));
const sdkEntry = join(sdkDir, 'src', 'index.ts');
// Inside sdk/ so that sdk/package.json ("type": "module") makes them ES modules, as in a user's ESM app.
const virtualDir = join(sdkDir, '.snippets-in-memory');

export interface Snippet {
  id: string;
  code: string;
}

/** A compiler message, its line 1-based within the snippet (or the prelude). */
export interface SnippetDiagnostic {
  line: number;
  message: string;
}

export interface SnippetReport {
  bySnippet: Map<string, SnippetDiagnostic[]>;
  /** Errors outside the snippets (prelude, options, the SDK itself), formatted. */
  other: string[];
}

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(sdkDir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('sdk/tsconfig.json could not be read');
  // `paths` wins over the package's self-reference, which would resolve to the (possibly stale) dist/.
  return { ...parsed.options, noEmit: true, paths: { '@wharf/sdk': [sdkEntry] }, pathsBasePath: sdkDir };
}

export function typecheckSnippets(snippets: readonly Snippet[], prelude: string): SnippetReport {
  const options = compilerOptions();
  const files = new Map<string, string>([[join(virtualDir, 'prelude.ts'), prelude]]);
  const idOf = new Map<string, string>();
  snippets.forEach((snippet, index) => {
    const fileName = join(virtualDir, `snippet-${index}.ts`);
    files.set(fileName, snippet.code);
    idOf.set(fileName, snippet.id);
  });

  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  host.directoryExists = (name) => name === virtualDir || (directoryExists?.call(host, name) ?? true);
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language, true);
  };

  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const bySnippet = new Map(snippets.map((s) => [s.id, [] as SnippetDiagnostic[]]));
  const other: string[] = [];
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    // Only the snippets' files: the SDK's own errors are `tsc -p sdk/tsconfig.json`'s business.
    ...[...files.keys()].flatMap((name) => {
      const file = program.getSourceFile(name)!;
      return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    }),
  ];
  for (const d of diagnostics) {
    const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    const id = d.file && idOf.get(d.file.fileName);
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    if (id !== undefined) bySnippet.get(id)!.push({ line, message });
    else
      other.push(
        `${d.file ? `${d.file.fileName === join(virtualDir, 'prelude.ts') ? 'prelude' : d.file.fileName}:${line}: ` : ''}${message}`,
      );
  }
  return { bySnippet, other };
}
