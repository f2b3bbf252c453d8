"""Schemathesis auth hooks of the contract run (loaded by run.sh through SCHEMATHESIS_HOOKS).

- The app-authenticated operations (CONTRACT_APP_JWT_OPERATIONS, which run.sh
  reads from the spec's `security: appJwt`) get an app JWT. JWTs live at most
  10 minutes, so one fixed token cannot serve a whole run: a fresh one is
  minted (mint-app-jwt.mjs, with the seeded app's key) every 4 minutes.
- Every other operation gets the run user's token (CONTRACT_TOKEN).

Both are hooks, not config `headers`, because schemathesis lets config headers
override programmatic auth: a global `Authorization` header in
schemathesis.toml would replace the JWT. Per-operation `headers` in the config
(the hook and installation operations) still override the run token, on purpose.
"""
import os
import subprocess

import schemathesis

CONTRACT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP_OPERATIONS = [op for op in os.environ.get("CONTRACT_APP_JWT_OPERATIONS", "").split(",") if op]


def _bearer(case, token):
    case.headers = case.headers or {}
    case.headers["Authorization"] = f"Bearer {token}"


# Registered first: the first provider that answers for an operation wins.
if APP_OPERATIONS and os.environ.get("CONTRACT_APP_ID") and os.environ.get("CONTRACT_APP_KEY_FILE"):

    @schemathesis.auth(refresh_interval=240).apply_to(operation_id=APP_OPERATIONS)
    class AppJwt:
        def get(self, case, ctx):
            minted = subprocess.run(
                ["node", os.path.join(CONTRACT_DIR, "mint-app-jwt.mjs")],
                check=True, capture_output=True, text=True, timeout=30,
            )
            return minted.stdout.strip()

        def set(self, case, data, ctx):
            _bearer(case, data)


@schemathesis.auth(refresh_interval=None).skip_for(operation_id=APP_OPERATIONS or ["-"])
class RunToken:
    def get(self, case, ctx):
        return os.environ["CONTRACT_TOKEN"]

    def set(self, case, data, ctx):
        _bearer(case, data)


# Not auth, but this is the module run.sh loads: GitHub's object media type of
# GET …/contents/{path} (`application/vnd.github.object`) is JSON by another
# name, so its answers are validated against content-tree rather than skipped.
@schemathesis.deserializer("application/vnd.github.object")
def _github_object(ctx, response):
    return response.json()
