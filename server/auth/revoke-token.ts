// Revoking a token so that no request starting after the answer can still use
// it: the deletion's NOTIFY makes every live server process drop the token from
// its cache, and this waits until each has acknowledged (or the timeout, logged).
import type { Services } from '../services.js';

/** False when there was no such token. */
export async function revokeEverywhere(services: Services, tokenId: number): Promise<boolean> {
  const { tokens, bus, log } = services;
  const propagation = bus.expect(`token:${tokenId}`);
  if (!(await tokens.revoke(tokenId))) {
    await propagation.complete(0);
    return false;
  }
  const { ok, missing } = await propagation.complete();
  if (!ok) log.warn('token revocation not acknowledged by every process', { tokenId, missing });
  return true;
}
