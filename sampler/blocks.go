package sampler

import (
	"sync"

	"github.com/texunit/texunit/format"
)

// blockCacheEntries is the number of decoded blocks a request keeps: enough
// for the 2×2 (or 2×2×2) footprint of a linear filter that straddles block
// edges.
const blockCacheEntries = 16

// maxBlockTexels is the most texels a block holds (ASTC 6×6×6).
const maxBlockTexels = 216

// blockCache reads texels of a block-compressed surface: it decodes whole
// blocks with the format's block decoder and keeps the last few, so that
// neighbouring reads of one request decode each block once. It belongs to
// one request (one goroutine); the caches are recycled through a pool.
type blockCache struct {
	decode format.BlockDecodeFunc
	bytes  int
	keys   [blockCacheEntries]int // block byte offset + 1; 0 = empty
	next   int
	texels [blockCacheEntries][maxBlockTexels][4]float32
}

var blockCaches = sync.Pool{New: func() any { return new(blockCache) }}

// newBlockCache returns an empty cache for blocks of the given size that
// dec decodes.
func newBlockCache(dec format.BlockDecodeFunc, bytes int) *blockCache {
	c := blockCaches.Get().(*blockCache)
	c.decode, c.bytes = dec, bytes
	c.keys = [blockCacheEntries]int{}
	c.next = 0
	return c
}

// blockReader returns the request's decoded-block cache, empty at its
// first read.
func (x *exec) blockReader() *blockCache {
	if x.blocks == nil {
		x.blocks = newBlockCache(x.blockDec, x.blockBytes)
	}
	return x.blocks
}

// releaseCaches gives the request's decoded-block caches back to their
// pools.
func (x *exec) releaseCaches() {
	if x.blocks != nil {
		releaseBlockCache(x.blocks)
		x.blocks = nil
	}
	if x.bcc != nil {
		releaseBCCache(x.bcc)
		x.bcc = nil
	}
}

// texel returns texel index of the block at byte offset off of data.
func (c *blockCache) texel(data []byte, off, index int) [4]float32 {
	for e := range c.keys {
		if c.keys[e] == off+1 {
			return c.texels[e][index]
		}
	}
	e := c.next
	c.next = (e + 1) % blockCacheEntries
	c.decode(data[off:off+c.bytes], c.texels[e][:])
	c.keys[e] = off + 1
	return c.texels[e][index]
}

// releaseBlockCache returns c to the pool.
func releaseBlockCache(c *blockCache) {
	c.decode = nil
	blockCaches.Put(c)
}
