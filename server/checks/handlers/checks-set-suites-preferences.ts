import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { repositoryPayload } from '../../webhooks/payloads/common.js';

// Needs admin rights. Each entry says whether a push makes the app's suite;
// the answer lists every preference the repository has.
export const setCheckSuitesPreferences: Handler<'checks/set-suites-preferences'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const entries = body.auto_trigger_checks ?? [];
  const rows = await sql.begin(async (tx) => {
    const ids = [...new Set(entries.map((e) => e.app_id))];
    const known = ids.length ? await tx<{ id: number }[]>`SELECT id FROM apps WHERE id = ANY(${ids})` : [];
    const missing = entries.findIndex((e) => !known.some((k) => Number(k.id) === e.app_id));
    if (missing >= 0)
      throw validationFailed([
        { resource: 'CheckSuite', code: 'invalid', field: `auto_trigger_checks[${missing}].app_id` },
      ]);
    for (const e of entries) {
      await tx`INSERT INTO check_suite_preferences (repository_id, app_id, auto_trigger) VALUES (${repo.id}, ${e.app_id}, ${e.setting})
        ON CONFLICT (repository_id, app_id) DO UPDATE SET auto_trigger = EXCLUDED.auto_trigger`;
    }
    return tx<{ app_id: number; auto_trigger: boolean }[]>`SELECT app_id, auto_trigger FROM check_suite_preferences
      WHERE repository_id = ${repo.id} ORDER BY app_id`;
  });
  return {
    status: 200,
    body: {
      preferences: { auto_trigger_checks: rows.map((r) => ({ app_id: Number(r.app_id), setting: r.auto_trigger })) },
      repository: repositoryPayload(repo, urls),
    },
  };
};
