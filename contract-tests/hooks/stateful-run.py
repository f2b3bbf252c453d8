"""Schemathesis hooks of the stateful contract run (run.sh loads this file through SCHEMATHESIS_HOOKS).

- auth.py: the run token and the app JWTs, as in the other OpenAPI run.
- stateful-links.py: one line per step that followed a link, with its answer
  (CONTRACT_LINKS_LOG), which run.sh summarizes.
- fork-pull-fixture.py: the fork put back as seed.ts made it before each
  CreatePullInFork, so that link answers 201 every time (CONTRACT_BASE_URL).
"""
import os
import runpy

HERE = os.path.dirname(os.path.abspath(__file__))
for module in ("auth.py", "stateful-links.py", "fork-pull-fixture.py"):
    runpy.run_path(os.path.join(HERE, module))
