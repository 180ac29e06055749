#!/usr/bin/env bash
# Instructions per sample for each texbench workload (bench.BenchmarkWorkloads),
# counted by valgrind's callgrind: repeatable whatever else the machine runs,
# unlike wall-clock time. Each count is the difference between a run of 4
# and a run of 2 passes (plus the one that testing always runs first),
# divided by the samples of 2 passes, so set-up and start-up cancel out:
# the sampling passes (which include computing the operands and summing the
# results), the baseline passes (bench.BenchmarkBaselines: those alone, as
# texbench's baseline), and their difference, the requests' own.
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
[ ${#ws[@]} -eq 0 ] && ws=(W1 W2 W3 W4 W5 W6 W7 W8 W9 W10)
bin=$(mktemp -d)/bench.test
go test -c -o "$bin" ./bench
samples=65536 # one pass: 256x64 pixels = 16,384 invocations, K = 4 (BenchmarkWorkloads)
count() { # benchmark workload passes
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" -test.run XXX -test.bench "$1/$2\$" -test.benchtime "$3x" -test.cpu 1 "${@:4}" 2>&1 |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
perSample() { # benchmark workload: instructions per sample of one pass
	a=$(count "$1" "$2" 2 "${@:3}")
	b=$(count "$1" "$2" 4 "${@:3}")
	echo "$a $b $samples" | awk '{printf "%.1f", ($2-$1)/(2*$3)}'
}
printf "%-8s %10s %10s %10s\n" workload sampling baseline net
for w in "${ws[@]}"; do
	s=$(perSample Workloads "$w" "$@")
	b=$(perSample Baselines "$w" "$@")
	echo "$w $s $b" | awk '{printf "%-8s %10.1f %10.1f %10.1f\n", $1, $2, $3, $2-$3}'
done
