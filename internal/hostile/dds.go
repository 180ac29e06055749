package hostile

import "encoding/binary"

// DDS is a DDS file's header (Microsoft's DDS_HEADER, DDS_PIXELFORMAT and
// DDS_HEADER_DXT10), written as given, and its data.
type DDS struct {
	Flags, Height, Width, Depth, MipMapCount uint32
	PFFlags, FourCC, RGBBitCount             uint32
	Masks                                    [4]uint32
	Caps, Caps2                              uint32
	// DX10 adds the DDS_HEADER_DXT10 (FourCC must be "DX10").
	DX10                                       bool
	DXGIFormat, Dimension, MiscFlag, ArraySize uint32
	Data                                       []byte
}

// DDS pixel format flags and capabilities.
const (
	DDPFAlphaPixels = 0x1
	DDPFFourCC      = 0x4
	DDPFRGB         = 0x40
	DDSCaps2Cube    = 0xfe00 // DDSCAPS2_CUBEMAP and all six faces
	DX10Texture2D   = 3
	DX10Texture3D   = 4
	DX10MiscCube    = 0x4
	DXGIR8G8B8A8    = 28
	DXGIBC1         = 71
	DXGIR8          = 61
)

// Bytes returns the file.
func (d *DDS) Bytes() []byte {
	b := []byte("DDS ")
	u := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	u(124)
	u(d.Flags | 0x1007) // DDSD_CAPS | HEIGHT | WIDTH | PIXELFORMAT
	u(d.Height)
	u(d.Width)
	u(0) // dwPitchOrLinearSize
	u(d.Depth)
	u(d.MipMapCount)
	for range 11 {
		u(0)
	}
	u(32)
	u(d.PFFlags)
	four := d.FourCC
	if d.DX10 {
		four = binary.LittleEndian.Uint32([]byte("DX10"))
	}
	u(four)
	u(d.RGBBitCount)
	for _, m := range d.Masks {
		u(m)
	}
	u(d.Caps | 0x1000) // DDSCAPS_TEXTURE
	u(d.Caps2)
	u(0)
	u(0)
	u(0)
	if d.DX10 {
		u(d.DXGIFormat)
		u(d.Dimension)
		u(d.MiscFlag)
		u(d.ArraySize)
		u(0)
	}
	return append(b, d.Data...)
}

// DDSHugeMips returns a DX10 DDS header of a 65536×65536 r8g8b8a8 texture
// with all 17 mip levels (21 GiB), followed by 64 bytes of data.
func DDSHugeMips() []byte {
	d := &DDS{Flags: 0x20000, Width: 65536, Height: 65536, MipMapCount: 17, PFFlags: DDPFFourCC,
		DX10: true, DXGIFormat: DXGIR8G8B8A8, Dimension: DX10Texture2D, ArraySize: 1, Data: make([]byte, 64)}
	return d.Bytes()
}

// DDSMipCount returns a legacy RGBA8 4×4 DDS whose dwMipMapCount is
// 0xffffffff.
func DDSMipCount() []byte {
	d := &DDS{Flags: 0x20000, Width: 4, Height: 4, MipMapCount: 0xffffffff, PFFlags: DDPFRGB | DDPFAlphaPixels, RGBBitCount: 32,
		Masks: [4]uint32{0xff, 0xff00, 0xff0000, 0xff000000}, Data: make([]byte, 64)}
	return d.Bytes()
}

// DDSCubeArray returns a DX10 DDS header of a 16384×16384 BC1 cube map
// array of 10923 cubes (65538 faces), followed by 64 bytes.
func DDSCubeArray() []byte {
	d := &DDS{Width: 16384, Height: 16384, MipMapCount: 1, PFFlags: DDPFFourCC,
		DX10: true, DXGIFormat: DXGIBC1, Dimension: DX10Texture2D, MiscFlag: DX10MiscCube, ArraySize: 10923, Data: make([]byte, 64)}
	return d.Bytes()
}

// DDSHugeVolume returns a DX10 DDS header of a 65536×65536×65536 r8 3D
// texture (256 TiB), followed by 64 bytes.
func DDSHugeVolume() []byte {
	d := &DDS{Flags: 0x800000, Width: 65536, Height: 65536, Depth: 65536, MipMapCount: 1, PFFlags: DDPFFourCC,
		DX10: true, DXGIFormat: DXGIR8, Dimension: DX10Texture3D, ArraySize: 1, Data: make([]byte, 64)}
	return d.Bytes()
}
