#!/bin/sh
# verdicts.sh: regenerate verdicts.txt, GenX_IR's accept/reject verdict on
# each instruction of verdicts.in (one "PLATFORM | instruction" a line),
# compiled alone after the declarations of verdicts.hdr and a ret:
#   GenX_IR k.visaasm -platform PLATFORM -output
# (a full compile: some rules are the finalizer's). A verdict is OK, or REJ
# with GenX_IR's first message; GenX_IR 1.0.12504 reports some errors
# ("Invalid emask ...") and still exits 0: those are REJ too.
# Needs GenX_IR from Debian's libigc-tools (IGC 1.0.12504). TestIGCVerdicts
# reads verdicts.txt; it does not run GenX_IR.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$here/verdicts.in" | grep -v '^$' | while IFS='|' read -r plat inst; do
	plat=$(echo "$plat" | tr -d ' ')
	inst=$(echo "$inst" | sed 's/^ //')
	rm -rf "$tmp/k"; mkdir "$tmp/k"
	{ grep -v '^//' "$here/verdicts.hdr"; echo "$inst"; echo "ret (M1, 1)"; } >"$tmp/k/k.visaasm"
	if (cd "$tmp/k" && GenX_IR k.visaasm -platform "$plat" -output >log 2>&1) &&
		! grep -q -i 'invalid\|error' "$tmp/k/log"; then
		v=OK
	else
		msg=$(cat "$tmp/k/k.errors.txt" 2>/dev/null | grep 'Error Message:' | head -1 | sed 's/.*Error Message: *//')
		[ -n "$msg" ] || msg=$(grep -v '^GenX_IR ' "$tmp/k/log" | grep -v '^$' | head -1)
		v="REJ $msg"
	fi
	echo "$plat | $inst | $v"
done >"$here/verdicts.txt"
