// Team review requests: asking teams of the repository's organization to
// review a pull request and withdrawing the ask, in the caller's transaction,
// with one `pull_request` review_requested / review_request_removed event per
// team whose request changed, carrying `requested_team` (as GitHub), and
// one issue event each (review_requested / review_request_removed with the
// team, for …/events and the timelines; CODEOWNERS' requests too, their
// actor the pull request's opener as on GitHub). Only
// teams holding a grant on the repository may be asked (access/
// team-grant-holders-sql.ts); any other slug, and any team at all on a
// personal repository, is GitHub's "not a collaborator" 422. A request goes
// when a member of the team submits a review (review-submit.ts).
import { teamHoldsGrantIn } from '../access/team-grant-holders-sql.js';
import type { TransactionSql } from '../db/database.js';
import { notFound } from '../errors/domain-error.js';
import { recordIssueEvents } from '../issues/issue-events.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import { touchIssue } from '../issues/issue-writes.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { pullByNumber, type PullRow, type RequestedTeam } from './pull-rows.js';
import { requestedTeamView, type RepositoryLookup } from './pull-view.js';
import { emitPullRequestEvents } from './pull-webhooks.js';
import { notCollaborator } from './review-requests.js';

interface TeamRef {
  id: number;
  slug: string;
}

/** The teams of `slugs` (any case, each once, in the order given) that may review; 422 for any other. */
async function requestableTeams(tx: TransactionSql, repo: RepositoryRow, slugs: readonly string[]): Promise<TeamRef[]> {
  const wanted = [...new Set(slugs.map((slug) => slug.toLowerCase()))];
  if (wanted.length === 0) return [];
  if (repo.owner_kind !== 'Organization' || wanted.some((slug) => slug.includes('\u0000'))) throw notCollaborator(repo);
  const rows = await tx<TeamRef[]>`SELECT t.id, t.slug FROM teams t
    WHERE lower(t.slug) = ANY(${wanted}) AND ${teamHoldsGrantIn(tx, repo.id, repo.owner_id)}`;
  const bySlug = new Map(rows.map((row) => [row.slug.toLowerCase(), row]));
  return wanted.map((slug) => {
    const team = bySlug.get(slug);
    if (!team) throw notCollaborator(repo);
    return team;
  });
}

async function lockedPull(ctx: EventContext, number: number): Promise<PullRow> {
  const row = await pullByNumber(ctx.tx, ctx.repo.id, number, true);
  if (!row) throw notFound();
  return row;
}

/** The slugs of the teams asked to review pull request `number` now, its row locked (GraphQL's replacing set). */
export async function requestedTeamSlugs(ctx: EventContext, number: number): Promise<string[]> {
  return (await lockedPull(ctx, number)).pull.requested_teams.map((requested) => requested.team.slug);
}

/**
 * Asks the teams `slugs` to review pull request `number`: 404 when there is
 * none, 422 for a team that may not (nothing is asked then). Teams asked
 * already stay as they were, without an event. `asCodeOwner` marks the
 * requests CODEOWNERS makes.
 */
export async function requestTeamReviewers(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  slugs: readonly string[],
  asCodeOwner = false,
): Promise<PullRow> {
  const current = await lockedPull(ctx, number);
  const teams = await requestableTeams(ctx.tx, ctx.repo, slugs);
  const added: number[] = [];
  for (const team of teams) {
    const inserted = await ctx.tx`INSERT INTO pull_request_team_review_requests (issue_id, team_id, as_code_owner)
      VALUES (${current.issue.id}, ${team.id}, ${asCodeOwner}) ON CONFLICT DO NOTHING`;
    if (inserted.count > 0) added.push(team.id);
  }
  if (added.length === 0) return current;
  const row = await afterChange(ctx, current, 'review_requested', added);
  await emitTeamEvents(ctx, row, repos, 'review_requested', row.pull.requested_teams, added);
  return row;
}

/** Withdraws the requests of the teams `slugs` (those not asked are ignored); 404 when there is no such pull request. */
export async function removeTeamReviewRequests(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  slugs: readonly string[],
): Promise<PullRow> {
  const current = await lockedPull(ctx, number);
  const wanted = new Set(slugs.map((slug) => slug.toLowerCase()));
  const removed: number[] = [];
  for (const { team } of current.pull.requested_teams) {
    if (!wanted.has(team.slug.toLowerCase())) continue;
    const deleted = await ctx.tx`DELETE FROM pull_request_team_review_requests
      WHERE issue_id = ${current.issue.id} AND team_id = ${team.id}`;
    if (deleted.count > 0) removed.push(team.id);
  }
  if (removed.length === 0) return current;
  const row = await afterChange(ctx, current, 'review_request_removed', removed);
  await emitTeamEvents(ctx, row, repos, 'review_request_removed', current.pull.requested_teams, removed);
  return row;
}

/** The issue's updated_at moves and each team's issue event is written; the row as it is now. */
async function afterChange(
  ctx: EventContext,
  current: PullRow,
  action: 'review_requested' | 'review_request_removed',
  teamIds: number[],
): Promise<PullRow> {
  await touchIssue(ctx.tx, current.issue.id);
  const actorId = ctx.principal.kind === 'token' ? ctx.principal.user.id : null;
  await recordIssueEvents(
    ctx.tx,
    current.issue,
    actorId,
    teamIds.map((teamId) => ({ event: action, details: { team_id: teamId } })),
  );
  return (await pullByNumber(ctx.tx, ctx.repo.id, current.issue.number))!;
}

/** One event per changed team, in the order the teams were asked; `known` holds their bodies' rows. */
function emitTeamEvents(
  ctx: EventContext,
  row: PullRow,
  repos: RepositoryLookup,
  action: 'review_requested' | 'review_request_removed',
  known: RequestedTeam[],
  teamIds: number[],
): Promise<void> {
  const changed = new Set(teamIds);
  const events = known
    .filter((requested) => changed.has(requested.team.id))
    .map((requested) => ({ action, requested_team: requestedTeamView(requested, ctx.urls) }));
  return emitPullRequestEvents(ctx, row, repos, events);
}

/**
 * A review by `userId` answers the requests of every team they are a member
 * of (directly or through a child team): GitHub shows the review as made on
 * the team's behalf and drops the team from `requested_teams`, without a
 * `review_request_removed` event (as for a user's own request).
 */
export async function answerTeamRequests(tx: TransactionSql, issueId: number, userId: number): Promise<void> {
  await tx`DELETE FROM pull_request_team_review_requests WHERE issue_id = ${issueId} AND team_id IN (
    SELECT ta.ancestor_id FROM team_members tm JOIN team_ancestors ta ON ta.team_id = tm.team_id WHERE tm.user_id = ${userId})`;
}
