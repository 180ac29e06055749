//go:build linux

package main

// The hostile-input test (issue 20): every input of texunit's hostile
// corpus (package texunit/internal/hostile) goes through the command as a
// child process with a memory budget of 256 MiB, and the test checks what
// the issue asks from the outside: the exit status (1 for a refused file
// or job, 2 only for usage errors), an error naming the field, no panic or
// runtime fatal error, the peak resident memory (the child's rusage
// ru_maxrss, read by a small launcher: see hostileEnv.run) within the
// budget plus 64 MiB, a time bound, and for batches:
// the jobs around each hostile one answered, every output line valid JSON
// (and UTF-8), the ids echoed, and nothing of a file outside the root
// (-files) in the output. A kill test SIGKILLs a long batch and checks that
// -resume completes it to exactly an uninterrupted run's output.
//
// TEXUNIT_HOSTILE_BIN=/path/to/texunit tests that build of the command
// instead of building this one.
//
// It builds the command and the launcher that measures it
// (internal/hostile/cmd/rusage) once, so it is skipped with -short. Linux
// only: the launcher's watchdog reads /proc, and the test makes a FIFO.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/texunit/texunit/internal/hostile"
)

const (
	// hostileBudget is the -max-bytes every child gets.
	hostileBudget      = "256MiB"
	hostileBudgetBytes = 256 << 20
	// hostileOverhead is what a child's peak resident memory may exceed
	// the budget by: the runtime, code, stacks and small buffers.
	hostileOverhead = 64 << 20
	// hostileTimeout bounds one child: generous for a loaded 2-core
	// machine; an input that hangs the command fails rather than blocks.
	hostileTimeout = 60 * time.Second
	// hostileHangTimeout bounds the children given a FIFO, which must
	// fail at once rather than wait for a writer.
	hostileHangTimeout = 20 * time.Second
	// hostileWatchdogRSS: a child whose resident memory passes this is
	// killed at once (the test fails), so that a bomb that works cannot
	// take the machine's memory with it.
	hostileWatchdogRSS = 1 << 30
)

// hostileEnv is what the subtests share: the command and the root, the
// children's working directory (so the default -files root), holding the
// corpus and the files its batch inputs name.
type hostileEnv struct {
	bin    string // texunit
	rusage string // the launcher that measures it
	top    string // the root's parent, holding hostile.SecretFile
	root   string
	out    string // a directory for outputs, outside the root
}

// TestHostile runs the hostile corpus through the command; see the
// comment at the top of this file.
func TestHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds texunit and runs it on the hostile-input corpus")
	}
	e := newHostileEnv(t)
	t.Run("info", e.testInfo)
	t.Run("convert", e.testConvert)
	t.Run("msaa", e.testMSAA)
	t.Run("batch", e.testBatch)
	t.Run("image", e.testImages)
	t.Run("usage", e.testUsage)
	t.Run("kill", e.testKill)
}

