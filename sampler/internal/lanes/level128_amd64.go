//go:build amd64 && !purego

package lanes

// plainLevel128V is PlainLevelV for the kernel LevelBilinear128, whose
// first instructions jump here (level128_amd64.s): the r32g32b32a32_sfloat
// bilinear kernel (bilinear128's arithmetic) on the footprints of FOOT16,
// sixteen entries at a time, with PlainLevelV's arguments and result.
//
//go:noescape
func plainLevel128V(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool

// plainLevelV is PlainLevelV for the gathers and PCF (wide512_amd64.s),
// which PlainLevelV jumps to.
//
//go:noescape
func plainLevelV(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool

// plainLevelBV is PlainLevelV for the kernel LevelBilinear32
// (r8g8b8a8_unorm bilinear), software-pipelined by one group
// (wide512_amd64.s), which PlainLevelV jumps to.
//
//go:noescape
func plainLevelBV(p *FootParams, k *LevelKernel, d *byte, s, t, ref *float32, layer *int32, n int, out *Out) bool
