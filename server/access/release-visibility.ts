// Drafts are visible only to callers who may push, as on GitHub: to anyone
// else a draft's id is 404 and lists leave it out.
import { atLeast, type Permission } from './permissions.js';

export const seesDrafts = (permission: Permission | null) => atLeast(permission, 'write');
