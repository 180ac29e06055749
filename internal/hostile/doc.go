// Package hostile builds texunit's hostile-input corpus: texture files,
// surface descriptions and batch job lines that try to exhaust memory,
// reach files they were not given, hang, or take a batch down (issue 20).
// Every input is made here, byte by byte, from constants: nothing is
// random and nothing is downloaded, so the corpus is the same on every
// machine and every Go release.
//
// The compressed streams are written by hand rather than by a compressor,
// so that their bytes do not change when a compressor's heuristics do and
// so that the frame fields a decoder might trust can be set to lies:
//
//   - Zstandard frames (RFC 8878, section 3.1.1) of RLE blocks
//     (Block_Type 1, 3.1.1.2.2): 4 bytes per 128 KiB of output, so a 1 GiB
//     frame takes 32 KiB, with or without a Frame_Content_Size, or with a
//     false one;
//   - zlib streams (RFC 1950) of one dynamic-Huffman DEFLATE block (RFC
//     1951, 3.2.7) whose length 258 and distance 1 codes are one bit each:
//     two bits per 258 zero bytes, DEFLATE's largest ratio (1032:1).
//
// The containers are KTX 2.0 (the KTX 2.0 specification, section 3), PNG
// (the PNG specification, chapter 11), DDS (Microsoft's DDS_HEADER),
// Radiance RGBE (old-style run lengths, as Radiance's color.c reads them),
// KTX 1.1 (the KTX File Format Specification 1.1) and astcenc's .astc.
//
// Corpus lists every input with what it tests; WriteDir writes them and a
// README into a directory. The command internal/hostile/cmd/gen writes
// testdata/, and a test checks that the checked-in files are what the
// generator makes now. Inputs marked Large (over 200 KB, or needing the
// machine's files) are made by the tests that use them instead of being
// checked in. cmd/texunit's hostile_test.go runs each through the command
// as a subprocess and checks the exit status, the error, the other jobs'
// answers and the peak resident memory.
package hostile
