#!/usr/bin/env bash
# Instructions per request of the C interface (examples/c/bench count),
# counted by valgrind's callgrind: repeatable whatever else the machine
# runs, unlike time. Each count is the difference between a run of 2N and
# a run of N requests, divided by N, so that start-up and set-up cancel
# out; "go" is the Go library alone (texunit_time_go: Engine.Execute in a
# Go loop), and "beyond Go" what the C call adds to it.
#
#   scripts/capicount.sh [N] [WORKLOAD ...]     (N: 12800, a multiple of 64; WORKLOAD: bilinear trilinear aniso gather4 fetch)
#
# LANES (64), LAYOUTS (component-major lane-major) and CALLS (many single)
# choose the rows. Needs valgrind (Debian: valgrind). Go's runtime uses
# RDTSCP and asynchronous preemption signals, which valgrind 3.19 does not
# handle, so both are switched off with GODEBUG.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
n=${1:-12800}
[ $# -gt 0 ] && shift
ws=("$@")
[ ${#ws[@]} -eq 0 ] && ws=(bilinear trilinear aniso gather4 fetch)
make -s -C examples/c "$PWD/examples/c/build/bench" >/dev/null # libtexunit and the bench program, when out of date
bin=examples/c/build/bench
count() { # workload lanes layout call requests
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" count "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
perRequest() { # workload lanes layout call
	a=$(count "$@" "$n")
	b=$(count "$@" $((2 * n)))
	echo "$a $b $n" | awk '{printf "%.1f", ($2-$1)/$3}'
}
printf "%-10s %6s %-16s %-7s %12s %12s %10s\n" workload lanes layout call instructions go "beyond Go"
for w in "${ws[@]}"; do
	for lanes in ${LANES:-64}; do
		g=$(perRequest "$w" "$lanes" component-major go)
		for layout in ${LAYOUTS:-component-major lane-major}; do
			for call in ${CALLS:-many single}; do
				c=$(perRequest "$w" "$lanes" "$layout" "$call")
				echo "$w $lanes $layout $call $c $g" | awk '{printf "%-10s %6d %-16s %-7s %12.1f %12.1f %10.1f\n", $1, $2, $3, $4, $5, $6, $5-$6}'
			done
		done
	done
done
