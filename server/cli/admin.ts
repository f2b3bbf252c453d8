// `wharf admin …`: account and token administration against the configured
// database, whether or not a server is running. Output is JSON on stdout
// (create-token prints the token alone), errors go to stderr with exit 1.
import { TokenStore } from '../auth/token-store.js';
import type { Sql } from '../db/database.js';
import { KNOWN_SCOPES } from '../access/token-scopes.js';
import { isoSeconds, isoSecondsOrNull } from '../views/timestamps.js';
import { Urls } from '../http/urls.js';
import { AccountError, AccountStore } from '../repos/accounts-store.js';
import { removeCollaborator, repositoryIdByFullName, setCollaborator } from '../collaborators/collaborators.js';
import { isPermission, PERMISSIONS, type Permission } from '../access/permissions.js';
import { createOAuthApp } from '../oauth/oauth-apps-store.js';
import { hashPassword } from '../web/password-hash.js';
import { forkedPrivateRepositories, removeAccess, type Site } from './admin-access.js';
import { leaveOrganizationTeams, type TeamsLeft, teamsLeftEvents } from '../teams/team-leaving.js';
import { APP_COMMANDS, runAppAdmin } from './admin-apps.js';
import { parseCommand, UsageError } from './cli-args.js';
import { membershipOf } from '../access/organization-memberships-sql.js';
import { emitMemberAdded, emitMemberRemoved } from '../orgs/organization-events.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { Actor } from '../webhooks/payloads/common.js';

export { UsageError };

const DEFAULT_SCOPES = ['repo', 'admin:repo_hook', 'user', 'gist'];

type Out = (line: string) => void;

const siteUrls = (site: Site) => new Urls(site.publicUrl, site.noreplyHost);

/** A change made with `wharf admin` is sent by the user it is about. */
const actorOf = (user: AccountRow): Actor => ({
  kind: 'token',
  user: { id: user.id, login: user.login, siteAdmin: user.site_admin },
  installation: null,
});

async function mustFind(accounts: AccountStore, login: string, kind?: 'User' | 'Organization') {
  const account = await accounts.byLogin(login);
  if (!account || (kind && account.kind !== kind))
    throw new AccountError(`no ${kind === 'Organization' ? 'organization' : 'user'} named ${login}`);
  return account;
}