// newHostileEnv builds texunit and makes the root: the whole corpus (the
// Large inputs too), a FIFO, a directory, symbolic links out of the root,
// and the secret file beside it.
func newHostileEnv(t *testing.T) *hostileEnv {
	dir := t.TempDir()
	e := &hostileEnv{bin: filepath.Join(dir, "texunit"), rusage: filepath.Join(dir, "rusage"), top: filepath.Join(dir, "top"), out: filepath.Join(dir, "out")}
	e.root = filepath.Join(e.top, "root")
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	start := time.Now()
	builds := []struct{ out, pkg string }{{e.bin, "github.com/texunit/texunit/cmd/texunit"}, {e.rusage, "github.com/texunit/texunit/internal/hostile/cmd/rusage"}}
	if bin := os.Getenv("TEXUNIT_HOSTILE_BIN"); bin != "" {
		// Test another build of the command, such as a release's.
		e.bin, builds = bin, builds[1:]
	}
	for _, b := range builds {
		if out, err := exec.Command(goTool, "build", "-o", b.out, b.pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", b.pkg, err, out)
		}
	}
	t.Logf("built %s in %v", e.bin, time.Since(start).Round(time.Millisecond))
	for _, d := range []string{e.root, e.out, filepath.Join(e.root, hostile.DirFile)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := hostile.WriteDir(e.root, true); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(e.root, hostile.SecretFile)
	if err := os.WriteFile(secret, []byte(hostile.Secret), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(e.root, hostile.FIFOFile), 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	if err := os.Symlink(secret, filepath.Join(e.root, hostile.LinkOut)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc", filepath.Join(e.root, hostile.LinkDir)); err != nil {
		t.Fatal(err)
	}
	return e
}

// hostileChild is the outcome of one run of the command.
type hostileChild struct {
	args           []string
	code           int
	stdout, stderr []byte
	maxRSS         int64 // peak resident memory in bytes (ru_maxrss)
	wall           time.Duration
	timedOut       bool
	watchdogKilled bool
}

// hostileCapBuffer keeps the first 1 MiB written to it.
type hostileCapBuffer struct{ bytes.Buffer }

func (b *hostileCapBuffer) Write(p []byte) (int, error) {
	if room := 1<<20 - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// run runs the command in the root with args and a time limit, through
// the rusage launcher (see internal/hostile/cmd/rusage: a child that
// os/exec starts from this test would report this test's own peak memory
// as its ru_maxrss), which also kills it when its resident memory passes
// hostileWatchdogRSS.
func (e *hostileEnv) run(t *testing.T, timeout time.Duration, args ...string) *hostileChild {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout+30*time.Second)
	defer cancel()
	reportFile := filepath.Join(t.TempDir(), "rusage.json")
	launch := append([]string{"-o", reportFile, "-timeout", timeout.String(), "-kill-rss", strconv.Itoa(hostileWatchdogRSS), "--", e.bin}, args...)
	cmd := exec.CommandContext(ctx, e.rusage, launch...)
	cmd.Dir = e.root
	cmd.Env = hostileChildEnv()
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr hostileCapBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("rusage texunit %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	var r struct {
		Exit      int   `json:"exit"`
		MaxRSS    int64 `json:"maxrss"`
		WallNanos int64 `json:"wall_ns"`
		TimedOut  bool  `json:"timed_out"`
		RSSKilled bool  `json:"rss_killed"`
	}
	b, err := os.ReadFile(reportFile)
	if err == nil {
		err = json.Unmarshal(b, &r)
	}
	if err != nil {
		t.Fatalf("rusage texunit %s: report: %v", strings.Join(args, " "), err)
	}
	return &hostileChild{args: args, code: r.Exit, stdout: stdout.Bytes(), stderr: stderr.Bytes(), maxRSS: r.MaxRSS,
		wall: time.Duration(r.WallNanos), timedOut: r.TimedOut, watchdogKilled: r.RSSKilled}
}

// hostileChildEnv is the test's environment without the variables that
// would change the child's memory behaviour.
func hostileChildEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMEMLIMIT=") && !strings.HasPrefix(kv, "GOGC=") {
			env = append(env, kv)
		}
	}
	return env
}

// describe summarises a child for failure messages.
func (c *hostileChild) describe() string {
	errText := string(c.stderr)
	if len(errText) > 2000 {
		errText = errText[:1000] + "\n...\n" + errText[len(errText)-1000:]
	}
	return fmt.Sprintf("texunit %s\n\texit %d, peak RSS %d MiB, %v\n\tstderr: %s", strings.Join(c.args, " "), c.code, c.maxRSS>>20, c.wall.Round(time.Millisecond), strings.TrimSpace(errText))
}

// hostileCrash matches what a Go panic or runtime fatal error prints.
var hostileCrash = regexp.MustCompile(`(?m)^(panic: |fatal error: |goroutine \d+ \[|\[signal |runtime: )|internal error \(please report it\)`)

// checkCommon checks what every child must satisfy: it finished in time,
// within the memory bound, without a crash, with an allowed exit status.
func (c *hostileChild) checkCommon(t *testing.T, codes ...int) {
	t.Helper()
	first, _, _ := strings.Cut(strings.TrimSpace(string(c.stderr)), "\n")
	t.Logf("exit %d, peak RSS %d MiB, %v: %.300s", c.code, c.maxRSS>>20, c.wall.Round(time.Millisecond), first)
	switch {
	case c.timedOut:
		t.Errorf("did not finish in time (killed): %s", c.describe())
	case c.watchdogKilled:
		t.Errorf("resident memory passed %d MiB (killed): %s", hostileWatchdogRSS>>20, c.describe())
	}
	if c.maxRSS > hostileBudgetBytes+hostileOverhead {
		t.Errorf("peak resident memory %d MiB exceeds the budget %s + %d MiB: %s", c.maxRSS>>20, hostileBudget, hostileOverhead>>20, c.describe())
	}
	if m := hostileCrash.Find(c.stderr); m != nil {
		t.Errorf("crashed (%q in stderr): %s", m, c.describe())
	}
	if !slices.Contains(codes, c.code) && !c.timedOut && !c.watchdogKilled {
		what := ""
		if c.code == 2 {
			what = " (2 is for usage errors only)"
		}
		t.Errorf("exit status %d, want one of %v%s: %s", c.code, codes, what, c.describe())
	}
}

