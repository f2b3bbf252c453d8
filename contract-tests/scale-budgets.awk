# Scales schemathesis.toml's per-operation fuzzing budgets for one run (run.sh):
#   awk -v m=RUN_MAX_EXAMPLES -v s=BUDGET_SCALE -f scale-budgets.awk schemathesis.toml
# Each `generation.max-examples = N` line (the only shape allowed there) becomes
# ceil(N * m / s), at least 1; every other line is copied as it is.
/^generation\.max-examples = [0-9]+$/ {
  v = int(($3 * m + s - 1) / s)
  if (v < 1) v = 1
  print "generation.max-examples = " v
  next
}
{ print }
