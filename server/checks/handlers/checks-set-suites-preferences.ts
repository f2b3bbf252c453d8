import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { repositoryPayload } from '../../webhooks/payloads/common.js';
import { setAutoTriggerPreferences } from '../check-suite-changes.js';

// Needs admin rights. Each entry says whether a push makes the app's suite;
// the answer lists every preference the repository has.
export const setCheckSuitesPreferences: Handler<'checks/set-suites-preferences'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const preferences = await setAutoTriggerPreferences(sql, repo.id, body.auto_trigger_checks ?? []);
  return {
    status: 200,
    body: { preferences: { auto_trigger_checks: preferences }, repository: repositoryPayload(repo, urls) },
  };
};
