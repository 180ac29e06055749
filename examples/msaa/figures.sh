#!/bin/sh
# Runs the loads of the patent's Figures 5A-5D, then variations the
# description names. Run from the repository root: sh examples/msaa/figures.sh
set -e
for f in 5A 5B 5C 5D; do
  echo "=== Figure $f"
  go run ./cmd/texunit msaa load -figure $f
  echo
done
echo "=== Five components per sample: same-component stride 5"
go run ./cmd/texunit msaa load -components 5 -mode same_component -component 4
echo
echo "=== 16 samples, RDNA group rule: sample index 13 loads samples 12-15"
go run ./cmd/texunit msaa load -samples 16 -group-from-sample -sample 13
echo
echo "=== FMASK: 8 samples stored as 2 fragments"
go run ./cmd/texunit msaa load -samples 8 -fragments 2 -fmask 11110000 -all-phases
