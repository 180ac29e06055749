#!/bin/sh
# Regenerates the golden listings in this directory with NVIDIA's CUDA 11.8
# toolchain (Debian non-free nvidia-cuda-toolkit 11.8, unpacked with dpkg -x).
#   CUDA=/opt/cuda/usr/bin sh gen.sh      (run from this directory)
# Outputs (checked in; the tests read them, CI needs no NVIDIA tools):
#   ptxas_sm50.sass  cuobjdump -sass of tex_grad.ptx compiled by ptxas -arch=sm_50
#   ptxas_sm52.sass  the same for -arch=sm_52
#   *.bin, sm50_reject.hex   raw code and words from mkwords.go
#   sweep.sass       nvdisasm -b SM52 -hex sweep.bin (every TXD field, 654 words)
#   sweep_smNN.sass  nvdisasm -b SMNN -hex sweep.bin for 53, 60, 61, 62
#   sweep_sm50.sass  nvdisasm -b SM50 -hex sweep_sm50.bin (the words SM50 reads)
#   dims_smNN.sass   nvdisasm -b SMNN -hex dims.bin for 52, 53, 60, 61, 62;
#                    dims_sm50.sass from dims_sm50.bin
#   sm50_reject.txt  per word of sm50_reject.hex: nvdisasm -b SM50's error
#                    and nvdisasm -b SM52's text, the word alone in a group
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
for arch in 53 60 61 62; do
	"$CUDA/nvdisasm" -b SM$arch -hex sweep.bin > sweep_sm$arch.sass
done
"$CUDA/nvdisasm" -b SM50 -hex sweep_sm50.bin > sweep_sm50.sass
for arch in 52 53 60 61 62; do
	"$CUDA/nvdisasm" -b SM$arch -hex dims.bin > dims_sm$arch.sass
done
"$CUDA/nvdisasm" -b SM50 -hex dims_sm50.bin > dims_sm50.sass
# One refused word at a time: a group of the word and two NOPs.
: > sm50_reject.txt
while read -r w; do
	python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<4Q', 0x7e0|0x7e0<<21|0x7e0<<42, $w, 0x50b0000000070f00, 0x50b0000000070f00))" > "$tmp/w.bin"
	e50=$("$CUDA/nvdisasm" -b SM50 -hex "$tmp/w.bin" 2>&1 | grep -i error | head -1 | sed 's/  */ /g') || true
	t52=$("$CUDA/nvdisasm" -b SM52 -hex "$tmp/w.bin" | grep TXD | sed 's#^ */\*[0-9a-f]*\*/ *##; s# */\*.*##')
	echo "$w | SM50: ${e50:-accepted} | SM52: $t52" >> sm50_reject.txt
done < sm50_reject.hex
"$CUDA/nvdisasm" --version | tail -1 > TOOLS
"$CUDA/ptxas" --version | tail -1 >> TOOLS
