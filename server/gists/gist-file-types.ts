// A gist file's `type` (a MIME type) and `language` (linguist's name), by
// extension, as GitHub shows them. A short table of the common ones; any
// other file is `text/plain` and `Text`, which is what GitHub shows for
// text it does not recognise.

interface FileKind {
  type: string;
  language: string;
}

const KINDS: Record<string, FileKind> = {
  md: { type: 'text/markdown', language: 'Markdown' },
  markdown: { type: 'text/markdown', language: 'Markdown' },
  txt: { type: 'text/plain', language: 'Text' },
  js: { type: 'application/javascript', language: 'JavaScript' },
  mjs: { type: 'application/javascript', language: 'JavaScript' },
  cjs: { type: 'application/javascript', language: 'JavaScript' },
  ts: { type: 'video/MP2T', language: 'TypeScript' },
  tsx: { type: 'text/tsx', language: 'TSX' },
  jsx: { type: 'text/jsx', language: 'JavaScript' },
  json: { type: 'application/json', language: 'JSON' },
  py: { type: 'application/x-python', language: 'Python' },
  rb: { type: 'application/x-ruby', language: 'Ruby' },
  go: { type: 'text/x-go', language: 'Go' },
  rs: { type: 'text/rust', language: 'Rust' },
  java: { type: 'text/x-java', language: 'Java' },
  c: { type: 'text/x-c', language: 'C' },
  h: { type: 'text/x-c', language: 'C' },
  cpp: { type: 'text/x-c++src', language: 'C++' },
  cs: { type: 'text/x-csharp', language: 'C#' },
  php: { type: 'application/x-httpd-php', language: 'PHP' },
  sh: { type: 'application/x-sh', language: 'Shell' },
  bash: { type: 'application/x-sh', language: 'Shell' },
  yml: { type: 'application/x-yaml', language: 'YAML' },
  yaml: { type: 'application/x-yaml', language: 'YAML' },
  toml: { type: 'application/toml', language: 'TOML' },
  html: { type: 'text/html', language: 'HTML' },
  css: { type: 'text/css', language: 'CSS' },
  xml: { type: 'application/xml', language: 'XML' },
  sql: { type: 'application/sql', language: 'SQL' },
  diff: { type: 'text/x-diff', language: 'Diff' },
  patch: { type: 'text/x-diff', language: 'Diff' },
  csv: { type: 'text/csv', language: 'CSV' },
  svg: { type: 'image/svg+xml', language: 'SVG' },
  kt: { type: 'text/x-kotlin', language: 'Kotlin' },
  swift: { type: 'text/x-swift', language: 'Swift' },
  lua: { type: 'text/x-lua', language: 'Lua' },
  pl: { type: 'text/x-perl', language: 'Perl' },
};

const PLAIN: FileKind = { type: 'text/plain', language: 'Text' };

export function gistFileKind(filename: string): FileKind {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0) return PLAIN;
  return KINDS[filename.slice(dot + 1).toLowerCase()] ?? PLAIN;
}