// hostileNamesOne reports whether text contains one of fields (or fields is empty).
func hostileNamesOne(text string, fields []string) bool {
	if len(fields) == 0 {
		return true
	}
	for _, f := range fields {
		if strings.Contains(text, f) {
			return true
		}
	}
	return false
}

// Outcomes a hostile input may have.
const (
	hostileRefused  = iota // exit 1 / an error line naming one of the fields
	hostileAccepted        // exit 0 / a result line: a valid file that must be read
	hostileEither          // read or refused, within the budget either way
)

// hostileFile is what is expected of one texture file of the corpus.
type hostileFile struct {
	outcome int
	fields  []string // an error (exit 1) names one of these
	typ     string   // the batch surface type of an image job ("": 2d)
}

func hostileRefuse(fields ...string) hostileFile {
	return hostileFile{outcome: hostileRefused, fields: fields}
}

var (
	hostileRead    = hostileFile{outcome: hostileAccepted}
	hostileMayRead = hostileFile{outcome: hostileEither}
)

// hostileFiles lists every texture file of the corpus (TestHostile fails
// when one is missing here).
var hostileFiles = map[string]hostileFile{
	"ktx2-zstd-bomb.ktx2":           hostileRefuse("level[0] data"),
	"ktx2-zstd-bomb-nosize.ktx2":    hostileRefuse("level[0] data"),
	"ktx2-zstd-bomb-falsesize.ktx2": hostileRefuse("level[0] data"),
	"ktx2-zstd-bomb-twoframes.ktx2": hostileRefuse("level[0] data"),
	"ktx2-zlib-bomb.ktx2":           hostileRefuse("level[0] data"),
	"ktx2-zstd-16384-rgba8.ktx2":    hostileRefuse("texel data"),
	"ktx2-zstd-8192-rgba8.ktx2":     hostileMayRead, // exactly the budget
	"ktx2-zstd-4096-rgba8.ktx2":     hostileRead,
	"ktx2-zstd-16384-r8.ktx2":       hostileMayRead, // exactly the budget
	"ktx2-zstd-8192-r8.ktx2":        hostileRead,
	"ktx2-huge-array.ktx2":          {outcome: hostileRefused, fields: []string{"texel data"}, typ: "2d_array"},
	"ktx2-huge-width.ktx2":          hostileRefuse("pixelWidth"),
	"ktx2-dfd-totalsize.ktx2":       hostileRefuse("dfdTotalSize"),
	"ktx2-dfd-otherformat.ktx2":     {outcome: hostileEither, fields: []string{"dfd", "DFD"}},
	"ktx2-dfd-blocksize.ktx2":       {outcome: hostileEither, fields: []string{"dfd", "DFD"}},
	"png-bomb-16384.png":            hostileRefuse("IHDR", "IDAT", "texel data"),
	"png-bomb-8192x4096.png":        hostileMayRead,
	"png-dimension-lie.png":         hostileRefuse("IDAT"),
	"hdr-huge-resolution.hdr":       hostileRefuse("resolution", "texel data"),
	"hdr-oldrle-100x100.hdr":        hostileRead,
	"hdr-oldrle-1000x100.hdr":       hostileRead,
	"hdr-oldrle-4096x4096.hdr":      hostileMayRead, // exactly the budget
	"hdr-oldrle-32767x2048.hdr":     hostileRefuse("texel data", "resolution"),
	"dds-huge-mips.dds":             hostileRefuse("texel data"),
	"dds-mipcount.dds":              hostileRefuse("dwMipMapCount"),
	"dds-cube-array.dds":            hostileRefuse("arraySize"),
	"dds-huge-volume.dds":           hostileRefuse("texel data"),
	"ktx1-huge-mips.ktx":            hostileRefuse("level[0]"), // the file is too short before the budget is asked
	"ktx1-huge-array.ktx":           {outcome: hostileRefused, fields: []string{"level[0]"}, typ: "2d_array"},
	"ktx1-imagesize.ktx":            hostileRefuse("level[0].imageSize"),
	"ktx1-keyvalue.ktx":             hostileRefuse("bytesOfKeyValueData"),
	"ktx1-mipcount.ktx":             hostileRefuse("numberOfMipmapLevels"),
	"astc-huge-3d.astc":             hostileRefuse("xsize"),
	"astc-huge-2d.astc":             hostileRefuse("blocks"),
	"astc-blockdim.astc":            hostileRefuse("blockdim"),
}

