#!/bin/sh
# Regenerates the ImageMagick-made test files (ImageMagick 6.9.11-60 Q16,
# Debian bookworm's imagemagick package). See README.md.
set -e
cd "$(dirname "$0")"
C=/usr/bin/convert
SRC="-size 5x3 gradient:red-blue -strip"
$C $SRC -colorspace Gray -depth 8 -define png:color-type=0 -define png:bit-depth=8 grey8.png
$C $SRC -colorspace Gray -depth 16 -define png:color-type=0 -define png:bit-depth=16 grey16.png
$C $SRC -colorspace Gray -alpha set -channel A -evaluate set 50% +channel -depth 8 -define png:color-type=4 greyalpha8.png
$C $SRC -colorspace Gray -alpha set -channel A -evaluate set 50% +channel -depth 16 -define png:color-type=4 greyalpha16.png
$C $SRC -depth 8 -define png:color-type=2 rgb8.png
$C $SRC -alpha set -channel A -evaluate set 25% +channel -depth 8 -define png:color-type=6 rgba8.png
$C $SRC -depth 16 -define png:color-type=2 rgb16.png
$C $SRC -alpha set -channel A -evaluate set 25% +channel -depth 16 -define png:color-type=6 rgba16.png
$C $SRC -colors 4 -define png:color-type=3 palette.png
$C $SRC -depth 8 -interlace PNG -define png:color-type=2 rgb8_interlaced.png
$C -size 5x3 gradient:white-black -strip -colorspace Gray -transparent black -depth 8 -define png:color-type=0 -define png:bit-depth=8 grey8_trns.png
$C -size 8x8 gradient:red-blue -define dds:compression=dxt1 -define dds:mipmaps=3 dxt1_mips.dds
$C -size 6x5 gradient:red-blue -define dds:compression=dxt1 -define dds:mipmaps=0 dxt1_6x5.dds
$C -size 8x4 gradient:red-blue -alpha set -channel A -evaluate set 50% +channel -define dds:compression=dxt5 -define dds:mipmaps=0 dxt5.dds
$C -size 4x2 gradient:red-blue -alpha set -define dds:compression=none -define dds:mipmaps=0 bgra.dds
$C -size 16x4 gradient:red-blue hdr_rle.hdr
$C -size 4x2 gradient:red-blue hdr_small.hdr
# ImageMagick's own decodes, the references the tests compare with.
for f in grey8 greyalpha8 rgb8 rgba8 palette rgb8_interlaced grey8_trns; do $C $f.png -depth 8 $f.pam; done
for f in grey16 greyalpha16 rgb16 rgba16; do $C $f.png -depth 16 $f.pam; done
$C bgra.dds -depth 8 bgra.pam
$C dxt1_mips.dds -depth 8 dxt1_mips.pam
$C dxt5.dds -depth 8 dxt5.pam
$C dxt1_6x5.dds -depth 8 dxt1_6x5.pam
$C hdr_rle.hdr -endian LSB hdr_rle.pfm
$C hdr_small.hdr -endian LSB hdr_small.pfm
