package txd

// WarpSize is the number of threads of a warp.
const WarpSize = 32

// NumRegs is the number of general registers per thread (R0..R254).
const NumRegs = 255

// Warp is the register state of 32 threads: an active mask, R0..R254 and
// P0..P6 per thread. RZ reads zero and discards writes; PT reads true and
// discards writes.
type Warp struct {
	Active uint32 // bit t set: thread t executes
	R      [WarpSize][NumRegs]uint32
	P      [WarpSize][PT]bool
}

// NewWarp returns a warp with every thread active and every register and
// predicate zero.
func NewWarp() *Warp { return &Warp{Active: ^uint32(0)} }

// Reg returns register r of thread t (0 for RZ).
func (w *Warp) Reg(t int, r Reg) uint32 {
	if r == RZ {
		return 0
	}
	return w.R[t][r]
}

// SetReg writes register r of thread t; writes to RZ are discarded.
func (w *Warp) SetReg(t int, r Reg, v uint32) {
	if r != RZ {
		w.R[t][r] = v
	}
}

// Pred returns predicate p of thread t (true for PT).
func (w *Warp) Pred(t int, p Pred) bool {
	if p >= PT {
		return true
	}
	return w.P[t][p]
}

// SetPred writes predicate p of thread t; writes to PT are discarded.
func (w *Warp) SetPred(t int, p Pred, v bool) {
	if p < PT {
		w.P[t][p] = v
	}
}
