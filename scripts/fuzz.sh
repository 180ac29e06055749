#!/usr/bin/env bash
# Runs every go test -fuzz target in the module for FUZZTIME each (default
# 10000x, i.e. 10,000 inputs: a smoke run, as CI does; use FUZZTIME=10m for a
# soak). Prints one line per target and exits 1 if any target found a
# failing input (go test writes it under the package's testdata/fuzz/ for
# replay). Go's fuzzer can end a short run with "context deadline exceeded"
# and no failing input (its coordinator timing out a busy worker); such a
# run is retried once rather than reported.
#
#   scripts/fuzz.sh                # every target, 10,000 inputs each
#   FUZZTIME=60s scripts/fuzz.sh ./texfile ./sampler
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10000x}
pkgs=("$@")
[ ${#pkgs[@]} -eq 0 ] && pkgs=(./...)
status=0
for pkg in $(go list "${pkgs[@]}"); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
		run() { go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" 2>&1; }
		out=$(run)
		rc=$?
		if [ $rc -ne 0 ] && grep -q 'context deadline exceeded' <<<"$out" && ! grep -q 'Failing input written' <<<"$out"; then
			out=$(run)
			rc=$?
		fi
		if [ $rc -eq 0 ]; then
			echo "ok   $pkg $target"
		else
			echo "FAIL $pkg $target"
			echo "$out" | tail -20
			status=1
		fi
	done
done
exit $status
