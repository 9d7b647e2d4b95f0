#!/usr/bin/env bash
# Runs the named npm scripts at the same time and fails when any of them fails: `npm test`'s checks (typecheck,
# Prettier, ESLint, the layering rule) are each one process on one core, so on 2 cores they take the time of the
# longest instead of their sum; and `npm test` runs `next build` beside `test:unit`, whose integration files mostly
# wait (docs/contributing.md, test suite). Each script's output is printed whole when it ends (not interleaved), with
# its time.
#
#   bash scripts/run-parallel.sh typecheck lint:format lint:code lint:layers
#   bash scripts/run-parallel.sh test:unit build
set -uo pipefail
if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/run-parallel.sh <npm script>..." >&2
  exit 2
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
declare -A pids=()
for name in "$@"; do
  (
    begun=$SECONDS
    npm run "$name" >"$out/$name.log" 2>&1
    status=$?
    echo "$((SECONDS - begun))" >"$out/$name.seconds"
    exit "$status"
  ) &
  pids[$name]=$!
done
failed=()
for name in "$@"; do
  if wait "${pids[$name]}"; then status=ok; else status=FAILED; failed+=("$name"); fi
  echo "── npm run $name: $status in $(cat "$out/$name.seconds")s"
  cat "$out/$name.log"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
