// One spelling rule for the client's member names, used by the resource layer
// at run time and by the codegen that checks namespaces against the client's
// own members: kebab-case (`codes-of-conduct`, `list-for-repo`) becomes
// camelCase (`codesOfConduct`, `listForRepo`), as Octokit names them.
// resource-types.ts spells the same rule at the type level (CamelCase<S>).
export const camelCase = (name: string): string => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
