#!/usr/bin/env bash
# Instructions per sample for each texbench workload (bench.BenchmarkWorkloads),
# counted by valgrind's callgrind: repeatable whatever else the machine runs,
# unlike wall-clock time. Each count is the difference between a run of 4
# and a run of 2 sampling passes (plus the one that testing always runs
# first), divided by the samples of 2 passes, so set-up and start-up cancel
# out. The operands' computation (texbench's baseline) is included.
#
#   scripts/instructions.sh [W1 W2 ...] [-- extra test binary flags]
#
# Needs valgrind (Debian: valgrind). Go's runtime uses RDTSCP and
# asynchronous preemption signals, which valgrind 3.19 does not handle, so
# both are switched off with GODEBUG.
set -euo pipefail
cd "$(dirname "$0")/.."
ws=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do ws+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#ws[@]} -eq 0 ] && ws=(W1 W2 W3 W4 W5 W6 W7 W8)
bin=$(mktemp -d)/bench.test
go test -c -o "$bin" ./bench
samples=65536 # one pass: 256x64 pixels = 16,384 invocations, K = 4 (BenchmarkWorkloads)
count() { # workload passes
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" -test.run XXX -test.bench "Workloads/$1\$" -test.benchtime "$2x" -test.cpu 1 "${@:3}" 2>&1 |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf "%-4s %14s\n" workload instr/sample
for w in "${ws[@]}"; do
	a=$(count "$w" 2 "$@")
	b=$(count "$w" 4 "$@")
	echo "$w $a $b $samples" | awk '{printf "%-4s %14.1f\n", $1, ($3-$2)/(2*$4)}'
done
