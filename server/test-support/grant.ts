// A collaborator grant in a test, seen by the test's server at once: the
// grant's invalidation notice reaches the server's cache asynchronously (as in
// production, where it drops a cached permission a moment later), and a test
// that asks right after must not race it.
import { setCollaborator } from '../collaborators/collaborators.js';
import type { Permission } from '../access/permissions.js';
import type { TestServer } from './test-server.js';

export async function grant(
  server: TestServer,
  repositoryId: number,
  userId: number,
  permission: Permission,
): Promise<void> {
  await setCollaborator(server.sql, repositoryId, userId, permission);
  server.services.bus.applyLocally(`repo:${repositoryId}`);
}
