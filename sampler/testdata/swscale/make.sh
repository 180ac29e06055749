#!/bin/sh
# Makes the swscale golden data of TestYCbCrSwscale (see README.md).
# Needs Debian's ffmpeg (5.1); run from this directory.
set -eu
W=32 H=24
SWS=bilinear+accurate_rnd+full_chroma_int+full_chroma_inp+bitexact
# case name, ffmpeg pixel format, colour matrix, range (tv|pc), chroma x, y position (1/256 luma texel)
while read -r name pix matrix range hpos vpos; do
	if [ "$pix" = y210le ]; then
		# ffmpeg reads Y210 but does not write it: write 4:2:2 10-bit planes
		# and interleave them here (Y0 U Y1 V, each in a word's high bits).
		ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=${W}x${H}:rate=1 -frames:v 1 \
			-pix_fmt yuv422p10le -f rawvideo "$name.p10"
		/usr/bin/python3 -c '
import struct, sys
w, h = int(sys.argv[1]), int(sys.argv[2])
d = open(sys.argv[3], "rb").read()
v = struct.unpack("<%dH" % (len(d) // 2), d)
y, u, vv = v[:w * h], v[w * h:w * h + w * h // 2], v[w * h + w * h // 2:]
out = []
for k in range(w * h // 2):
	out += [y[2 * k] << 6, u[k] << 6, y[2 * k + 1] << 6, vv[k] << 6]
sys.stdout.buffer.write(struct.pack("<%dH" % len(out), *out))' $W $H "$name.p10" >"$name.yuv"
		rm "$name.p10"
	else
		ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=${W}x${H}:rate=1 -frames:v 1 \
			-pix_fmt "$pix" -f rawvideo "$name.yuv"
	fi
	for src in "$name" "$name.white"; do
		size=${W}x${H}
		if [ "$src" = "$name.white" ]; then
			# A 2×2 frame of the range's white (Y′ 235 or 255, chroma 128,
			# scaled to the format's depth): swscale's gain.
			size=2x2
			/usr/bin/python3 -c '
import struct, sys
pix, rng = sys.argv[1], sys.argv[2]
y = 255 if rng == "pc" else 235
luma, chroma = {"nv12": (4, 2), "yuv420p": (4, 2), "yuv422p": (4, 4), "yuv444p": (4, 8), "p010le": (4, 2), "yuv420p16le": (4, 2),
	"yuyv422": (4, 4), "uyvy422": (4, 4), "y210le": (4, 4)}[pix]
if pix in ("yuyv422", "uyvy422"):  # Y0 U Y1 V or U Y0 V Y1, two blocks
	order = [y, 128, y, 128] if pix == "yuyv422" else [128, y, 128, y]
	data = bytes(order * 2)
elif pix == "y210le":
	data = struct.pack("<8H", *([(y * 4) << 6, 512 << 6] * 4))
elif pix == "p010le":
	data = struct.pack("<6H", *([(y * 4) << 6] * luma + [512 << 6] * chroma))
elif pix == "yuv420p16le":
	data = struct.pack("<6H", *([y << 8] * luma + [128 << 8] * chroma))
else:
	data = bytes([y] * luma + [128] * chroma)
sys.stdout.buffer.write(data)' "$pix" "$range" >"$src.yuv"
		fi
		ffmpeg -nostdin -hide_banner -loglevel error -y -f rawvideo -pix_fmt "$pix" -s $size -i "$src.yuv" \
			-vf "scale=in_color_matrix=$matrix:in_range=$range:out_range=pc:in_h_chr_pos=$hpos:in_v_chr_pos=$vpos" \
			-sws_flags $SWS -pix_fmt gbrpf32le -f rawvideo "$src.gbrpf32"
	done
done <<CASES
nv12_709_tv_center nv12 bt709 tv 128 128
nv12_709_tv_left nv12 bt709 tv 0 128
yuv420p_601_pc_center yuv420p smpte170m pc 128 128
p010_2020_tv_center p010le bt2020 tv 128 128
yuv422p_709_tv_left yuv422p bt709 tv 0 0
yuv444p_601_tv yuv444p smpte170m tv 0 0
yuv420p16_709_tv_left yuv420p16le bt709 tv 0 0
yuyv422_709_tv_left yuyv422 bt709 tv 0 0
uyvy422_601_pc_center uyvy422 smpte170m pc 128 0
y210_2020_tv_left y210le bt2020 tv 0 0
CASES
