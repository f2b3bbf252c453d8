// The public types of @wharf/testing. They name only plain data and the SDK's
// own types, never the server's: the package's .d.ts files are built from this
// file and public.ts alone (tsconfig.build.json), so a server type used here
// would fail the build rather than leak into a user's program.
import type { WharfClient } from '@wharf/sdk';
import type { ReceivedEvent, WebhookEventName } from './webhook-types.js';

export type { ReceivedEvent, WebhookEventName } from './webhook-types.js';

export interface StartWharfOptions {
  /**
   * Admin URL of a PostgreSQL 15+ server whose role may create databases,
   * e.g. `postgres://user:pass@127.0.0.1:5432/postgres`. Default: the
   * `WHARF_TESTING_DATABASE_URL` environment variable (set by the global setup),
   * else an embedded cluster started on first use and stopped at process exit.
   */
  databaseUrl?: string;
  /** More Wharf settings, as environment variables (docs/configuration.md); they win over the harness's. */
  env?: Record<string, string>;
}

export interface TestUser {
  id: number;
  login: string;
  /** A personal access token with every scope (or the `scopes` asked for). */
  token: string;
}

export interface TestAccount {
  id: number;
  login: string;
}

export interface TestRepository {
  id: number;
  name: string;
  /** `owner/name` */
  fullName: string;
  owner: string;
  private: boolean;
  defaultBranch: string;
}

export type AppPermissionLevel = 'read' | 'write';

export interface CreateAppOptions {
  /** Default: `app-<n>`. The slug is the name lower-cased with other characters as `-`. */
  name?: string;
  /** GitHub App permissions, e.g. `{ issues: 'write' }`; `metadata: 'read'` is always added. */
  permissions?: Record<string, AppPermissionLevel>;
  /** Events the app's webhook subscribes to, e.g. `['issues', 'issue_comment']`. */
  events?: string[];
  /** The app's webhook (one per app): a receiver (its secret is used) or a URL and secret. */
  webhook?: WebhookReceiver | { url: string; secret?: string };
}

export interface TestApp {
  id: number;
  slug: string;
  clientId: string;
  /** PKCS#1 PEM; sign the app's JWT with it (`createAppAuth` of @wharf/sdk, or any JWT library). */
  privateKey: string;
  webhookSecret?: string;
}

export interface WebhookReceiverOptions {
  /** The secret deliveries must be signed with (`X-Hub-Signature-256`). Default: random. */
  secret?: string;
}

/** A delivery the receiver refused: a missing or wrong signature, or a body that is not JSON. */
export interface RejectedDelivery {
  reason: 'signature' | 'payload';
  headers: Record<string, string>;
  body: string;
}

export interface WaitForOptions {
  /** Default 5000. */
  timeoutMs?: number;
}

export interface WebhookReceiver {
  /** Where to send deliveries: `http://127.0.0.1:<port>/`. */
  url: string;
  secret: string;
  /** Verified deliveries, oldest first. */
  deliveries: readonly ReceivedEvent<WebhookEventName>[];
  rejected: readonly RejectedDelivery[];
  /**
   * The first verified delivery, already received or still to come, named
   * `name` (`issues`, or with its action, `issues.opened`) that `predicate`
   * accepts; rejects after `timeoutMs` naming what did arrive.
   */
  waitFor<N extends WebhookEventName>(
    name: N,
    predicate?: (event: ReceivedEvent<N>) => boolean,
    options?: WaitForOptions,
  ): Promise<ReceivedEvent<N>>;
  close(): Promise<void>;
}

export interface Wharf {
  /** The server's root, `http://127.0.0.1:<port>`, as GitHub Enterprise's host. */
  url: string;
  /** `<url>/api/v3`, the REST root a GitHub Enterprise client is given (the same API as at `url`). */
  apiUrl: string;
  /** `<url>/api/graphql` */
  graphqlUrl: string;
  createUser(login: string, options?: { siteAdmin?: boolean; scopes?: string[] }): Promise<TestUser>;
  /** Another personal access token for a user (default: every scope). */
  createToken(user: string | TestAccount, scopes?: string[]): Promise<string>;
  /** An organization with `owner` as its admin member. */
  createOrg(login: string, owner: string | TestAccount): Promise<TestAccount>;
  createRepository(
    owner: string | TestAccount,
    name: string,
    options?: { autoInit?: boolean; private?: boolean; description?: string },
  ): Promise<TestRepository>;
  /** A GitHub App owned by the account, with a fresh key pair. */
  createApp(owner: string | TestAccount, options?: CreateAppOptions): Promise<TestApp>;
  /** Installs the app on the account, for all its repositories or the ones named; returns the installation id. */
  installApp(app: TestApp, account: string | TestAccount, repositories?: string[]): Promise<number>;
  /** An installation token (`ghs_…`), asked for over HTTP with the app's JWT as an app would. */
  installationToken(app: TestApp, installationId: number): Promise<string>;
  /** An @wharf/sdk client for this server, authenticated with the token. */
  client(token?: string): WharfClient;
  /** A receiver on 127.0.0.1 that verifies and records deliveries; closed with the server. */
  webhookReceiver(options?: WebhookReceiverOptions): Promise<WebhookReceiver>;
  /** Registers the receiver (or any URL and secret) as a JSON repository webhook for the events (default `['*']`); returns the hook id. */
  addRepositoryHook(
    token: string,
    owner: string,
    repo: string,
    receiver: Pick<WebhookReceiver, 'url' | 'secret'>,
    events?: string[],
  ): Promise<number>;
  /** Stops the server and its receivers, drops its database and removes its data directory. */
  close(): Promise<void>;
}
