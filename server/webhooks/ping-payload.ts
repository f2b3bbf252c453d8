// The `ping` event: sent when a hook is created (if active) and by the pings
// endpoint, whatever events the hook subscribes to.
import type { Principal } from '../auth/principal.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { HookRow } from './hooks-store.js';
import { hookView } from './hook-view.js';
import { installationField, installationOf, repositoryPayload, senderPayload } from './payloads/common.js';

// GitHub's zen sayings, one per ping.
const ZEN = [
  'Responsive is better than fast.',
  'It’s not fully shipped until it’s fast.',
  'Anything added dilutes everything else.',
  'Practicality beats purity.',
  'Avoid administrative distraction.',
  'Mind your words, they are important.',
  'Non-blocking is better than blocking.',
  'Design for failure.',
  'Half measures are as bad as nothing at all.',
  'Favor focus over features.',
  'Approachable is better than simple.',
  'Keep it logically awesome.',
  'Speak like a human.',
];

/** One of GitHub's zen sayings, for a ping (repository and organization hooks). */
export const zen = () => ZEN[Math.floor(Math.random() * ZEN.length)]!;

export function pingPayload(hook: HookRow, repo: RepositoryRow, principal: Principal, urls: Urls) {
  const fullName = `${repo.owner_login}/${repo.name}`;
  return {
    zen: zen(),
    hook_id: hook.id,
    hook: hookView(hook, fullName, urls),
    repository: repositoryPayload(repo, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installationOf(principal)),
  };
}
