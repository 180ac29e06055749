#!/usr/bin/env bash
# Runs every go test -fuzz target in the module for FUZZTIME each (default
# 3s: a smoke run, as CI does; use FUZZTIME=10m for a soak). Prints one line
# per target and exits 1 if any target found a failing input (go test
# writes it under the package's testdata/fuzz/ for replay).
#
#   scripts/fuzz.sh            # every target, 3s each
#   FUZZTIME=60s scripts/fuzz.sh ./texfile ./sampler
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-3s}
pkgs=("$@")
[ ${#pkgs[@]} -eq 0 ] && pkgs=(./...)
status=0
for pkg in $(go list "${pkgs[@]}"); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
		if out=$(go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" 2>&1); then
			echo "ok   $pkg $target"
		else
			echo "FAIL $pkg $target"
			echo "$out" | tail -20
			status=1
		fi
	done
done
exit $status
