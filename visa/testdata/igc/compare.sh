#!/bin/sh
# compare.sh: regenerate the IGC referee outputs in this directory.
#
# For every kernel K.visaasm here (the inputs; not the *.igc-*.visaasm
# outputs) it writes:
#   K.igc-text.visaasm      GenX_IR's canonical text of the kernel
#                           (GenX_IR K.visaasm -platform TGLLP -dumpcommonisa)
#   K.isa                   texunit's bytecode (texunit visa asm)
#   K.igc-readback.visaasm  GenX_IR's text of texunit's bytecode
#                           (GenX_IR K.isa -platform TGLLP -dumpcommonisa)
# and prints what differs from texunit's canonical text (texunit visa
# disasm) after comments and runs of spaces are dropped.
#
# Needs GenX_IR from Debian's libigc-tools (IGC 1.0.12504) and Go. The Go
# tests (TestIGCGolden) read these files; they do not run GenX_IR.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
texunit=${TEXUNIT:-"go run $root/cmd/texunit"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
norm() { sed -e 's#//.*##' -e 's/[[:space:]]\+/ /g' -e 's/^ //' -e 's/ $//' \
	-e 's/^\(\.kernel_attr [^ ]*\) /\1\n/' "$1" | grep -v '^$'; }
status=0
for k in "$here"/*.visaasm; do
	case "$k" in *.igc-*) continue ;; esac
	b=${k%.visaasm}
	n=$(basename "$b")
	$texunit visa asm -o "$b.isa" "$k" || { echo "$n: texunit visa asm failed"; status=1; continue; }
	$texunit visa disasm -o "$tmp/$n.texunit" "$k"
	# GenX_IR writes its text next to its input: work on copies.
	mkdir -p "$tmp/text" "$tmp/bin"
	cp "$k" "$tmp/text/k.visaasm"
	if (cd "$tmp/text" && GenX_IR k.visaasm -platform TGLLP -dumpcommonisa >log 2>&1); then
		cp "$tmp/text/k.visaasm" "$b.igc-text.visaasm"
	else
		{ echo "// GenX_IR rejected the text:"; sed 's#^#// #' "$tmp/text/log"; } >"$b.igc-text.visaasm"
	fi
	cp "$b.isa" "$tmp/bin/k.isa"
	rm -f "$tmp/bin/.visaasm"
	if (cd "$tmp/bin" && GenX_IR k.isa -platform TGLLP -dumpcommonisa >log 2>&1) && [ -f "$tmp/bin/.visaasm" ]; then
		cp "$tmp/bin/.visaasm" "$b.igc-readback.visaasm"
	else
		{ echo "// GenX_IR could not read the bytecode:"; sed 's#^#// #' "$tmp/bin/log"; } >"$b.igc-readback.visaasm"
	fi
	for out in igc-text igc-readback; do
		if norm "$b.$out.visaasm" | diff -u "$(norm "$tmp/$n.texunit" >"$tmp/$n.want"; echo "$tmp/$n.want")" - >"$tmp/diff"; then
			echo "$n: $out: identical"
		else
			echo "$n: $out: differs:"; sed 's/^/    /' "$tmp/diff"
		fi
	done
	rm -rf "$tmp/text" "$tmp/bin"
done
exit $status
