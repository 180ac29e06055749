#!/usr/bin/env bash
# Measures the batch protocol's workloads of docs/PERFORMANCE.md ("Batch
# protocol v2") with the command itself:
#
#   - speed: N 64-lane trilinear sample_l jobs on a 256×256 surface, as
#     version 1 lines and as version 2 lines (a definition, columnar lanes,
#     "bits": false), through "texunit batch -j 1" on one CPU (taskset,
#     GOMAXPROCS=1), RUNS times each, alternating; it prints wall and CPU
#     seconds and lanes/s per run, and checks that both give the same results;
#   - memory: 50 jobs naming one 4096×4096 KTX2 file, peak resident memory
#     (internal/hostile/cmd/rusage) with -j 1 and -j 8.
#
#   scripts/batchbench.sh [N] [RUNS]     # default 20000 jobs, 5 runs
#   OLD=/path/to/texunit scripts/batchbench.sh   # also time another build's version 1
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
runs=${2:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/texunit" ./cmd/texunit
go build -o "$dir/rusage" ./internal/hostile/cmd/rusage
go run ./scripts/batchgen -o "$dir" -n "$n" -ktx2
lanes=$((n * 64))
one=""
command -v taskset >/dev/null && one="taskset -c 0"
TIMEFORMAT='%R %U %S'
measure() { # name binary input
	local t
	t=$({ time GOMAXPROCS=1 $one "$2" batch -j 1 -i "$3" -o "$dir/$1.out" >/dev/null; } 2>&1)
	read -r real user sys <<<"$t"
	awk -v name="$1" -v r="$real" -v u="$user" -v s="$sys" -v l="$lanes" \
		'BEGIN { printf "%-7s wall %6.3f s  cpu %6.3f s  %5.2f M lanes/s (wall)  %5.2f M lanes/s (cpu)\n", name, r, u + s, l / r / 1e6, l / (u + s) / 1e6 }'
}
echo "uptime: $(uptime)"
for r in $(seq "$runs"); do
	[ -n "${OLD:-}" ] && measure old-v1 "$OLD" "$dir/v1.jsonl"
	measure v1 "$dir/texunit" "$dir/v1.jsonl"
	measure v2 "$dir/texunit" "$dir/v2.jsonl"
done
# Version 2's results are version 1's (which has the bits too).
python3 - "$dir/v1.out" "$dir/v2.out" <<'PY' || { echo "v1 and v2 results differ"; exit 1; }
import json, sys
a = [json.loads(l)["results"] for l in open(sys.argv[1])]
b = [json.loads(l)["results"] for l in open(sys.argv[2])]
sys.exit(0 if a == b and len(a) > 0 else 1)
PY
echo "v1 and v2 give the same results"
for j in 1 8; do
	(cd "$dir" && ./rusage -o "ru$j.json" -kill-rss $((4 << 30)) -- ./texunit batch -j "$j" -i ktx2.jsonl -o "ktx$j.out")
	echo "ktx2 -j $j: $(cat "$dir/ru$j.json")"
done
cmp "$dir/ktx1.out" "$dir/ktx8.out" && echo "-j 1 and -j 8 give the same results"