// hostileIsTexture reports whether a corpus file is a texture file.
func hostileIsTexture(name string) bool {
	switch filepath.Ext(name) {
	case ".ktx2", ".png", ".hdr", ".dds", ".ktx", ".astc":
		return true
	}
	return false
}

// testInfo runs "texunit info" on every texture file.
func (e *hostileEnv) testInfo(t *testing.T) {
	for _, in := range hostile.Corpus() {
		if !hostileIsTexture(in.Name) {
			continue
		}
		want, ok := hostileFiles[in.Name]
		if !ok {
			t.Errorf("%s: no expectation in hostileFiles", in.Name)
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			c := e.run(t, hostileTimeout, "info", "-max-bytes", hostileBudget, in.Name)
			e.checkFile(t, c, in.Name, true, want)
		})
	}
}

// checkFile checks the outcome of a command that read one file.
// needName: the error must name the file (texunit info and convert).
func (e *hostileEnv) checkFile(t *testing.T, c *hostileChild, name string, needName bool, want hostileFile) {
	t.Helper()
	switch want.outcome {
	case hostileRefused:
		c.checkCommon(t, 1)
	case hostileAccepted:
		c.checkCommon(t, 0)
	default:
		c.checkCommon(t, 0, 1)
	}
	if c.code == 1 {
		errText := string(c.stderr)
		if needName && !strings.Contains(errText, name) {
			t.Errorf("the error does not name the file %s: %s", name, c.describe())
		}
		if !hostileNamesOne(errText, want.fields) {
			t.Errorf("the error names none of %q: %s", want.fields, c.describe())
		}
	}
}

// testConvert converts the files that are honest but large, whose
// decoding, conversion, mip generation and output must fit the budget.
func (e *hostileEnv) testConvert(t *testing.T) {
	for _, c := range []struct {
		in   string
		out  string
		args []string
		want hostileFile
	}{
		{"ktx2-zstd-4096-rgba8.ktx2", "out.png", nil, hostileRead},
		{"ktx2-zstd-8192-rgba8.ktx2", "out.png", nil, hostileMayRead},
		{"ktx2-zstd-16384-rgba8.ktx2", "out.png", nil, hostileRefuse("texel data")},
		{"ktx2-zstd-4096-rgba8.ktx2", "out.ktx2", []string{"-format", "r32g32b32a32_sfloat"}, hostileMayRead},
		{"ktx2-zstd-8192-r8.ktx2", "out.ktx2", []string{"-mips"}, hostileMayRead},
		{"ktx2-zstd-16384-r8.ktx2", "out.ktx2", []string{"-mips"}, hostileMayRead},
		{"hdr-oldrle-4096x4096.hdr", "out.png", nil, hostileMayRead},
		{"png-bomb-8192x4096.png", "out.ktx2", []string{"-zstd"}, hostileMayRead},
	} {
		t.Run(strings.Join(append(slices.Clone(c.args), c.in, c.out), " "), func(t *testing.T) {
			out := filepath.Join(e.out, c.out)
			defer os.Remove(out)
			args := append([]string{"convert", "-max-bytes", hostileBudget}, c.args...)
			ch := e.run(t, hostileTimeout, append(args, c.in, out)...)
			e.checkFile(t, ch, c.in, true, c.want)
		})
	}
}

// testMSAA loads and resolves msaa surfaces described in a few bytes of
// JSON.
func (e *hostileEnv) testMSAA(t *testing.T) {
	for _, c := range []struct {
		file string
		want hostileFile
	}{
		{"msaa-surface-1g.json", hostileRefuse("surface", "size")},
		{"msaa-surface-256m.json", hostileFile{outcome: hostileEither, fields: []string{"surface", "size"}}},
	} {
		for _, sub := range [][]string{
			{"load", "-surface", c.file},
			{"resolve", "-surface", c.file, "-o", filepath.Join(e.out, "resolve.png")},
		} {
			t.Run(sub[0]+" "+c.file, func(t *testing.T) {
				ch := e.run(t, hostileTimeout, append([]string{"msaa", sub[0], "-max-bytes", hostileBudget}, sub[1:]...)...)
				e.checkFile(t, ch, c.file, false, c.want)
			})
		}
	}
}

