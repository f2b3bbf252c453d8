// The address GitHub gives an account without a public email, in commits it
// records and in API bodies (http/urls.ts, repos/commit-identity.ts).

/** `<id>+<login>@users.noreply.<host>`. */
export function noreplyEmail(account: { id: number; login: string }, noreplyHost: string): string {
  return `${account.id}+${account.login}@users.noreply.${noreplyHost}`;
}
