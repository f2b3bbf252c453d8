// Every environment variable Wharf reads, parsed and checked in one place.
// Each is listed, with its default and meaning, in config-variables.ts, the
// source of docs/configuration.md's table (`npm run docs:config`): the readers
// below take only listed names, and server/config-docs.test.ts fails when a
// variable read here or in what this calls is missing there, or the page drifts.
import { resolve } from 'node:path';
import type { ConfigVariableName } from './config-variables.js';
import { parseDuration, parseWebhookSettings, type WebhookSettings } from './config-webhooks.js';

/** 1 MiB of JSON, GitHub's order of magnitude; WHARF_MAX_BODY_BYTES changes it (http/body-reader.ts). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** The whole body must arrive within this (WHARF_BODY_TIMEOUT). */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; undefined → embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Base of every URL the API emits (no trailing slash). */
  publicUrl: string;
  /** The word in `X-<Vendor>-…` headers and `application/vnd.<vendor>+json`. */
  vendor: string;
  /** Proxy addresses whose `X-Forwarded-For` is believed; empty → none. */
  trustProxy: string[];
  logLevel: LogLevel;
  /** `graphql`: GraphQL points per window per user (the `graphql` resource), apart from REST's `core`. */
  rateLimit: {
    authenticated: number;
    unauthenticated: number;
    graphql: number;
    windowSeconds: number;
    search: SearchRateLimit;
  };
  webhooks: WebhookSettings;
  /** `<host>` of the noreply addresses of commits Wharf makes (`<id>+<login>@users.noreply.<host>`). */
  noreplyHost: string;
  /** Status of the token endpoint's flow errors: GitHub's 200, or RFC 6749's 400/401. */
  oauthErrorStatus: 'github' | 'rfc6749';
  /** Request body cap of operations without their own (`x-wharf-max-body-bytes`), and of GraphQL. */
  maxBodyBytes: number;
  /** A request body must arrive whole within this, from its first byte read. */
  bodyTimeoutMs: number;
  /** Release asset uploads' body cap (WHARF_MAX_ASSET_BYTES, default 2 GiB): streamed to disk, not the JSON cap. */
  maxAssetBytes: number;
  /** Git over HTTP (server/git-http/): its own body cap, idle cut-off and rate limits. */
  git: GitSettings;
  /** Tarballs and zipballs (server/archives/): what one may hold, and the disk cache they are served from. */
  archives: ArchiveSettings;
}

export interface ArchiveSettings {
  /** Paths an archive may hold (files, symlinks, submodules and directories), counted before it is made. */
  maxEntries: number;
  /** Bytes of file content an archive may hold before compression, each copy of a repeated file counted. */
  maxBytes: number;
  /** Total size of the cached archives on disk; the least recently served go first. */
  cacheBytes: number;
}

/** GitHub's `search` resource: its own, shorter window (30 a minute signed in, 10 anonymously). */
export interface SearchRateLimit {
  authenticated: number;
  unauthenticated: number;
  windowSeconds: number;
}

export interface GitSettings {
  /** Request body cap of a push (`git-receive-pack`), as sent (compressed or not). */
  maxPushBytes: number;
  /** A git request whose body sends nothing for this long is cut off (slowloris); no overall deadline. */
  idleTimeoutMs: number;
  /** Pushes one process applies at once (each holds a database connection meanwhile); more wait their turn. */
  maxConcurrentPushes: number;
  /** Git requests per window in the `git` rate-limit resource, apart from REST's `core`. */
  rateLimit: { authenticated: number; unauthenticated: number };
}

export class ConfigError extends Error {}

/** GitHub's limit for one release asset. */
export const DEFAULT_MAX_ASSET_BYTES = 2 * 1024 ** 3;

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

