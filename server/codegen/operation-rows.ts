// The generated tables (the server's route table, the SDK's operation table)
// have one row per operation: operationIds must be unique, and rows are sorted
// by them so a generated file changes only where the contract did.

export function sortedByOperationId<T extends { operationId: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.operationId)) throw new Error(`duplicate operationId ${row.operationId}`);
    seen.add(row.operationId);
  }
  return rows.sort((a, b) => a.operationId.localeCompare(b.operationId));
}
