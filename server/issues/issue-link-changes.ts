// The label and milestone part of an issue change: which links to add and
// remove, and the `issues` events and timeline rows they make. Labels first
// (`unlabeled` for each removed, then `labeled` for each added), then the
// milestone (`demilestoned` for the old one, then `milestoned` for the new).
import type { TransactionSql } from '../db/database.js';
import type { LabelRow } from '../labels/labels-store.js';
import type { MilestoneRow } from '../milestones/milestones-store.js';
import type { NewIssueEvent } from './issue-events.js';
import { linkLabels, unlinkLabels } from './issue-labels.js';
import type { IssuesEvent } from './issue-webhooks.js';
import { setChange } from './set-change.js';

export interface LinkChange {
  /** The whole set of labels (PATCH `labels`, PUT …/labels). */
  labels?: LabelRow[];
  addLabels?: LabelRow[];
  removeLabels?: LabelRow[];
  /** The milestone to set; null clears it. */
  milestone?: MilestoneRow | null;
}

interface Current {
  id: number;
  labels: LabelRow[];
  milestone: MilestoneRow | null;
}

const labelDetails = (label: LabelRow) => ({ label: { name: label.name, color: label.color } });
const milestoneDetails = (milestone: MilestoneRow) => ({ milestone: { title: milestone.title } });

/** Applies the change; returns whether anything changed (the events and timeline rows are appended). */
export async function applyLinkChange(
  tx: TransactionSql,
  issue: Current,
  change: LinkChange,
  columns: Record<string, unknown>,
  events: IssuesEvent[],
  timeline: NewIssueEvent[],
): Promise<boolean> {
  const { toAdd, toRemove } = setChange(issue.labels, change.labels, change.addLabels, change.removeLabels);
  const removed = await unlinkLabels(tx, issue.id, toRemove);
  const added = await linkLabels(tx, issue.id, toAdd);
  for (const label of removed) {
    events.push({ action: 'unlabeled', label });
    timeline.push({ event: 'unlabeled', details: labelDetails(label) });
  }
  for (const label of added) {
    events.push({ action: 'labeled', label });
    timeline.push({ event: 'labeled', details: labelDetails(label) });
  }

  let milestoneChanged = false;
  if (change.milestone !== undefined && (change.milestone?.id ?? null) !== (issue.milestone?.id ?? null)) {
    milestoneChanged = true;
    columns.milestone_id = change.milestone?.id ?? null;
    if (issue.milestone) {
      events.push({ action: 'demilestoned', milestone: issue.milestone });
      timeline.push({ event: 'demilestoned', details: milestoneDetails(issue.milestone) });
    }
    if (change.milestone) {
      events.push({ action: 'milestoned', milestone: change.milestone });
      timeline.push({ event: 'milestoned', details: milestoneDetails(change.milestone) });
    }
  }
  return removed.length > 0 || added.length > 0 || milestoneChanged;
}