// hostileJob is one hostile line of a batch test and what is expected of
// its answer.
type hostileJob struct {
	line    []byte
	outcome int
	fields  []string // an error line names one of these
}

// hostileBatchCase is one batch test: a good job, the hostile jobs, a good job.
type hostileBatchCase struct {
	name    string
	jobs    []hostileJob
	flags   []string
	secrets []string      // strings no output line nor stderr may hold
	sizes   []int         // numbers (file sizes) no error line nor stderr may hold
	timeout time.Duration // 0: hostileTimeout
	skip    string        // a reason to skip the case on this machine
}

// hostileCorpusLine returns the line of a corpus batch input.
func hostileCorpusLine(t *testing.T, name string) []byte {
	in, ok := hostile.Find(name)
	if !ok {
		t.Fatalf("no corpus input %s", name)
	}
	return in.Bytes()
}

// testBatch runs the hostile batch jobs, each between two good jobs: files
// outside the root (-files), devices, FIFOs, directories, symbolic links
// out, surfaces and lines beyond the budget, an id that is not UTF-8, and
// two zstd bombs at once.
func (e *hostileEnv) testBatch(t *testing.T) {
	passwd, err := os.ReadFile("/etc/passwd")
	noPasswd := ""
	if err != nil || !bytes.Contains(passwd, []byte("root:")) {
		noPasswd = "no /etc/passwd with a root entry on this machine"
	}
	secretLead := strings.SplitN(hostile.Secret, ":", 2)[0]
	job := func(name string, outcome int, fields ...string) hostileJob {
		return hostileJob{hostileCorpusLine(t, name), outcome, fields}
	}
	fileErr := []string{"surface.data.file"}
	cases := []hostileBatchCase{
		{name: "file-ok", jobs: []hostileJob{job("batch-file-ok.jsonl", hostileAccepted)}},
		{name: "file-ok-absolute", jobs: []hostileJob{{hostile.FileJob("ok-abs", filepath.Join(e.root, hostile.OKFile), len(hostile.OKFileBytes)), hostileAccepted, nil}},
			flags: []string{"-files", e.root}},
		{name: "file-ok-files-none", jobs: []hostileJob{job("batch-file-ok.jsonl", hostileRefused, fileErr...)}, flags: []string{"-files", "none"}},
		{name: "file-etc-passwd", jobs: []hostileJob{job("batch-file-etc-passwd.jsonl", hostileRefused, fileErr...)},
			secrets: []string{"root:"}, sizes: []int{len(passwd)}, skip: noPasswd},
		{name: "file-etc-passwd-exact-size", jobs: []hostileJob{{hostile.FileJob("etc-passwd-exact", "/etc/passwd", len(passwd)), hostileRefused, fileErr}},
			secrets: []string{"root:"}, skip: noPasswd},
		{name: "file-dotdot", jobs: []hostileJob{job("batch-file-dotdot.jsonl", hostileRefused, fileErr...)}, secrets: []string{secretLead}},
		{name: "file-dotdot-other-size", jobs: []hostileJob{{hostile.FileJob("dotdot-4096", hostile.SecretFile, 4096), hostileRefused, fileErr}},
			secrets: []string{secretLead}, sizes: []int{len(hostile.Secret)}},
		{name: "file-symlink", jobs: []hostileJob{job("batch-file-symlink.jsonl", hostileRefused, fileErr...)}, secrets: []string{secretLead}},
		{name: "file-symlink-dir", jobs: []hostileJob{job("batch-file-symlink-dir.jsonl", hostileRefused, fileErr...)},
			secrets: []string{"root:"}, sizes: []int{len(passwd)}, skip: noPasswd},
		{name: "image-etc-passwd", jobs: []hostileJob{job("batch-image-etc-passwd.jsonl", hostileRefused, "surface.data.image")},
			secrets: []string{"root:", `root\u003a`, "726f6f74"}, sizes: []int{len(passwd)}, skip: noPasswd},
		{name: "file-dev-zero", jobs: []hostileJob{job("batch-file-dev-zero.jsonl", hostileRefused, fileErr...)}},
		{name: "file-dev-zero-1g", jobs: []hostileJob{job("batch-file-dev-zero-1g.jsonl", hostileRefused, "surface")}},
		// With / as the root, /dev/zero is inside it: only the check that
		// the file is a regular file refuses it.
		{name: "file-dev-zero-files-root", jobs: []hostileJob{job("batch-file-dev-zero.jsonl", hostileRefused, fileErr...)}, flags: []string{"-files", "/"}},
		{name: "file-fifo", jobs: []hostileJob{job("batch-file-fifo.jsonl", hostileRefused, fileErr...)}, timeout: hostileHangTimeout},
		{name: "image-fifo", jobs: []hostileJob{job("batch-image-fifo.jsonl", hostileRefused, "surface.data.image")}, timeout: hostileHangTimeout},
		{name: "file-dir", jobs: []hostileJob{job("batch-file-dir.jsonl", hostileRefused, fileErr...)}},
		{name: "surface-2g", jobs: []hostileJob{job("batch-surface-2g.jsonl", hostileRefused, "surface")}},
		{name: "id-invalid-utf8", jobs: []hostileJob{job("batch-id-invalid-utf8.jsonl", hostileAccepted)}},
		{name: "line-56mb", jobs: []hostileJob{job("batch-line-56mb.jsonl", hostileEither, "line", "lanes")}},
		{name: "line-56mb-j4", jobs: []hostileJob{job("batch-line-56mb.jsonl", hostileEither, "line", "lanes"), job("batch-line-56mb.jsonl", hostileEither, "line", "lanes")},
			flags: []string{"-j", "4"}},
		{name: "zstd-bombs-j2", jobs: []hostileJob{
			{hostile.ImageJob("bomb-nosize", "ktx2-zstd-bomb-nosize.ktx2", "2d"), hostileRefused, []string{"surface.data.image"}},
			{hostile.ImageJob("bomb-twoframes", "ktx2-zstd-bomb-twoframes.ktx2", "2d"), hostileRefused, []string{"surface.data.image"}},
		}, flags: []string{"-j", "2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != "" {
				t.Skip(c.skip)
			}
			e.runBatchCase(t, c)
		})
	}
}

