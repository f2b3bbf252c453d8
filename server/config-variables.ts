// Every environment variable Wharf reads (server/config.ts and the
// parsers it calls), with its default and meaning as docs/configuration.md
// shows them. This list is the one source of that table: `npm run docs:config`
// writes it (server/codegen/config-docs.ts), and server/config-docs.test.ts
// fails when the page or the variables read drift from it. Defaults and
// descriptions are Markdown; the parsing and its checks stay in config.ts.

export interface ConfigVariable {
  readonly name: string;
  /** The default as documented (Markdown). */
  readonly default: string;
  /** What it means (Markdown; links are relative to docs/). */
  readonly description: string;
}

export const CONFIG_VARIABLES = [
  {
    name: 'PORT',
    default: '`3000`',
    description: 'listening port',
  },
  {
    name: 'HOST',
    default: '`127.0.0.1`',
    description: 'listening address',
  },
  {
    name: 'DATABASE_URL',
    default: 'unset',
    description:
      'PostgreSQL 15+ connection URL; unset → embedded PostgreSQL under `WHARF_DATA_DIR/pg`, started and stopped with the server',
  },
  {
    name: 'WHARF_DATA_DIR',
    default: '`./.data`',
    description: 'embedded database and bare git repositories (`repositories/<id>.git`)',
  },
  {
    name: 'WHARF_PUBLIC_URL',
    default: '`http://HOST:PORT`',
    description:
      'base of every URL in responses and `Link` headers (API URLs under `{WHARF_PUBLIC_URL}/api/v3`, web URLs at its root)',
  },
  {
    name: 'WHARF_VENDOR',
    default: '`GitHub`',
    description:
      'the word in `X-<Vendor>-…` headers and `application/vnd.<vendor>+json`; `X-Hub-Signature-256` never changes',
  },
  {
    name: 'WHARF_NOREPLY_HOST',
    default: "the public URL's host when it is a domain name, else `wharf.local`",
    description:
      'commits Wharf makes (`auto_init`, …) are authored by the caller with their email, or `<id>+<login>@users.noreply.<host>`, and committed by `<Vendor> <noreply@<host>>`; must contain a dot',
  },
  {
    name: 'WHARF_TRUST_PROXY',
    default: 'empty',
    description: 'comma-separated proxy addresses whose `X-Forwarded-For` is believed for the client IP',
  },
  {
    name: 'WHARF_LOG_LEVEL',
    default: '`info`',
    description: '`debug`, `info`, `warn`, `error`; structured JSON lines on stderr',
  },
  {
    name: 'WHARF_RATE_LIMIT_AUTHENTICATED',
    default: '`5000`',
    description: 'requests per window per user',
  },
  {
    name: 'WHARF_RATE_LIMIT_UNAUTHENTICATED',
    default: '`60`',
    description: 'requests per window per client IP',
  },
  {
    name: 'WHARF_RATE_LIMIT_WINDOW_S',
    default: '`3600`',
    description: 'window length in seconds',
  },
  {
    name: 'WHARF_RATE_LIMIT_GRAPHQL',
    default: '`WHARF_RATE_LIMIT_AUTHENTICATED` (5000)',
    description:
      'GraphQL points per window per user or installation (the `graphql` resource; see [GraphQL resource limits](graphql.md#graphql-resource-limits))',
  },
  {
    name: 'WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED',
    default: '`30`',
    description:
      "searches (GET /search/issues) per search window per user or installation (the `search` resource, apart from `core`, as GitHub's)",
  },
  {
    name: 'WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED',
    default: '`10`',
    description: 'searches per search window per client IP',
  },
  {
    name: 'WHARF_RATE_LIMIT_SEARCH_WINDOW_S',
    default: '`60`',
    description: "length of the `search` resource's window in seconds",
  },
  {
    name: 'WHARF_OAUTH_ERROR_STATUS',
    default: '`github`',
    description:
      "status of the token endpoint's flow errors: `github` (200, as GitHub) or `rfc6749` (400, and 401 for `incorrect_client_credentials`); the bodies are the same",
  },
  {
    name: 'WHARF_WEBHOOK_ALLOWED_HOSTS',
    default: '`external`',
    description:
      'where deliveries may connect, checked on the resolved address at connect time: comma-separated `external` (public addresses), `loopback`, `private` (RFC 1918, CGNAT, ULA), `*`, CIDRs or IPs (`10.1.0.0/16`), host names (`hooks.example.com`, `*.example.com`)',
  },
  {
    name: 'WHARF_WEBHOOK_TIMEOUT',
    default: '`10s`',
    description: 'whole-attempt timeout of a delivery (`ms`, `s`, `m`, `h`, `d`)',
  },
  {
    name: 'WHARF_WEBHOOK_RETRY_SCHEDULE',
    default: '`10s,1m,5m,30m,2h,6h`',
    description: 'delays before automatic retries 1, 2, … (each ±20 % jitter); `none` turns retries off',
  },
  {
    name: 'WHARF_WEBHOOK_DISABLE_AFTER',
    default: '`3d`',
    description: 'a hook whose every delivery has failed for this long is set `active: false`',
  },
  {
    name: 'WHARF_WEBHOOK_RETENTION',
    default: '`30d`',
    description: 'delivery history (and finished jobs) older than this is pruned hourly',
  },
  {
    name: 'WHARF_WEBHOOK_DISPATCH',
    default: '`on`',
    description: '`off`: `wharf serve` sends no deliveries itself (run `wharf worker` processes instead)',
  },
  {
    name: 'WHARF_WEBHOOK_CONCURRENCY',
    default: '`32`',
    description:
      'deliveries one dispatcher sends at once, each on its own connection (was 8, which left the dispatcher waiting on sends: see [Webhook delivery performance](performance.md#webhook-delivery-performance))',
  },
  {
    name: 'WHARF_MAX_BODY_BYTES',
    default: '`1048576` (1 MiB)',
    description:
      'request body cap of REST operations without their own (`x-wharf-max-body-bytes`) and of GraphQL; 1024 to 1 GiB',
  },
  {
    name: 'WHARF_MAX_ASSET_BYTES',
    default: '`2147483648` (2 GiB)',
    description:
      'cap of one release asset upload (streamed to `WHARF_DATA_DIR/release-assets/`, never held in memory; replaces `WHARF_MAX_BODY_BYTES` on the upload route): over it, 413 and nothing kept',
  },
  {
    name: 'WHARF_BODY_TIMEOUT',
    default: '`30s`',
    description: 'a request body must arrive whole within this of its first byte being read (408 otherwise)',
  },
  {
    name: 'WHARF_GIT_MAX_PUSH_BYTES',
    default: '`2147483648` (2 GiB)',
    description: 'request body cap of a git push (`git-receive-pack`), as sent; 413 above it',
  },
  {
    name: 'WHARF_GIT_IDLE_TIMEOUT',
    default: '`60s`',
    description:
      'a git request body that sends nothing for this long is cut off (408); git requests have no overall deadline',
  },
  {
    name: 'WHARF_GIT_MAX_CONCURRENT_PUSHES',
    default: '`4`',
    description:
      'pushes one process applies at once (each holds a database connection while git checks the pack and moves the refs); more wait their turn',
  },
  {
    name: 'WHARF_RATE_LIMIT_GIT_AUTHENTICATED',
    default: '`5000`',
    description: "git requests per window per user or installation (the `git` resource, apart from REST's `core`)",
  },
  {
    name: 'WHARF_RATE_LIMIT_GIT_UNAUTHENTICATED',
    default: '`1000`',
    description: 'git requests per window per client IP (every authenticated clone starts with one anonymous request)',
  },
  {
    name: 'WHARF_ARCHIVE_MAX_ENTRIES',
    default: '`100000`',
    description:
      'paths a tarball or zipball may hold (files, symlinks, submodules and directories, each copy of a repeated subtree counted), counted before `git archive` runs: over it, the signed download answers 422',
  },
  {
    name: 'WHARF_ARCHIVE_MAX_BYTES',
    default: '`2147483648` (2 GiB)',
    description: 'bytes of file content an archive may hold before compression, each copy counted: over it, 422',
  },
  {
    name: 'WHARF_ARCHIVE_CACHE_BYTES',
    default: '`4294967296` (4 GiB)',
    description:
      'disk space of made archives (`WHARF_DATA_DIR/archive-cache/`), least recently served evicted first; `0` keeps only the archive being served',
  },
] as const satisfies readonly ConfigVariable[];

/** A variable's name: config.ts's readers take only these, so a new one must be documented here first. */
export type ConfigVariableName = (typeof CONFIG_VARIABLES)[number]['name'];
