"""Schemathesis hooks of the stateful contract run (run.sh loads this file through SCHEMATHESIS_HOOKS).

- auth.py: the run token and the app JWTs, as in the other OpenAPI run.
- stateful-links.py: one line per step that followed a link, with its answer
  (CONTRACT_LINKS_LOG), which run.sh summarizes.
- chain-links.py: in the chain runs, every value a link names used by the step
  that follows it (loaded after stateful-links.py, which then records `applied`).
- fork-pull-fixture.py: the fork put back as seed.ts made it before each
  CreatePullInFork, so that link answers 201 every time (CONTRACT_BASE_URL).
- pending-review-fixture.py: in the chain runs, the caller's pending review of
  the pull request deleted before each pending-review link, so that link is not
  refused for the one left by an earlier step.
"""
import os
import runpy

HERE = os.path.dirname(os.path.abspath(__file__))
for module in ("auth.py", "stateful-links.py", "chain-links.py", "fork-pull-fixture.py", "pending-review-fixture.py"):
    runpy.run_path(os.path.join(HERE, module))