function parseScopes(raw: string | undefined): string[] {
  if (raw === undefined) return DEFAULT_SCOPES;
  const scopes = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (unknown.length)
    throw new UsageError(`unknown scope(s): ${unknown.join(', ')}; known: ${KNOWN_SCOPES.join(', ')}`);
  return [...new Set(scopes)];
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    throw new UsageError('pipe the password on stdin, e.g. `wharf admin set-password alice < file`');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `site`: where the URLs in event payloads point (app commands send events to apps' webhooks). */
export async function runAdmin(sql: Sql, argv: string[], out: Out, site: Site): Promise<void> {
  const [command, ...args] = argv;
  const accounts = new AccountStore(sql);
  const tokens = new TokenStore(sql);
  const json = (value: unknown) => out(JSON.stringify(value));
  const appCommand = APP_COMMANDS.find((name) => name === command);
  if (appCommand) return runAppAdmin(sql, new Urls(site.publicUrl, site.noreplyHost), appCommand, args, json);
  switch (command) {
    case 'create-user': {
      const { positionals, values } = parseCommand(args, { admin: { type: 'boolean' }, email: { type: 'string' } }, 1);
      const user = await accounts.create(positionals[0]!, 'User', {
        siteAdmin: Boolean(values.admin),
        email: values.email as string | undefined,
      });
      return json({ id: user.id, login: user.login, site_admin: user.site_admin, email: user.email });
    }
    case 'create-org': {
      const { positionals, values } = parseCommand(args, { owner: { type: 'string' } }, 1);
      if (!values.owner) throw new UsageError('create-org needs --owner <login>');
      const owner = await mustFind(accounts, values.owner as string, 'User');
      const org = await accounts.create(positionals[0]!, 'Organization');
      await accounts.addMember(org.id, owner.id, 'admin');
      return json({ id: org.id, login: org.login, owner: owner.login });
    }
    case 'add-member': {
      const { positionals, values } = parseCommand(args, { role: { type: 'string' } }, 2);
      const role = (values.role ?? 'member') as string;
      if (role !== 'member' && role !== 'admin') throw new UsageError('--role must be member or admin');
      const org = await mustFind(accounts, positionals[0]!, 'Organization');
      const user = await mustFind(accounts, positionals[1]!, 'User');
      // The event's sender is the added user, as the removal's is the removed one.
      await accounts.addMember(org.id, user.id, role, async (tx, added) => {
        if (added) await emitMemberAdded(tx, org, user, role, { urls: siteUrls(site), sender: actorOf(user) });
      });
      return json({ org: org.login, login: user.login, role });
    }
    case 'remove-member': {
      const { positionals } = parseCommand(args, {}, 2);
      const org = await mustFind(accounts, positionals[0]!, 'Organization');
      const user = await mustFind(accounts, positionals[1]!, 'User');
      const membership = await membershipOf(sql, org.id, user.id);
      let left: TeamsLeft = { teams: [], topics: [] };
      const result = await removeAccess(
        site,
        user,
        (after) =>
          accounts.removeMember(
            org.id,
            user.id,
            async (tx) => {
              await after(tx);
              const source = { urls: siteUrls(site), sender: actorOf(user) };
              if (membership) await emitMemberRemoved(tx, org, user, membership.role, source);
              // The teams they leave, as the API's removal (orgs/member-removal.ts); other processes drop their grants on the notices.
              await teamsLeftEvents(tx, { org, principal: actorOf(user), urls: source.urls }, left.teams, user);
            },
            async (tx) => {
              left = await leaveOrganizationTeams(tx, org.id, user.id);
            },
          ),
        (tx) => forkedPrivateRepositories(tx, org.id),
      );
      if (!result) throw new AccountError(`${user.login} is not a member of ${org.login}`);
      return json({ org: org.login, login: user.login, removed: true, ...result });
    }
    case 'add-collaborator':
    case 'remove-collaborator': {
      const adding = command === 'add-collaborator';
      const { positionals, values } = parseCommand(args, adding ? { permission: { type: 'string' } } : {}, 2);
      const permission = (values.permission ?? 'write') as string;
      if (adding && !isPermission(permission))
        throw new UsageError(`--permission must be one of ${PERMISSIONS.join(', ')}`);
      const repositoryId = await repositoryIdByFullName(sql, positionals[0]!);
      if (repositoryId === null)
        throw new AccountError(`no repository named ${positionals[0]} (expected <owner>/<repo>)`);
      const user = await mustFind(accounts, positionals[1]!, 'User');
      if (!adding) {
        const result = await removeAccess(
          site,
          user,
          (after) => removeCollaborator(sql, repositoryId, user.id, after),
          async () => [repositoryId],
        );
        if (!result) throw new AccountError(`${user.login} is not a collaborator on ${positionals[0]}`);
        return json({ repository: positionals[0], login: user.login, removed: true, ...result });
      }
      await setCollaborator(sql, repositoryId, user.id, permission as Permission);
      return json({ repository: positionals[0], login: user.login, permission });
    }
    case 'set-password': {
      const { positionals } = parseCommand(args, {}, 1);
      const user = await mustFind(accounts, positionals[0]!, 'User');
      // From stdin, never argv: arguments end up in shell history and `ps`.
      const password = (await readStdin()).replace(/\r?\n$/, '');
      if (password !== '' && password.length < 8) throw new UsageError('the password must have at least 8 characters');
      const hashed = password === '' ? null : await hashPassword(password);
      await sql`UPDATE accounts SET password_hash = ${hashed}, updated_at = now() WHERE id = ${user.id}`;
      if (hashed === null) await sql`DELETE FROM web_sessions WHERE user_id = ${user.id}`;
      return json({ login: user.login, password_set: hashed !== null });
    }
    case 'create-oauth-app': {
      const { positionals, values } = parseCommand(
        args,
        { 'callback-url': { type: 'string' }, 'device-flow': { type: 'boolean' } },
        2,
      );
      const callbackUrl = values['callback-url'] as string | undefined;
      if (callbackUrl !== undefined && !/^https?:\/\/[^/\s]+/i.test(callbackUrl))
        throw new UsageError('--callback-url must be an http(s) URL');
      const owner = await mustFind(accounts, positionals[0]!);
      const { app, clientSecret } = await createOAuthApp(sql, owner.id, positionals[1]!, {
        callbackUrl,
        deviceFlow: Boolean(values['device-flow']),
      });
      // The client secret is printed this once; only its digest is stored.
      return json({
        id: app.id,
        name: app.name,
        owner: owner.login,
        client_id: app.client_id,
        client_secret: clientSecret,
        callback_url: app.callback_url,
        device_flow_enabled: app.device_flow_enabled,
      });
    }
    case 'create-token': {
      const { positionals, values } = parseCommand(args, { scopes: { type: 'string' }, note: { type: 'string' } }, 1);
      const user = await mustFind(accounts, positionals[0]!, 'User');
      const { token } = await tokens.create(user.id, 'personal', parseScopes(values.scopes as string | undefined), {
        note: values.note as string | undefined,
      });
      return out(token);
    }
    case 'list-tokens': {
      const { positionals } = parseCommand(args, {}, 1);
      const user = await mustFind(accounts, positionals[0]!, 'User');
      return json(
        (await tokens.list(user.id)).map((t) => ({
          id: t.id,
          kind: t.kind,
          scopes: t.scopes,
          note: t.note,
          created_at: isoSeconds(t.created_at),
          expires_at: isoSecondsOrNull(t.expires_at),
        })),
      );
    }
    case 'revoke-token': {
      const { positionals } = parseCommand(args, {}, 1);
      const id = Number(positionals[0]);
      if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('revoke-token needs a numeric token id');
      if (!(await tokens.revoke(id))) throw new AccountError(`no token with id ${id}`);
      return json({ id, revoked: true });
    }
    case 'rename-user': {
      const { positionals } = parseCommand(args, {}, 2);
      const account = await mustFind(accounts, positionals[0]!);
      const renamed = await accounts.rename(account.id, positionals[1]!);
      return json({ id: renamed.id, login: renamed.login });
    }
    default:
      throw new UsageError(command ? `unknown admin command ${command}` : 'missing admin command');
  }
}
