// Package txd models NVIDIA's TXD instruction (texture fetch with
// derivatives) of the SM 5.x (Maxwell) shader ISA over a 32-thread warp, as
// described in ../shared/spec/nvidia-sass-TXD.txt. It owns:
//
//   - the syntax: Parse, ParseProgram and Inst.String, in NVIDIA's
//     notation (guard predicate, .B .LC .AOFFI .NODEP .T/.P, Ps, Rd, Ra, Rb,
//     #tsPtrIdxU13 or the legacy #tid, #smp pair, #paramA, #wmskU04 and the
//     scheduling annotations &req={…} &rd=N &wr=N ?hint). The canonical
//     text is exactly what nvdisasm and cuobjdump print;
//   - the 64-bit SM 5.x instruction word (Encode, Decode), the Maxwell
//     control-word slot that carries the phase and the barriers (Control),
//     and code in the Maxwell layout that nvdisasm -b SM52 reads
//     (EncodeProgram, DecodeProgram). Field positions follow Mesa's nouveau
//     back-end (nv50_ir_emit_gm107.cpp, CodeEmitterGM107::emitTXD) and were
//     checked bit by bit against NVIDIA's nvdisasm 11.8; the golden listings
//     are in testdata/nvidia;
//   - the register packing of the specification's table (Layout, UnpackWord):
//     Ra = {handle (.B)}, s, {t}, {packed word}, Rb = dsdx, dsdy, {dtdx,
//     dtdy}, absent parameters compacting upwards, and the register rules
//     (Inst.Check);
//   - execution (Machine.Exec, Machine.Run): handles samplerPtr[31:20] |
//     headerPtr[19:0] from Ra or the constant bank, the header and sampler
//     pools with their maximum indices, the via-header binding, coordinate
//     descriptions against header types, the write mask, the sparse
//     predicate, the LOD clamp. Sampling itself is the core's: every group of
//     threads that share a texture, a sampler and a LOD clamp becomes one
//     sampler.Request of op sample_d.
//
// Choices where the specification is silent are listed in docs/TXD.md and
// on the code that makes them.
package txd
