#!/usr/bin/env bash
# Instructions per 64-lane request of bench.BenchmarkWorkloads inside
# Engine.Execute, split into the lane kernels' assembly and the Go around
# them, counted by valgrind's callgrind (repeatable whatever else the
# machine runs). For each workload: the whole program's count of 4 passes
# minus 2 (set-up and start-up cancel out), BenchmarkWorkloads minus
# BenchmarkBaselines (the operands and sums alone), over 2 passes' 2,048
# requests; "kernels" is the assembly of sampler/internal/lanes (its TEXT
# symbols), "Go" the rest of texunit's functions, which includes the bench
# harness's own loop (bench.(*worker).execute, about 95 a request). The
# functions that differ by 2 or more a request are listed.
#
#   scripts/gocount.sh [W1 W4 ...]
#
# valgrind has no AVX-512, so the AVX2 road runs: its Go control of the
# kernels (runPlainLevelAsm, kernel) is not the AVX-512 road's, but the Go
# in front of both (Execute, the set-up cache, the checks) is the same.
# Needs valgrind and python3; GODEBUG as scripts/instructions.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
ws=("$@")
[ ${#ws[@]} -eq 0 ] && ws=(W1 W4 W5 W7 W8)
asm=$(grep -ho "^TEXT ·[A-Za-z0-9_]*" sampler/internal/lanes/*.s | sed 's/TEXT ·//' | sort -u | tr '\n' ' ')
d=$(mktemp -d)
go test -c -o "$d/bench.test" ./bench
for w in "${ws[@]}"; do
	for b in Workloads Baselines; do
		for n in 2 4; do
			GOGC=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file="$d/$b.$w.$n" \
				"$d/bench.test" -test.run XXX -test.bench "$b/$w\$" -test.benchtime "${n}x" -test.cpu 1 >/dev/null 2>&1
			callgrind_annotate --auto=no --threshold=100 "$d/$b.$w.$n" 2>/dev/null | grep -E '^ *[0-9,]+ \(' |
				sed -E 's/^ *([0-9,]+) \([^)]*\) +\*? *[^:]*:([^ ]+).*$/\1 \2/' >"$d/$b.$w.$n.fn"
		done
	done
	python3 - "$d" "$w" "$asm" <<'PY'
import collections, re, sys
d, w, asm = sys.argv[1], sys.argv[2], set(sys.argv[3].split())
def read(f):
    c = collections.Counter()
    for l in open(f):
        p = l.split(None, 1)
        if len(p) == 2:
            c[re.sub(r"'\d+$", "", p[1].strip())] += int(p[0].replace(',', ''))
    return c
def diff(b):
    a, c = read(f"{d}/{b}.{w}.2.fn"), read(f"{d}/{b}.{w}.4.fn")
    return {k: (c[k] - a[k]) / 2048 for k in set(a) | set(c)}
W, B = diff("Workloads"), diff("Baselines")
ours = lambda k: k.startswith('github.com/texunit/')
isasm = lambda k: 'sampler/internal/lanes.' in k and k.replace('.abi0', '').rsplit('.', 1)[-1] in asm
net = sum(v for k, v in W.items() if ours(k)) - sum(v for k, v in B.items() if ours(k))
ker = sum(v for k, v in W.items() if isasm(k))
print(f"{w}: {net:.1f} instructions a request, kernels {ker:.1f}, Go {net - ker:.1f}")
for k, v in sorted(W.items(), key=lambda x: -x[1]):
    if ours(k) and abs(v - B.get(k, 0)) >= 2:
        print(f"   {v - B.get(k, 0):9.1f} {'K' if isasm(k) else ' '} {k}")
PY
done
