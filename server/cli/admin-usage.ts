// The admin commands' usage text, apart from the commands themselves so that
// `wharf help` prints it without loading them.
const APP_USAGE = `  create-app <owner-login> <name> [--public-key-file <pem>] [--permissions contents:write,issues:read,…] [--events push,create,…]
             [--webhook-url <url> [--webhook-secret <secret>]]
                                  (no key file: generates a key pair and prints the private key once)
  install-app <app-id|slug> <account-login> [--repositories <name>,…] [--permissions <name>:<level>,…]
                                  (installs, or updates the installation; default: all repositories, the app's permissions)
  uninstall-app <installation-id>
  app-hook <app-id|slug> [--url <url>] [--secret <secret>] [--content-type json|form] [--insecure-ssl]
             [--active|--inactive] [--events push,issues,…]
                                  (the app's webhook and subscribed events; the secret is never printed)`;

export const ADMIN_USAGE = `wharf admin <command>
  create-user <login> [--admin] [--email <email>]
  create-org <login> --owner <login>
  add-member <org> <login> [--role member|admin]
  remove-member <org> <login>     (deletes their forks of the org's private repositories they no longer read)
  add-collaborator <owner>/<repo> <login> [--permission read|triage|write|maintain|admin]
  remove-collaborator <owner>/<repo> <login>
                                  (deletes their forks of it if they no longer read it)
  set-password <login>            (reads the new password from stdin; empty removes it)
  create-oauth-app <owner-login> <name> [--callback-url <url>] [--device-flow]
${APP_USAGE}
  create-token <login> [--scopes repo,admin:repo_hook,…] [--note <text>]
  list-tokens <login>
  revoke-token <id>
  rename-user <old> <new>`;
