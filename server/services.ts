// Everything a request handler may use, built once per app from config and a
// database handle (no module-level singletons, so tests run many apps at once).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { OPENAPI_JSON_PATH, OPENAPI_PATH } from './asset-paths.js';
import { AppJwtVerifier } from './apps/app-jwt.js';
import { UrlSigner } from './http/url-signer.js';
import { TokenCache } from './auth/token-cache.js';
import { TokenStore } from './auth/token-store.js';
import type { Config } from './config.js';
import { startInvalidationBus, type InvalidationBus } from './db/cache-invalidation.js';
import type { Sql } from './db/database.js';
import { RateLimiter } from './http/rate-limiter.js';
import { RequestValidator } from './http/request-validator.js';
import { Urls } from './http/urls.js';
import type { Logger } from './log.js';
import { AccountStore } from './repos/accounts-store.js';
import { GitRepositories } from './repos/git.js';
import { RepositoryStore } from './repos/repositories-store.js';
import { requestSuitesOnPush } from './checks/push-suites.js';
import { detectLicense } from './licenses/license-file.js';
import type { EventContext } from './issues/issue-webhooks.js';
import { emitIssueChangesAsPull } from './pulls/pull-issue-events.js';
import { lockPullsOfBranches } from './pulls/pull-locks.js';
import { synchronizePulls } from './pulls/pull-synchronize.js';
import { stopAutoMergeOnUntrustedPush } from './pulls/auto-merge/auto-merge-on-push.js';
import { remapReviewThreads, remapThreadsForBase } from './reviews/comments/thread-remap.js';
import type { RefFollowers } from './webhooks/ref-followers.js';

export interface Services {
  config: Config;
  log: Logger;
  sql: Sql;
  bus: InvalidationBus;
  tokens: TokenStore;
  tokenCache: TokenCache;
  appJwt: AppJwtVerifier;
  rateLimiter: RateLimiter;
  validator: RequestValidator;
  accounts: AccountStore;
  repos: RepositoryStore;
  git: GitRepositories;
  urls: Urls;
  /** Signs and checks the URLs that need no token: archive downloads, private download_urls (http/url-signer.ts). */
  signedUrls: UrlSigner;
  /** What every ref change moves besides the mirror and its push events (webhooks/ref-followers.ts). */
  refFollowers: RefFollowers;
  /** A pull request's issue changes as `pull_request` events (pulls/pull-issue-events.ts), for inTransaction's EventContext. */
  issueChangesAsPull: EventContext['issueChangesAsPull'];
  now: () => number;
}

/**
 * Pull requests follow their branches (and their review threads the moved
 * heads and bases; a push to a fork's head by someone who may not write to
 * the base turns auto-merge off) and apps get check suites for pushed heads, in each ref
 * change's transaction, and the repository's license follows its default
 * branch; handed to the ref-change path here because pulls, review comments,
 * checks and licenses sit above it.
 */
export const refFollowers: RefFollowers = {
  lock: lockPullsOfBranches,
  moved: async (tx, { git, urls }, repo, change, who) => {
    await synchronizePulls(tx, git, urls, repo, change, who, {
      headMoved: remapReviewThreads,
      baseMoved: remapThreadsForBase,
    });
    await stopAutoMergeOnUntrustedPush(tx, urls, repo, change, who);
  },
  pushed: requestSuitesOnPush,
  license: detectLicense,
};

export { OPENAPI_PATH };

/**
 * The parsed contract, read when an app is built (validators are compiled
 * from it once). The compiled server finds the JSON copy the build made; the
 * sources (tests, scripts) parse the YAML.
 */
export async function loadSpec(): Promise<unknown> {
  const json = await readFile(OPENAPI_JSON_PATH, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return json === undefined ? parse(await readFile(OPENAPI_PATH, 'utf8')) : JSON.parse(json);
}

/**
 * The request validator, compiled once per process: it depends on the
 * contract alone, and compiling it was most of the time building an app took
 * (about 0.4 s idle, seconds on a busy machine), paid again by every test
 * server and every @wharf/testing startWharf() in the same process.
 */
let compiledValidator: Promise<RequestValidator> | undefined;

function sharedValidator(): Promise<RequestValidator> {
  if (!compiledValidator) {
    compiledValidator = loadSpec().then(
      (spec) => new RequestValidator(spec as ConstructorParameters<typeof RequestValidator>[0]),
    );
    // A failed compile is not kept: the next app tries again.
    compiledValidator.catch(() => (compiledValidator = undefined));
  }
  return compiledValidator;
}

export async function createServices(
  config: Config,
  sql: Sql,
  log: Logger,
  now: () => number = Date.now,
): Promise<Services> {
  const bus = await startInvalidationBus(sql, log);
  return {
    config,
    log,
    sql,
    bus,
    tokens: new TokenStore(sql, bus),
    tokenCache: new TokenCache(sql, bus, now),
    appJwt: new AppJwtVerifier(sql, bus, now),
    rateLimiter: new RateLimiter(sql, config.rateLimit.windowSeconds, now, {
      search: config.rateLimit.search.windowSeconds,
    }),
    validator: await sharedValidator(),
    accounts: new AccountStore(sql, bus),
    repos: new RepositoryStore(sql, bus),
    git: new GitRepositories(join(config.dataDir, 'repositories')),
    urls: new Urls(config.publicUrl, config.noreplyHost),
    signedUrls: new UrlSigner(sql, now),
    refFollowers,
    issueChangesAsPull: emitIssueChangesAsPull,
    now,
  };
}
