// Package surface models a texture resource: its kind (1D, 2D, 3D, cube,
// arrays, multisample), size, mip levels, array layers and samples, the
// layout of its texel data in memory, texel addressing, views, sparse
// residency, and the generators that fill it with reference data.
//
// It follows the Vulkan specification: image creation limits and valid usage
// ("Images", VkImageCreateInfo), mip level sizes ("Image Mip Level Sizing":
// each dimension of level l is max(1, ⌊size/2^l⌋)), image views ("Image
// Views", VkImageViewCreateInfo and its subresource range) and sparse
// residency ("Sparse Resources", "Standard Sparse Image Block Shapes").
//
// # Memory layout
//
// In the linear layout (LayoutLinear, the default) Surface.Data is one
// stream: for each level, for each array layer, for each z, y, x, for each
// sample, one texel in the memory layout of the surface's format (see
// package format). Every level starts where the previous one ends; there is
// no padding. TexelOffset gives the byte offset of one sample of one texel
// using strides computed once per level.
//
// Block-compressed formats store each level as rows of texel blocks (for
// each level, layer, z, block row, block column, one block); a level of w×h
// texels has ⌈w/BlockWidth⌉×⌈h/BlockHeight⌉ blocks, partial blocks stored
// whole. The 3D ASTC formats (format.Info.BlockDepth > 1, 3D surfaces only)
// group z slices too: a level of w×h×d texels has ⌈d/BlockDepth⌉ slices of
// such block rows, each block holding BlockDepth texel slices (ASTC
// specification, "Block Determination and Bit Rates"). LevelBlocks,
// LevelBlockSlices and BlockOffset give that geometry.
//
// The multi-planar YCbCr formats (format.Info.Planes) store each plane as a
// surface of the plane's format and extent (Plane), one after the other in
// plane order (planar.go): Data is the planes concatenated, the raw form of
// an NV12 or I420 frame. They, and the single-plane 4:2:2 formats (2×1
// texel blocks), follow Vulkan's creation rules for formats that need a
// sampler Y′CbCr conversion: 2d or 2d_array, one level and sample, even
// widths (and heights for 4:2:0).
//
// Desc.Layout chooses another storage layout: Z-order (LayoutMorton),
// Intel's Tile-Y and Tile 4, NVIDIA's block-linear (layout.go and
// docs/MEMORY.md define them). Levels and images still follow one another,
// but each image is laid out in the layout's tiles, padded to whole tiles;
// TexelOffset and BlockOffset give the addresses, and the values a surface
// holds, and every sample of them, are the same in every layout.
// LoadLinear, AppendLinear, LinearLevel and WithLayout move texels between
// a layout and the linear stream (texture files are linear), and the fills
// give every layout the linear stream's texels.
//
// # Views
//
// A View selects levels and layers (Vulkan's subresource range), the aspect
// a depth/stencil format reads (Vulkan's aspectMask) or the plane of a
// multi-planar format (VK_IMAGE_ASPECT_PLANE_n_BIT, resolved by PlaneView)
// and a component swizzle (VkComponentMapping), which the sampler applies.
//
// # Reference data
//
// FillHash and FillCoords generate the same data as the reference harness
// (the lavapipe "texoracle" of the project's shared oracle directory), bit for
// bit, so that results can be compared with it. Their definitions are in
// their doc comments; testdata/ holds dumps of the harness that the tests
// check against.
//
// # Residency
//
// Every level and layer is divided into tiles (Vulkan's sparse image blocks);
// a tile may be marked non-resident, and Resident reports whether the tile
// holding a texel is resident, for the sampler's residency results and
// "null page" reads. Unlike real sparse images there is no mip tail: each
// level has its own tiles, partial at the right, bottom and back edges.
package surface
