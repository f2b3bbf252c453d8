// `wharf admin app-hook <app> …` and create-app's --webhook-* options: an
// app's webhook (its URL, secret, content type, active) and the events it
// subscribes to. The secret is write-only: it is never printed, only whether
// one is set.
import { AppError, findApp, type AppRow } from '../apps/apps-store.js';
import {
  AppHookError,
  findAppHook,
  isHookUrl,
  setAppEvents,
  setAppHook,
  type AppHookValues,
} from '../apps/app-hooks/app-hooks-store.js';
import type { Sql } from '../db/database.js';
import { parseCommand } from './cli-args.js';

type Json = (value: unknown) => void;

export const parseEvents = (raw: string) =>
  raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

/** Refuses a bad URL before anything is written (create-app makes the app first). */
export function checkHookUrl(url: string | undefined): void {
  if (url !== undefined && !isHookUrl(url)) throw new AppError('the webhook URL must be an http or https URL');
}

/** What the CLI prints of an app's hook. */
export async function appHookSummary(sql: Sql, app: Pick<AppRow, 'id' | 'slug'>) {
  const hook = await findAppHook(sql, app.id);
  const [row] = await sql<{ events: string[] }[]>`SELECT events FROM apps WHERE id = ${app.id}`;
  return {
    app_id: app.id,
    app_slug: app.slug,
    events: row?.events ?? [],
    webhook: hook
      ? {
          id: hook.id,
          url: hook.url,
          content_type: hook.content_type,
          insecure_ssl: hook.insecure_ssl,
          active: hook.active,
          secret_set: hook.secret !== null,
        }
      : null,
  };
}

/** Sets the hook's fields given (a first hook needs --url), in one transaction with the events. */
export async function writeAppHook(
  sql: Sql,
  appId: number,
  changes: Partial<AppHookValues>,
  events?: string[],
): Promise<void> {
  try {
    await sql.begin(async (tx) => {
      if (Object.keys(changes).length > 0) await setAppHook(tx, appId, changes);
      if (events !== undefined) await setAppEvents(tx, appId, events);
    });
  } catch (error) {
    if (error instanceof AppHookError) throw new AppError(error.message);
    throw error;
  }
}

export async function appHookCommand(sql: Sql, argv: string[], json: Json): Promise<void> {
  const { positionals, values } = parseCommand(
    argv,
    {
      url: { type: 'string' },
      secret: { type: 'string' },
      'content-type': { type: 'string' },
      'insecure-ssl': { type: 'boolean' },
      active: { type: 'boolean' },
      inactive: { type: 'boolean' },
      events: { type: 'string' },
    },
    1,
  );
  const app = await findApp(sql, positionals[0]!);
  if (!app) throw new AppError(`no app ${positionals[0]} (give its id or slug)`);
  if (values.active && values.inactive) throw new AppError('give --active or --inactive, not both');
  const contentType = values['content-type'];
  if (contentType !== undefined && contentType !== 'json' && contentType !== 'form')
    throw new AppError('--content-type is json or form');
  checkHookUrl(values.url);
  const changes: Partial<AppHookValues> = {};
  if (values.url !== undefined) changes.url = values.url;
  if (values.secret !== undefined) changes.secret = values.secret;
  if (contentType !== undefined) changes.content_type = contentType;
  if (values['insecure-ssl'] !== undefined) changes.insecure_ssl = values['insecure-ssl'] ? '1' : '0';
  if (values.active) changes.active = true;
  if (values.inactive) changes.active = false;
  await writeAppHook(sql, app.id, changes, values.events === undefined ? undefined : parseEvents(values.events));
  json(await appHookSummary(sql, app));
}
