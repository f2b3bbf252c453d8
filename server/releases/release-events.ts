// The `release` events GitHub sends for each change of a release, written in
// the change's transaction:
// - created: `created`, then for a published release `published` and
//   `released` (full) or `prereleased`;
// - a draft published: `published`, then `released` for a full release (GitHub
//   documents that `prereleased` is not sent for a prerelease published from a
//   draft: `published` alone);
// - a published release made a draft again: `unpublished`;
// - a published release changing kind: `released` or `prereleased`;
// - name, body, tag or an explicit make_latest changed: `edited` with `changes`
//   (first, as GitHub saves the edit before publishing);
// - deleted: `deleted`.
import type { CallerEvent } from '../webhooks/caller-events.js';
import { emitCallerEvent } from '../webhooks/caller-events.js';
import type { ReleaseView } from './release-view.js';

interface Shape {
  draft: boolean;
  prerelease: boolean;
}

/** The actions after `edited` for a change from `before` to `after` (null: the release was created). */
export function transitionActions(before: Shape | null, after: Shape): string[] {
  const kind = after.prerelease ? 'prereleased' : 'released';
  if (before === null) return after.draft ? ['created'] : ['created', 'published', kind];
  if (before.draft && !after.draft) return after.prerelease ? ['published'] : ['published', 'released'];
  if (!before.draft && after.draft) return ['unpublished'];
  if (!after.draft && before.prerelease !== after.prerelease) return [kind];
  return [];
}

export async function emitReleaseEvents(
  on: CallerEvent,
  release: ReleaseView,
  actions: string[],
  changes?: Record<string, unknown>,
): Promise<void> {
  if (changes && Object.keys(changes).length > 0) await emitCallerEvent(on, 'release', 'edited', { release, changes });
  for (const action of actions) await emitCallerEvent(on, 'release', action, { release });
}
