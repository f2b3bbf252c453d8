// Prints a fresh app JWT (RS256, 10 minutes, iat 30 s back as Octokit does)
// for the contract run's app: the schemathesis auth hook (hooks/auth.py)
// calls it whenever its cached JWT is due for renewal.
//   CONTRACT_APP_ID, CONTRACT_APP_KEY_FILE
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';

const { CONTRACT_APP_ID: appId, CONTRACT_APP_KEY_FILE: keyFile } = process.env;
if (!appId || !keyFile) {
  process.stderr.write('mint-app-jwt: CONTRACT_APP_ID and CONTRACT_APP_KEY_FILE are required\n');
  process.exit(2);
}
const now = Math.floor(Date.now() / 1000);
const jwt = await new SignJWT({ iat: now - 30, exp: now - 30 + 600, iss: Number(appId) })
  .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
  .sign(createPrivateKey(readFileSync(keyFile, 'utf8')));
process.stdout.write(`${jwt}\n`);
