// Writes the KTX 2.0 test files with ktx-parse 2.0.0 (npm), an independent
// KTX 2.0 serializer, and the zstd command-line tool for supercompression:
//
//   npm install ktx-parse@2.0.0 && node gen_ktx2.mjs
//
// Texel bytes follow pattern(level, i) = (level*64 + i*7 + 3) & 255 over each
// level's bytes (the Go tests recompute it), except where a file says
// otherwise. See README.md.
import { createDefaultContainer, write, read, KHR_SUPERCOMPRESSION_ZSTD } from 'ktx-parse';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

function pattern(level, n) {
	const b = new Uint8Array(n);
	for (let i = 0; i < n; i++) b[i] = (level * 64 + i * 7 + 3) & 255;
	return b;
}

// make builds a container; sizes(level) gives the byte length of a level.
function make({ vkFormat, typeSize = 1, w, h = 0, d = 0, layers = 0, faces = 1, levels = 1, bytes, data, zstd = false, dfd = {} }) {
	const c = createDefaultContainer();
	Object.assign(c, { vkFormat, typeSize, pixelWidth: w, pixelHeight: h, pixelDepth: d, layerCount: layers, faceCount: faces, levelCount: levels });
	Object.assign(c.dataFormatDescriptor[0], { colorModel: 1, transferFunction: 1 }, dfd);
	c.keyValue = { KTXwriter: 'ktx-parse 2.0.0 (texunit testdata/gen_ktx2.mjs)' };
	for (let l = 0; l < levels; l++) {
		const raw = data ? data(l) : pattern(l, bytes(l));
		let levelData = raw;
		if (zstd) {
			levelData = new Uint8Array(execFileSync('zstd', ['-q', '-c', '-19', '-'], { input: raw }));
		}
		c.levels.push({ levelData, uncompressedByteLength: raw.length });
	}
	if (zstd) c.supercompressionScheme = KHR_SUPERCOMPRESSION_ZSTD;
	return c;
}

function save(name, c) {
	const b = write(c, { keepWriter: true });
	read(b); // ktx-parse must read back what it wrote
	writeFileSync(name, b);
}

const lv = (w, h, d, l) => [Math.max(1, w >> l), Math.max(1, h >> l), Math.max(1, d >> l)];

// 2D r8g8b8a8_unorm (37) 4×2, 3 levels.
save('ktx2_rgba8_mips.ktx2', make({ vkFormat: 37, w: 4, h: 2, levels: 3, bytes: (l) => { const [a, b] = lv(4, 2, 1, l); return a * b * 4; } }));
// Cube r8_unorm (9) 2×2, 2 levels: 6 faces per level.
save('ktx2_cube_r8.ktx2', make({ vkFormat: 9, w: 2, h: 2, faces: 6, levels: 2, bytes: (l) => { const [a, b] = lv(2, 2, 1, l); return a * b * 6; } }));
// Cube array r8_unorm, 2 cubes of 1×1.
save('ktx2_cubearray_r8.ktx2', make({ vkFormat: 9, w: 1, h: 1, faces: 6, layers: 2, bytes: () => 12 }));
// 2D array r16g16_sfloat (83) 2×2, 3 layers: the halves 0x3c00 + i (1.0, 1.000977, ...).
save('ktx2_array_rg16f.ktx2', make({ vkFormat: 83, typeSize: 2, w: 2, h: 2, layers: 3, dfd: { transferFunction: 1 }, data: () => {
	const b = new Uint8Array(2 * 2 * 3 * 4); const v = new DataView(b.buffer);
	for (let i = 0; i < b.length / 2; i++) v.setUint16(2 * i, 0x3c00 + i, true);
	return b;
} }));
// 3D r32_sfloat (100) 2×2×2, 2 levels: the floats i + 0.5 per level's texel i, plus 100·level.
save('ktx2_3d_r32f.ktx2', make({ vkFormat: 100, typeSize: 4, w: 2, h: 2, d: 2, levels: 2, data: (l) => {
	const n = l === 0 ? 8 : 1; const b = new Uint8Array(4 * n); const v = new DataView(b.buffer);
	for (let i = 0; i < n; i++) v.setFloat32(4 * i, 100 * l + i + 0.5, true);
	return b;
} }));
// 1D array r8_unorm 4 wide, 2 layers, 3 levels.
save('ktx2_1darray_r8.ktx2', make({ vkFormat: 9, w: 4, layers: 2, levels: 3, bytes: (l) => Math.max(1, 4 >> l) * 2 }));
// zstd-supercompressed r8g8b8a8_srgb (43) 8×8, 4 levels.
save('ktx2_zstd_srgb.ktx2', make({ vkFormat: 43, w: 8, h: 8, levels: 4, zstd: true, dfd: { transferFunction: 2 }, bytes: (l) => { const [a, b] = lv(8, 8, 1, l); return a * b * 4; } }));
// BC1 (133, bc1_rgba_unorm_block) 8×8, 3 levels: the blocks of the first 3 of
// the 4 levels of dxt1_mips.dds (ImageMagick).
const dds = readFileSync('dxt1_mips.dds');
const blocks = [dds.subarray(128, 128 + 32), dds.subarray(160, 160 + 8), dds.subarray(168, 168 + 8)];
save('ktx2_bc1.ktx2', make({ vkFormat: 133, w: 8, h: 8, levels: 3, dfd: { colorModel: 128, texelBlockDimension: [3, 3, 0, 0], bytesPlane: [8, 0, 0, 0, 0, 0, 0, 0] }, data: (l) => new Uint8Array(blocks[l]) }));
// An unknown VkFormat (PVRTC1, 1000054000) for the unsupported-format error.
save('ktx2_pvrtc.ktx2', make({ vkFormat: 1000054000, w: 8, h: 8, bytes: () => 32 }));
