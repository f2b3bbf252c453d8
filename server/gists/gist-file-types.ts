// A gist file's `type` (a MIME type, as GitHub shows it for the common
// extensions: `video/MP2T` for `.ts` included) and `language` (Linguist's
// name, server/languages/). Any other type is `text/plain`, and a name
// Linguist does not know is `Text`: what GitHub shows for text it does not
// recognise.
import { languageOfFile } from '../languages/linguist-language.js';

interface FileKind {
  type: string;
  language: string;
}

const TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  js: 'application/javascript',
  mjs: 'application/javascript',
  cjs: 'application/javascript',
  ts: 'video/MP2T',
  tsx: 'text/tsx',
  jsx: 'text/jsx',
  json: 'application/json',
  py: 'application/x-python',
  rb: 'application/x-ruby',
  go: 'text/x-go',
  rs: 'text/rust',
  java: 'text/x-java',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++src',
  cs: 'text/x-csharp',
  php: 'application/x-httpd-php',
  sh: 'application/x-sh',
  bash: 'application/x-sh',
  yml: 'application/x-yaml',
  yaml: 'application/x-yaml',
  toml: 'application/toml',
  html: 'text/html',
  css: 'text/css',
  xml: 'application/xml',
  sql: 'application/sql',
  diff: 'text/x-diff',
  patch: 'text/x-diff',
  csv: 'text/csv',
  svg: 'image/svg+xml',
  kt: 'text/x-kotlin',
  swift: 'text/x-swift',
  lua: 'text/x-lua',
  pl: 'text/x-perl',
};

export function gistFileKind(filename: string): FileKind {
  const dot = filename.lastIndexOf('.');
  const type = dot > 0 ? TYPES[filename.slice(dot + 1).toLowerCase()] : undefined;
  return { type: type ?? 'text/plain', language: languageOfFile(filename)?.name ?? 'Text' };
}
