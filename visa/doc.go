// Package visa is texunit's Intel vISA front-end: the sampler instructions
// 3D_SAMPLE (0x6d), 3D_SAMPLE4 (0x6f) and INFO (0x70) as a kernel model,
// vISA assembly text (Assemble, Kernel.Text), vISA bytecode (Decode,
// Kernel.Encode), and their execution over SIMD lanes (Machine).
//
// The specification is Intel's vISA documentation of the three instructions
// (IGC's documentation/visa/instructions/3D_SAMPLE.md, 3D_SAMPLE4.md and
// INFO.md, in ../shared/spec); where the bytecode differs from the documents
// IGC's reader (visa/ByteCodeReaderNG.cpp of IGC 1.0.12504) decides. The
// choices where the documents are silent or contradict each other are listed
// in docs/VISA.md.
//
// # Execution
//
// A Machine holds one thread's registers (Regs: every general variable as
// bytes, every predicate variable as bits, and the dispatch mask), the
// surfaces and samplers bound to the kernel's variables, and the platform
// (GRF size, F or HF parameters). Exec turns one instruction into one
// sampler.Request over its exec-size lanes:
//
//   - the lanes that run are the channels M1..M8 select (first channel
//     4·(n−1)), enabled by the dispatch mask unless the mask is _NM, and-ed
//     with the predicate (inverted, or reduced with .any/.all over the
//     instruction's channels);
//   - parameters are read from their raw operands (exec-size elements of the
//     variable's type; omitted trailing parameters read as 0) and mapped to
//     the core's operands by surface type (u, v, r, ai);
//   - the core runs the request; its Result is written back: the enabled
//     channels in RGBA order, each starting in the next GRF, exec-size
//     elements of the Dst type, only for lanes that ran and have no lane
//     error; then, with .pixel_null_mask, one more GRF whose first dword has a
//     bit per lane, 0 where the lane read a non-resident texel.
//
// Lane errors (an offset the core rejects) leave that lane unwritten and are
// returned; an error about the instruction itself writes nothing.
package visa
