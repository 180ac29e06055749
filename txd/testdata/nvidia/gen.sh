#!/bin/sh
# Regenerates the golden listings in this directory with NVIDIA's CUDA 11.8
# toolchain (Debian non-free nvidia-cuda-toolkit 11.8, unpacked with dpkg -x).
#   CUDA=/opt/cuda/usr/bin sh gen.sh      (run from this directory)
# Outputs (checked in; the tests read them, CI needs no NVIDIA tools):
#   ptxas_sm50.sass  cuobjdump -sass of tex_grad.ptx compiled by ptxas -arch=sm_50
#   ptxas_sm52.sass  the same for -arch=sm_52
#   sweep.bin        raw code from mkwords.go (every TXD field, 654 words)
#   sweep.sass       nvdisasm -b SM52 -hex sweep.bin
#   sweep_sm50.sass  nvdisasm -b SM50 -hex of the words SM 5.0 accepts
set -eu
CUDA=${CUDA:-/opt/cuda/usr/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for arch in 50 52; do
	"$CUDA/ptxas" -arch=sm_$arch tex_grad.ptx -o "$tmp/t.cubin"
	"$CUDA/cuobjdump" -sass "$tmp/t.cubin" > ptxas_sm$arch.sass
done
go run mkwords.go
"$CUDA/nvdisasm" -b SM52 -hex sweep.bin > sweep.sass
"$CUDA/nvdisasm" --version | tail -1 > TOOLS
"$CUDA/ptxas" --version | tail -1 >> TOOLS
