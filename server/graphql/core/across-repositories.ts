// Connections that list rows of many repositories (a user's issues, pull
// requests and comments across repositories), already cut in SQL to what the
// caller reads. The installation guard (../installation-guard.ts) asks of
// such a connection only that the app's permissions cover its kind; each node
// and edge under it is still checked against its own repository.
import type { DataKind } from '../../access/data-kinds.js';

const kinds = new WeakMap<object, DataKind>();

/** Marks `connection` as listing `kind` across repositories, and answers it. */
export function acrossRepositories<T extends object>(connection: T, kind: DataKind): T {
  kinds.set(connection, kind);
  return connection;
}

/** The kind a connection lists across repositories; undefined for any other value. */
export const acrossRepositoriesKind = (value: object): DataKind | undefined => kinds.get(value);
