// Package demo renders texunit's demonstration picture: a textured ground
// plane seen in perspective, once per filter, so that the sampler's work
// can be seen at a glance.
//
// The picture has four panels, laid out 2×2: nearest (magnification and
// minification nearest, no mipmapping), bilinear (linear, no mipmapping),
// trilinear (linear, linear mipmapping) and 16× anisotropic (trilinear with
// maxAnisotropy 16). Above the horizon is a sky gradient; below it, every
// pixel is one lane of an implicit-LOD sample request (sampler.OpSample),
// so the level of detail comes from the 2×2 quad derivatives exactly as in
// a fragment shader (Vulkan "Scale Factor Operation, LOD Operation and Image
// Level(s) Selection"). Nearest and bilinear shimmer and speckle in the
// distance, trilinear blurs the distance away because the footprint is long
// and thin, and anisotropic filtering keeps it sharp.
//
// The texture is generated: an 8×8 checkerboard of labelled cells ("A1" …
// "H8") with thin grid lines, in r8g8b8a8_srgb, with a full mip chain made
// by 2×2 box filtering in linear space. Labels are drawn with a small
// embedded 5×7 bitmap font, so the package needs no font files.
//
// Render is deterministic: the picture does not depend on the number of
// workers or the machine's core count.
package demo
