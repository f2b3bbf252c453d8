// A pull request's body once its mergeability job has run. The first read of a
// pull request starts that job (GitHub's `mergeable: null` until then), so two
// reads in a row may differ by `mergeable`, `rebaseable` and `mergeable_state`
// alone; tests that compare bodies wait for it first.

/** Reads the pull request until `mergeable` is set (a generous poll: the machine may be busy). */
export async function whenMergeabilityComputed(read: () => Promise<any>, what: string): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const json = await read();
    if (json.mergeable !== null) return json;
    if (Date.now() > deadline) throw new Error(`mergeable of ${what} still null`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
