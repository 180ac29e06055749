package batch_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/sampler"
)

// A one-job batch: bilinear sampling of a 4×4 texture whose texels hold
// their own coordinates, at a texel centre and halfway between texels,
// with a third lane switched off.
func ExampleRun() {
	jobs := `{"id": "demo", "surface": {"type": "2d", "format": "r32g32b32a32_sfloat", "width": 4, "height": 4, "levels": 1, "data": {"coords": true}}, "sampler": {"mag": "linear", "min": "linear"}, "op": "sample_l", "lanes": [{"coord": [0.375, 0.625], "lod": 0}, {"coord": [0.5, 0.25], "lod": 0}, {"coord": [0, 0], "active": false}]}`
	stats, err := batch.Run(context.Background(), strings.NewReader(jobs), os.Stdout, batch.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d job, ok: %v\n", stats.Jobs, stats.OK())
	// Output:
	// {"id":"demo","results":[[1,2,0,0],[1.5,0.5,0,0],null],"bits":[["3f800000","40000000","00000000","00000000"],["3fc00000","3f000000","00000000","00000000"],null],"resident":[true,true,null]}
	// 1 job, ok: true
}

// Decoding and running a job by hand, and writing its result line.
func ExampleDecode() {
	line := []byte(`{"id": 7, "surface": {"type": "2d", "format": "r8_unorm", "width": 8, "height": 4}, "op": "resinfo", "lanes": [{"level": 0}, {"level": 1}]}`)
	job, err := batch.Decode(line)
	if err != nil {
		panic(err)
	}
	var w batch.Worker // keeps surfaces for later jobs
	var res sampler.Result
	if err := job.Run(&w, &res); err != nil {
		fmt.Println(string(batch.AppendError(nil, job.ID, err)))
		return
	}
	fmt.Println(string(batch.AppendResult(nil, job.ID, job.Request.Active, &res)))
	// Output:
	// {"id":7,"results":[[8,4,0,4],[4,2,0,4]],"bits":[["00000008","00000004","00000000","00000004"],["00000004","00000002","00000000","00000004"]],"resident":[true,true]}
}

// A job with a problem gets an error naming the field and the value.
func ExampleDecode_error() {
	_, err := batch.Decode([]byte(`{"id": 3, "surface": {"type": "2d", "format": "r8_unorm", "width": 4}, "sampler": {"mag": "bicubic"}, "op": "sample_lz", "lanes": []}`))
	fmt.Println(err)
	// Output:
	// sampler.mag: unknown value "bicubic" (want one of nearest, linear, cubic)
}
