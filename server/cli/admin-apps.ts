// `wharf admin create-app | install-app | uninstall-app | app-hook`: installable
// apps (GitHub Apps). create-app registers the app's RSA public key, or generates a
// key pair and prints the private key this once (Wharf keeps only the public key).
import { readFile } from 'node:fs/promises';
import { parsePermissionList } from '../apps/app-permissions.js';
import { AppKeyError, generateAppKeyPair, publicKeyFromPem } from '../apps/app-keys.js';
import { AppError, createApp, findApp, installApp, uninstall } from '../apps/apps-store.js';
import { selectedRepositoryIds } from '../apps/installation-repositories.js';
import type { Sql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import { AccountError, AccountStore } from '../repos/accounts-store.js';
import { parseCommand } from './cli-args.js';
import { appHookCommand, appHookSummary, checkHookUrl, parseEvents, writeAppHook } from './admin-app-hook.js';

export const APP_COMMANDS = ['create-app', 'install-app', 'uninstall-app', 'app-hook'] as const;

type Json = (value: unknown) => void;

function permissionsOption(raw: unknown) {
  if (raw === undefined) return undefined;
  try {
    return parsePermissionList(String(raw));
  } catch (error) {
    throw new AppError((error as Error).message);
  }
}

async function createAppCommand(sql: Sql, argv: string[], json: Json) {
  const { positionals, values } = parseCommand(
    argv,
    {
      'public-key-file': { type: 'string' },
      permissions: { type: 'string' },
      events: { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
    },
    2,
  );
  checkHookUrl(values['webhook-url']);
  if (values['webhook-secret'] !== undefined && values['webhook-url'] === undefined)
    throw new AppError('--webhook-secret needs --webhook-url');
  const owner = await new AccountStore(sql).byLogin(positionals[0]!);
  if (!owner || owner.kind === 'Bot') throw new AccountError(`no user or organization named ${positionals[0]}`);
  let privateKey: string | undefined;
  let publicKey;
  if (values['public-key-file'] !== undefined) {
    publicKey = publicKeyFromPem(await readFile(values['public-key-file'], 'utf8'));
  } else {
    const pair = generateAppKeyPair();
    publicKey = pair.publicKey;
    privateKey = pair.privateKeyPem;
  }
  const events = parseEvents(values.events ?? '');
  const { app, keyFingerprint } = await createApp(sql, owner.id, positionals[1]!, {
    publicKey,
    permissions: permissionsOption(values.permissions) ?? { metadata: 'read' },
    events,
  });
  if (values['webhook-url'] !== undefined)
    await writeAppHook(sql, app.id, { url: values['webhook-url'], secret: values['webhook-secret'] });
  json({
    id: app.id,
    slug: app.slug,
    node_id: encodeNodeId('App', app.id),
    name: app.name,
    owner: owner.login,
    client_id: app.client_id,
    bot: `${app.slug}[bot]`,
    permissions: app.permissions,
    events: app.events,
    key_fingerprint: keyFingerprint,
    webhook: (await appHookSummary(sql, app)).webhook,
    ...(privateKey ? { private_key: privateKey } : {}),
  });
}

async function installAppCommand(sql: Sql, urls: Urls, argv: string[], json: Json) {
  const { positionals, values } = parseCommand(
    argv,
    { repositories: { type: 'string' }, permissions: { type: 'string' } },
    2,
  );
  const app = await findApp(sql, positionals[0]!);
  if (!app) throw new AppError(`no app ${positionals[0]} (give its id or slug)`);
  const account = await new AccountStore(sql).byLogin(positionals[1]!);
  if (!account || account.kind === 'Bot') throw new AccountError(`no user or organization named ${positionals[1]}`);
  let repositoryIds: number[] | null = null;
  if (values.repositories !== undefined) {
    const names = values.repositories
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const rows = await sql<{ id: number; name: string }[]>`
      SELECT id, name FROM repositories WHERE owner_id = ${account.id} AND lower(name) = ANY(${names.map((n) => n.toLowerCase())})`;
    const missing = names.filter((n) => !rows.some((r) => r.name.toLowerCase() === n.toLowerCase()));
    if (missing.length) throw new AppError(`${account.login} has no repository named ${missing.join(', ')}`);
    repositoryIds = rows.map((r) => r.id);
  }
  const installation = await installApp(sql, app, account.id, {
    permissions: permissionsOption(values.permissions),
    repositoryIds,
    urls,
  });
  const selected =
    installation.repository_selection === 'selected' ? await selectedRepositoryIds(sql, installation.id) : null;
  json({
    id: installation.id,
    node_id: encodeNodeId('Installation', installation.id),
    app_id: app.id,
    app_slug: app.slug,
    account: account.login,
    permissions: installation.permissions,
    repository_selection: installation.repository_selection,
    ...(selected ? { repository_ids: selected } : {}),
  });
}

export async function runAppAdmin(
  sql: Sql,
  urls: Urls,
  command: (typeof APP_COMMANDS)[number],
  argv: string[],
  json: Json,
): Promise<void> {
  try {
    if (command === 'create-app') return await createAppCommand(sql, argv, json);
    if (command === 'install-app') return await installAppCommand(sql, urls, argv, json);
    if (command === 'app-hook') return await appHookCommand(sql, argv, json);
    const { positionals } = parseCommand(argv, {}, 1);
    const id = Number(positionals[0]);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError('uninstall-app needs a numeric installation id');
    if (!(await uninstall(sql, id, urls))) throw new AppError(`no installation with id ${id}`);
    json({ id, uninstalled: true });
  } catch (error) {
    // Reported like the other admin errors (stderr, exit 1).
    if (error instanceof AppError || error instanceof AppKeyError) throw new AccountError(error.message);
    throw error;
  }
}
