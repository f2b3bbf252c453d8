// The `{ref}` path parameter of the git ref endpoints is the part after
// `refs/` (heads/main), raw or %2F-encoded; a full `refs/…` name is accepted
// too (the create response's `ref`, which links hand on).
export function fullRefName(param: string): string {
  const name = param.replace(/^\/+/, '');
  return name.startsWith('refs/') ? name : `refs/${name}`;
}
