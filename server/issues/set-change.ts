// A change to an issue's assignees or labels comes either as the whole new
// set (PATCH `assignees` / `labels`, PUT …/labels) or as lists to add and to
// remove (POST …/assignees, POST …/labels, DELETE …). Both become the same
// two lists here, so each kind of link applies them (and makes its events) once.

/** What to add and remove: the whole set's difference from `current` (by id) when given, else the lists as they are. */
export function setChange<T extends { id: number }>(
  current: T[],
  whole: T[] | undefined,
  add: T[] = [],
  remove: T[] = [],
): { toAdd: T[]; toRemove: T[] } {
  if (!whole) return { toAdd: add, toRemove: remove };
  const wanted = new Set(whole.map((item) => item.id));
  const had = new Set(current.map((item) => item.id));
  return { toAdd: whole.filter((item) => !had.has(item.id)), toRemove: current.filter((item) => !wanted.has(item.id)) };
}