function integer(env: NodeJS.ProcessEnv, name: ConfigVariableName, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function nonEmpty(env: NodeJS.ProcessEnv, name: ConfigVariableName): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function oauthErrorStatus(env: NodeJS.ProcessEnv): 'github' | 'rfc6749' {
  const value = (nonEmpty(env, 'WHARF_OAUTH_ERROR_STATUS') ?? 'github').toLowerCase();
  if (value !== 'github' && value !== 'rfc6749')
    throw new ConfigError('WHARF_OAUTH_ERROR_STATUS must be github or rfc6749');
  return value;
}

const HOST_WITH_DOT = /^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/**
 * WHARF_NOREPLY_HOST, else the public URL's host when it is a domain name with
 * a dot (an email domain needs one), else `wharf.local`: never an IP address.
 */
function noreplyHost(env: NodeJS.ProcessEnv, publicUrl: string): string {
  const configured = nonEmpty(env, 'WHARF_NOREPLY_HOST')?.toLowerCase();
  if (configured !== undefined) {
    if (!HOST_WITH_DOT.test(configured) || /^[\d.]+$/.test(configured)) {
      throw new ConfigError(
        `WHARF_NOREPLY_HOST must be a domain name with a dot, e.g. wharf.example.com, got ${JSON.stringify(configured)}`,
      );
    }
    return configured;
  }
  const host = new URL(publicUrl).hostname.toLowerCase();
  return HOST_WITH_DOT.test(host) && !/^[\d.]+$/.test(host) ? host : 'wharf.local';
}

function duration(env: NodeJS.ProcessEnv, name: ConfigVariableName, fallback: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  const value = parseDuration(raw);
  if (value === undefined || value <= 0)
    throw new ConfigError(`${name} must be a duration such as 30s or 2m, got ${JSON.stringify(raw)}`);
  return value;
}

function gitSettings(env: NodeJS.ProcessEnv): GitSettings {
  return {
    maxPushBytes: integer(env, 'WHARF_GIT_MAX_PUSH_BYTES', 2 * 1024 ** 3, 1024, Number.MAX_SAFE_INTEGER),
    idleTimeoutMs: duration(env, 'WHARF_GIT_IDLE_TIMEOUT', 60_000),
    maxConcurrentPushes: integer(env, 'WHARF_GIT_MAX_CONCURRENT_PUSHES', 4, 1, 1000),
    rateLimit: {
      authenticated: integer(env, 'WHARF_RATE_LIMIT_GIT_AUTHENTICATED', 5000, 1, 1_000_000_000),
      unauthenticated: integer(env, 'WHARF_RATE_LIMIT_GIT_UNAUTHENTICATED', 1000, 1, 1_000_000_000),
    },
  };
}

function archiveSettings(env: NodeJS.ProcessEnv): ArchiveSettings {
  return {
    maxEntries: integer(env, 'WHARF_ARCHIVE_MAX_ENTRIES', 100_000, 1, 100_000_000),
    maxBytes: integer(env, 'WHARF_ARCHIVE_MAX_BYTES', 2 * 1024 ** 3, 1, Number.MAX_SAFE_INTEGER),
    cacheBytes: integer(env, 'WHARF_ARCHIVE_CACHE_BYTES', 4 * 1024 ** 3, 0, Number.MAX_SAFE_INTEGER),
  };
}

function rateLimitSettings(env: NodeJS.ProcessEnv): Config['rateLimit'] {
  const authenticated = integer(env, 'WHARF_RATE_LIMIT_AUTHENTICATED', 5000, 1, 1_000_000_000);
  return {
    authenticated,
    unauthenticated: integer(env, 'WHARF_RATE_LIMIT_UNAUTHENTICATED', 60, 1, 1_000_000_000),
    // GitHub's 5,000 points an hour is its REST limit too: by default the two move together.
    graphql: integer(env, 'WHARF_RATE_LIMIT_GRAPHQL', authenticated, 1, 1_000_000_000),
    windowSeconds: integer(env, 'WHARF_RATE_LIMIT_WINDOW_S', 3600, 1, 86_400 * 366),
    search: {
      authenticated: integer(env, 'WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED', 30, 1, 1_000_000_000),
      unauthenticated: integer(env, 'WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED', 10, 1, 1_000_000_000),
      windowSeconds: integer(env, 'WHARF_RATE_LIMIT_SEARCH_WINDOW_S', 60, 1, 86_400 * 366),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  const logLevel = (nonEmpty(env, 'WHARF_LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`WHARF_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const vendor = nonEmpty(env, 'WHARF_VENDOR') ?? 'GitHub';
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(vendor)) {
    throw new ConfigError('WHARF_VENDOR must be a single alphanumeric word, e.g. GitHub');
  }
  const publicUrl = nonEmpty(env, 'WHARF_PUBLIC_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    const parsed = new URL(publicUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(`WHARF_PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(publicUrl)}`);
  }
  return {
    port,
    host,
    databaseUrl: nonEmpty(env, 'DATABASE_URL'),
    dataDir: resolve(nonEmpty(env, 'WHARF_DATA_DIR') ?? './.data'),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    vendor,
    trustProxy: (nonEmpty(env, 'WHARF_TRUST_PROXY') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel,
    rateLimit: rateLimitSettings(env),
    noreplyHost: noreplyHost(env, publicUrl),
    oauthErrorStatus: oauthErrorStatus(env),
    maxBodyBytes: integer(env, 'WHARF_MAX_BODY_BYTES', DEFAULT_MAX_BODY_BYTES, 1024, 1024 * 1024 * 1024),
    bodyTimeoutMs: duration(env, 'WHARF_BODY_TIMEOUT', DEFAULT_BODY_TIMEOUT_MS),
    maxAssetBytes: integer(env, 'WHARF_MAX_ASSET_BYTES', DEFAULT_MAX_ASSET_BYTES, 1, Number.MAX_SAFE_INTEGER),
    git: gitSettings(env),
    archives: archiveSettings(env),
    webhooks: parseWebhookSettings(env, (message) => {
      throw new ConfigError(message);
    }),
  };
}