// runBatchCase runs a good job, c's hostile jobs and another good job as
// one batch and checks every line of the output.
func (e *hostileEnv) runBatchCase(t *testing.T, c hostileBatchCase) {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	lines := [][]byte{hostile.GoodJob("before")}
	for _, j := range c.jobs {
		lines = append(lines, j.line)
	}
	lines = append(lines, hostile.GoodJob("after"))
	if err := os.WriteFile(in, bytes.Join(lines, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	timeout := c.timeout
	if timeout == 0 {
		timeout = hostileTimeout
	}
	args := append([]string{"batch", "-max-bytes", hostileBudget, "-i", in, "-o", out}, c.flags...)
	ch := e.run(t, timeout, args...)
	codes := []int{0}
	for _, j := range c.jobs {
		switch j.outcome {
		case hostileRefused:
			codes = []int{1}
		case hostileEither:
			if !slices.Contains(codes, 1) {
				codes = append(codes, 1)
			}
		}
	}
	ch.checkCommon(t, codes...)
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("reading the output: %v", err)
	}
	results := hostileCheckLines(t, got)
	if len(results) != len(lines) {
		t.Errorf("%d output lines for %d jobs: %s", len(results), len(lines), ch.describe())
	}
	for i := range min(len(results), len(lines)) {
		r := results[i]
		want := hostileJob{outcome: hostileAccepted}
		if i > 0 && i <= len(c.jobs) {
			want = c.jobs[i-1]
		}
		hostileCheckID(t, r, lines[i], i)
		if i > 0 && i <= len(c.jobs) {
			t.Logf("line %d: %.300s", i+1, r.text)
		}
		_, hasResults := r.m["results"]
		errMsg, hasError := r.m["error"]
		switch {
		case hasResults == hasError:
			t.Errorf("line %d has results %v and error %v, want exactly one: %.300s", i+1, hasResults, hasError, r.text)
		case want.outcome == hostileRefused && !hasError:
			t.Errorf("line %d: job %s ran, want an error line naming %q: %.300s", i+1, r.id(), want.fields, r.text)
		case want.outcome == hostileAccepted && !hasResults:
			t.Errorf("line %d: job %s failed, want results: %.300s", i+1, r.id(), r.text)
		case hasError && !hostileNamesOne(string(errMsg), want.fields):
			t.Errorf("line %d: the error of job %s names none of %q: %.300s", i+1, r.id(), want.fields, r.text)
		}
	}
	for _, s := range c.secrets {
		if bytes.Contains(got, []byte(s)) || bytes.Contains(ch.stderr, []byte(s)) {
			t.Errorf("the output or stderr holds %q, from a file outside the root", s)
		}
	}
	for _, n := range c.sizes {
		num := regexp.MustCompile(`\b` + strconv.Itoa(n) + `\b`)
		for i, r := range results {
			if msg, ok := r.m["error"]; ok && num.Match(msg) {
				t.Errorf("line %d tells the size %d of a file outside the root: %.300s", i+1, n, r.text)
			}
		}
		if num.Match(ch.stderr) {
			t.Errorf("stderr tells the size %d of a file outside the root: %s", n, ch.describe())
		}
	}
}

// hostileLine is one decoded output line and (the start of) its text.
type hostileLine struct {
	m    map[string]json.RawMessage
	text string
}

func (r hostileLine) id() string { return string(r.m["id"]) }

// hostileCheckLines checks that out is whole lines, each a valid UTF-8 JSON
// object, and returns them decoded.
func hostileCheckLines(t *testing.T, out []byte) []hostileLine {
	t.Helper()
	if len(out) > 0 && out[len(out)-1] != '\n' {
		t.Errorf("the output ends with a cut-off line: %.200q", out[bytes.LastIndexByte(out, '\n')+1:])
	}
	var res []hostileLine
	for i, line := range bytes.SplitAfter(out, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		text := bytes.TrimSuffix(line, []byte("\n"))
		if !utf8.Valid(text) {
			t.Errorf("line %d is not valid UTF-8: %.300q", i+1, text)
		}
		r := hostileLine{text: string(text[:min(len(text), 2000)])}
		if err := json.Unmarshal(text, &r.m); err != nil || !json.Valid(text) || r.m == nil {
			t.Errorf("line %d is not a JSON object (%v): %.300q", i+1, err, text)
			r.m = map[string]json.RawMessage{}
		}
		res = append(res, r)
	}
	return res
}

// hostileCheckID checks that the result r of job line echoes its id.
func hostileCheckID(t *testing.T, r hostileLine, line []byte, i int) {
	t.Helper()
	var job struct {
		ID json.RawMessage `json:"id"`
	}
	// Only the start of the line: the 56 MB line's id comes first.
	head := line
	if k := bytes.Index(head, []byte(`,"surface"`)); k > 0 {
		head = append(slices.Clone(head[:k]), '}')
	}
	if err := json.Unmarshal(head, &job); err != nil || job.ID == nil {
		return
	}
	got, ok := r.m["id"]
	if !ok {
		t.Errorf("line %d has no id, want %s: %.300s", i+1, job.ID, r.text)
		return
	}
	var want, have any
	if json.Unmarshal(job.ID, &want) != nil || json.Unmarshal(got, &have) != nil || fmt.Sprint(want) != fmt.Sprint(have) {
		if !utf8.Valid(job.ID) {
			return // an id that is not UTF-8 comes back escaped
		}
		t.Errorf("line %d has id %s, want %s", i+1, got, job.ID)
	}
}

// testImages reads every texture file as a batch job's image: each in a
// batch of its own, then all of them in one batch with two workers, whose
// memory together must stay within the budget.
func (e *hostileEnv) testImages(t *testing.T) {
	var all []hostileJob
	for _, in := range hostile.Corpus() {
		if !hostileIsTexture(in.Name) {
			continue
		}
		want, ok := hostileFiles[in.Name]
		if !ok {
			continue // reported by testInfo
		}
		typ := want.typ
		if typ == "" {
			typ = "2d"
		}
		fields := want.fields
		if want.outcome != hostileAccepted {
			fields = []string{"surface"} // an image that is too large may be refused as surface.data.image or surface.size
		}
		j := hostileJob{hostile.ImageJob(in.Name, in.Name, typ), want.outcome, fields}
		all = append(all, hostileJob{j.line, hostileEither, nil})
		t.Run(in.Name, func(t *testing.T) {
			e.runBatchCase(t, hostileBatchCase{name: in.Name, jobs: []hostileJob{j}})
		})
	}
	t.Run("all-j2", func(t *testing.T) {
		e.runBatchCase(t, hostileBatchCase{name: "all", jobs: all, flags: []string{"-j", "2"}})
	})
}

// testUsage checks the usage errors hostile flags get.
func (e *hostileEnv) testUsage(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.jsonl")
	if err := os.WriteFile(in, hostile.GoodJob("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		names string
	}{
		{[]string{"batch", "-j", "1000000", "-i", in}, "-j"},
		{[]string{"batch", "-max-bytes", "1ZiB", "-i", in}, "-max-bytes"},
	} {
		t.Run(strings.Join(c.args[:3], " "), func(t *testing.T) {
			ch := e.run(t, hostileTimeout, c.args...)
			ch.checkCommon(t, 2)
			if !strings.Contains(string(ch.stderr), c.names) {
				t.Errorf("the usage error does not name %s: %s", c.names, ch.describe())
			}
			if len(ch.stdout) != 0 {
				t.Errorf("a usage error ran jobs: stdout %.200q", ch.stdout)
			}
		})
	}
}

// testKill SIGKILLs a batch part-way, checks that its output is a prefix
// of whole result lines, resumes it with -resume and checks that the
// result equals an uninterrupted run's, byte for byte.
func (e *hostileEnv) testKill(t *testing.T) {
	const jobs, lanes = 3000, 64
	dir := t.TempDir()
	in, full, part := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "full.jsonl"), filepath.Join(dir, "part.jsonl")
	if err := os.WriteFile(in, hostile.LongRun(jobs, lanes), 0o644); err != nil {
		t.Fatal(err)
	}
	ch := e.run(t, hostileTimeout, "batch", "-i", in, "-o", full, "-j", "2")
	ch.checkCommon(t, 0)
	want, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(want, []byte("\n")); n != jobs {
		t.Fatalf("the uninterrupted run wrote %d lines for %d jobs: %s", n, jobs, ch.describe())
	}
	t.Logf("uninterrupted run: %v, %d bytes", ch.wall.Round(time.Millisecond), len(want))

	// Start the batch and kill it once it has written some results, or
	// after a second.
	cmd := exec.Command(e.bin, "batch", "-i", in, "-o", part, "-j", "2")
	cmd.Dir, cmd.Env = e.root, hostileChildEnv()
	var stderr hostileCapBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	start := time.Now()
	finished := false
poll:
	for {
		select {
		case <-waited:
			finished = true
			break poll
		case <-time.After(5 * time.Millisecond):
		}
		if st, err := os.Stat(part); err == nil && st.Size() >= int64(len(want)/20) || time.Since(start) > time.Second {
			cmd.Process.Signal(syscall.SIGKILL)
			<-waited
			break poll
		}
	}
	if finished {
		t.Fatalf("the batch finished in %v before it could be killed: make it longer", time.Since(start))
	}
	got, err := os.ReadFile(part)
	if err != nil {
		t.Fatal(err)
	}
	// Every line texunit wrote is whole, but the kernel may cut a write in
	// flight when SIGKILL arrives (at a page boundary: generic_perform_write
	// stops on a fatal signal), so the file may end in the beginning of a
	// line; everything before it must be whole lines, and -resume drops it.
	whole := got[:bytes.LastIndexByte(got, '\n')+1]
	if torn := len(got) - len(whole); torn > 0 {
		t.Logf("the kill cut a write: %d bytes of a line at the end (at byte %d, %d mod 4096)", torn, len(whole), len(got)%4096)
	}
	hostileCheckLines(t, whole)
	if !bytes.HasPrefix(want, got) {
		k := 0
		for k < len(got) && got[k] == want[k] {
			k++
		}
		t.Errorf("the killed batch's output (%d bytes) is not a prefix of the uninterrupted run's: they differ at byte %d", len(got), k)
	}
	t.Logf("killed after %v: %d of %d bytes, %d whole lines", time.Since(start).Round(time.Millisecond), len(got), len(want), bytes.Count(got, []byte("\n")))

	ch = e.run(t, hostileTimeout, "batch", "-i", in, "-resume", part, "-j", "2")
	ch.checkCommon(t, 0)
	final, err := os.ReadFile(part)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(final, want) {
		k := 0
		for k < min(len(final), len(want)) && final[k] == want[k] {
			k++
		}
		t.Errorf("after -resume the output (%d bytes, %d lines) differs from the uninterrupted run's (%d bytes) at byte %d: %s",
			len(final), bytes.Count(final, []byte("\n")), len(want), k, ch.describe())
	}
}
