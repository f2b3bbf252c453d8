// Branch protection's rules, as the REST API addresses them (by branch
// name): read, protect (create or replace), change a part, remove. Each
// change goes through the flow GraphQL's rules use (rule-writes.ts) and
// commits with its `branch_protection_rule` event. The caller's admin right is checked by the edge
// through the access policy before these run.
import type { Principal } from '../auth/principal.js';
import { notFound } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { userResolver } from './actor-resolver.js';
import { type Actors, actorListsOf, actorsOf } from './protection-actors.js';
import { type ProtectionRow, type ProtectionValues, protectionByPattern } from './protections-store.js';
import { changeRuleRow, putRule, removeRule } from './rule-writes.js';

type Needs = Pick<Services, 'sql' | 'urls' | 'repos' | 'issueChangesAsPull' | 'accounts' | 'git'>;

export interface ReadRule {
  row: ProtectionRow;
  actors: Actors;
}

const read = async (services: Needs, repo: RepositoryRow, row: ProtectionRow): Promise<ReadRule> => ({
  row,
  actors: await actorsOf(services, repo, actorListsOf(row)),
});

/** The branch's rule; 404 `Branch not protected`, or `Branch not found` for a branch that does not exist. */
export async function readRule(services: Needs, repo: RepositoryRow, branch: string): Promise<ReadRule> {
  const row = await protectionByPattern(services.sql, repo.id, branch);
  if (!row) throw await notProtected(services, repo, branch);
  return read(services, repo, row);
}

async function notProtected(services: Needs, repo: RepositoryRow, branch: string) {
  const sha = await services.git.resolveRef(repo.id, `refs/heads/${branch}`);
  return notFound(sha ? 'Branch not protected' : 'Branch not found');
}

/** Logins to user ids (case-insensitively), for the input's user lists (actor-resolver.ts finds teams and apps too). */
export const loginResolver = (services: Pick<Services, 'sql'>) => userResolver(services.sql);

/** PUT …/protection: the branch (it must exist) gets exactly these settings. */
export async function protectBranch(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  branch: string,
  values: ProtectionValues,
): Promise<ReadRule> {
  const sha = await services.git.resolveRef(repo.id, `refs/heads/${branch}`);
  if (!sha) throw notFound('Branch not found');
  const row = await putRule(services, repo, principal, branch, values);
  return read(services, repo, row);
}

/**
 * Changes part of the branch's rule: `change` gets the current row and
 * returns the columns to set (or throws the sub-resource's own 404).
 */
export async function changeRule(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  branch: string,
  change: (row: ProtectionRow) => Promise<Partial<ProtectionValues>> | Partial<ProtectionValues>,
): Promise<ReadRule> {
  const current = await protectionByPattern(services.sql, repo.id, branch);
  if (!current) throw await notProtected(services, repo, branch);
  const values = await change(current);
  // Nothing to change (turning off what is off): no write, no event.
  if (Object.keys(values).length === 0) return read(services, repo, current);
  const row = await changeRuleRow(services, repo, principal, current, values, () => notFound('Branch not protected'));
  return read(services, repo, row);
}

/** DELETE …/protection. */
export async function unprotectBranch(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  branch: string,
): Promise<void> {
  const current = await protectionByPattern(services.sql, repo.id, branch);
  if (!current) throw await notProtected(services, repo, branch);
  await removeRule(services, repo, principal, current, null);
}
