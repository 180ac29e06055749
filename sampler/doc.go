// Package sampler is texunit's sampler core: sampler state, requests over
// SIMD lanes, and the engine that executes every texture operation on a
// surface view.
//
// It implements the Vulkan specification's "Image Operations" chapter
// (textures.adoc): coordinate transformation, cube map face selection and
// edge handling, the scale factor and LOD operations, image level selection,
// wrapping, border replacement, depth compare, nearest/linear/mipmap and
// anisotropic filtering, cubic filtering (VK_EXT_filter_cubic with the
// weights of VK_QCOM_filter_cubic_weights, cubic.go), min/max reduction,
// gathering, the LOD query, and
// integer fetches with robustImageAccess2 semantics. Where Vulkan leaves a
// choice, the Direct3D 11 functional specification decides, and where both
// leave freedom the choice is documented on the code that makes it.
//
// # Using it
//
//	eng := &sampler.Engine{}                       // exact float32 arithmetic
//	st := sampler.DefaultState()
//	st.MagFilter, st.MinFilter = sampler.Linear, sampler.Linear
//	req := &sampler.Request{Op: sampler.OpSampleL, Lanes: n,
//		Coord: [4][]float32{u, v}, Lod: lod}
//	var res sampler.Result
//	err := eng.Execute(view, &st, req, &res)      // res.Float(c, lane)
//
// A Request is one SIMD message: every operand is a slice over lanes
// (structure of arrays) and Active masks lanes off. Results are raw 32-bit
// patterns per channel and lane (Result.Bits) read through Result.Kind:
// float for float formats and most ops, uint/sint for integer formats and
// the size queries. A Result is reused across calls without allocating.
// Keep an Engine for as long as its requests last: it caches the set-up of
// the last precision, view, state and operation it ran (validation, the
// format's decoder, level tables), which requests that repeat them copy
// instead of rebuilding. An Engine is safe for concurrent use and must not
// be copied while in use.
//
// # Operations
//
//	sample, sample_b, sample_l, sample_lz, sample_d       filtered sampling
//	sample_c, sample_b_c, sample_l_c, sample_c_lz, sample_d_c   with depth compare
//	lod                                                   (clamped, unclamped) LOD
//	gather4, gather4_c, gather4_l, gather4_b, gather4_i, gather4_i_c
//	gather4_po, gather4_po_c, gather4_po_l, gather4_po_b, gather4_po_i,
//	gather4_po_i_c, gather4_po_l_c                        2×2 footprint gathers
//	fetch, fetch_ms                                       integer texel reads
//	resinfo, sampleinfo, samplepos                        queries
//
// Implicit-LOD operations take their derivatives from 2×2 quads of lanes
// (lanes 4k..4k+3 are pixels (0,0), (1,0), (0,1), (1,1)): coarse
// differences ddx = lane 1 − lane 0 and ddy = lane 2 − lane 0, from which
// each pixel computes its own LOD (for cube maps the face projection makes
// it differ per pixel).
//
// # Views: aspect, swizzle and block-compressed formats
//
// The view's aspect (surface.View.Aspect) selects what a depth/stencil
// format reads: its depth, as a float depth format, or its stencil, as
// s8_uint (class uint: nearest filtering only, no compare). The format's
// decoder, border conversion and class are those of the aspect
// (format.AspectFormat), chosen once per request.
//
// The view's component swizzle (surface.View.Swizzle) applies to every texel
// after border replacement, component substitution and the depth compare,
// before filtering and gathering, as Vulkan's "Component Swizzle" orders it;
// border texels and fetched texels are swizzled too. ONE is the integer 1
// for integer classes.
//
// Block-compressed formats are read by decoding the texel's block with the
// format's block decoder (format.BlockDecoder), chosen once per request; a
// request keeps its last sixteen decoded blocks so a filter footprint decodes
// each block once (a 3D ASTC block holds up to 6×6×6 texels across z
// slices; surface.BlockOffset gives the texel's place in it). Non-resident
// and out-of-range reads decode an all-zero block. The ASTC formats (LDR,
// HDR, 3D) take only this path. The BC formats (BC1–BC7), sampled and gathered through 2D,
// 2D-array and cube views without a per-texel swizzle, take the specialised
// path and the lane loop, which decode each block a chunk of lanes reads
// once into a window of texels, or read through a larger per-request cache
// of the same decoder's texels (bc.go, bcwindow.go). Nothing decoded is
// kept from one request to the next. See docs/FORMATS.md.
//
// # YCbCr: plane views and the sampler Y′CbCr conversion
//
// A view whose aspect is a plane (format.AspectPlane0 …) of a multi-planar
// surface reads that plane as a surface of its own format
// (surface.View.PlaneView), with every operation. The whole image of a
// YCbCr format (multi-planar or 4:2:2) is read only through the sampler's
// Y′CbCr conversion (State.YCbCr, ycbcr.go, VK_KHR_sampler_ycbcr_conversion):
// chroma reconstruction (implicit, or explicit with
// ForceExplicitReconstruction), the conversion's swizzle, range expansion
// and the BT.601/709/2020 model conversion, in the order of Vulkan's
// "Sampler Y′CBCR Conversion", on the reference path; Vulkan's rules for
// such samplers (sampling operations only, clamp-to-edge, no anisotropy,
// no offsets, an identity view swizzle, the swizzle limits of subsampled
// formats) are request errors naming the field.
//
// # Precision
//
// Exact mode (the default) evaluates the equations in IEEE float32, one
// rounding per operation in the order the code documents, with no fused
// multiply-add, exact sqrt and log2 (computed in float64, rounded once), and
// unquantized weights. Hardware mode quantizes the texel coordinates to
// SubtexelBits fraction bits before splitting them into texel index and
// weight, and the LOD (λ' and λ) to LodBits fraction bits, as fixed-function
// samplers do.
//
// # Choices where the specifications leave freedom
//
//   - NaN coordinates address texel 0 (Direct3D's float-to-fixed rule); NaN
//     array layers select layer 0; a NaN LOD is treated as 0.
//   - Texel coordinates beyond ±2^30 saturate.
//   - The sampler's LOD bias also applies to explicit-LOD operations, as in
//     Vulkan's λ' = λ_base + clamp(sampler bias + op bias, ±16).
//   - Nearest mip level: ⌈d' + ½⌉ − 1 (Vulkan's preferred rule: ties go down).
//   - MipNone reads the base level; the LOD query then reports 0 as its
//     clamped LOD.
//   - The LOD query returns Vulkan's (d_l − level_base, λ').
//   - gather4_l, gather4_b and gather4_i read the nearest level to λ (the
//     base level with MipNone).
//   - Anisotropic filtering follows Vulkan's reference algorithm for every
//     surface kind: N = ⌈η⌉ probes at (−½ + k/(N+1))·∂ along the major axis,
//     each a full (possibly trilinear) sample at λ = log2(ρmax/η), averaged.
//     Probes on a cube face are clamped to that face.
//     State.Anisotropy chooses instead Heckbert's elliptical weighted
//     average (AnisoEWA) or Texram's footprint assembly
//     (AnisoFootprintAssembly), on 2D and 2D-array views (footprint
//     assembly also on cube views), on the reference
//     path (aniso.go; docs/ANISOTROPY.md has their formulas, the float32
//     operation order, the rules for degenerate ellipses and where the
//     methods differ). The LOD query reports the method's λ'; gathers keep
//     Vulkan's.
//   - A cube corner texel is the mean of the three texels meeting at the
//     corner (for integer formats: this face's corner texel).
//   - A direction mixing NaN and ±Inf can give infinite cube face
//     coordinates; its texel indices are clamped to the face's one-texel
//     border, so it reads edge and corner texels of the cube.
//   - Residency: every texel of a footprint is read, including those of
//     zero weight, so any of them being non-resident clears the lane's
//     residency flag; non-resident texels read as robustImageAccess2's zero
//     values, as out-of-bounds fetches do: R, G and B zero, and A zero, or
//     one for a format without alpha (for the uncompressed formats the
//     decode of all-zero memory, which residencyNonResidentStrict's "as if
//     populated with 0" also gives; a compressed format's all-zero block
//     would decode as a colour of its own, an error colour for ASTC).
//   - Compare operations ignore Channel; non-compare operations ignore the
//     sampler's compare function.
//   - Cubic filtering samples 1D, 1D-array, 2D, 2D-array and 3D views, and
//     cube views without seamless filtering (each face a 2D image), of
//     non-integer colour formats, without anisotropy or a depth compare;
//     seamless cube filtering and depth formats are refused (their cubic
//     support is optional in Vulkan; cubic.go says why we refuse them). Its
//     footprint starts at ⌊u − ½⌋ − 1, the specification's ⌊u − 3/2⌋, from
//     the one split of u − ½ that gives α; the Zero Tangent Cardinal
//     matrix's last entry is 2, not the printed 1 (cubic.go says why).
//   - Y′CbCr conversion: with the nearest chroma filter the chroma sample
//     locations are taken as the midpoint, as Vulkan allows ("may behave as
//     if … MIDPOINT"), so luma texel i reads chroma ⌊i/2⌋ in both
//     reconstructions, as the explicit reconstruction table gives it; the
//     offsets act with the linear chroma filter. Implicit reconstruction
//     filters Y′ (the sampler's filter) and chroma (the chroma filter; the
//     sampler's for 4:4:4) apart and converts the filtered values; explicit
//     reconstruction converts each luma texel and filters the results. The
//     formats report the separate-reconstruction-filter feature: the
//     sampler's filters need not equal the chroma filter.
//   - A floating-point sample, gather or LOD query result that is NaN is
//     the quiet NaN 0x7fc00000: the specifications leave NaN payloads open,
//     and which operand's payload an IEEE operation keeps differs between
//     hosts and even between compilations of one sum. Fetches return the
//     texels' bits unchanged, NaN payloads included.
package sampler
