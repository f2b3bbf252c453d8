// Module customization hooks that append every module URL a process resolves
// to the file named by WHARF_MODULE_TRACE, one per line, so a test can tell
// what a command loaded. Plain JavaScript: node loads it before anything else,
// through `node --import` (moduleTraceArgs in module-trace.ts).
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.WHARF_MODULE_TRACE) appendFileSync(process.env.WHARF_MODULE_TRACE, `${resolved.url}\n`);
  return resolved;
}
