// Command capi is libtexunit, texunit's C library: built with
//
//	go build -buildmode=c-shared  -o libtexunit.so ./capi
//	go build -buildmode=c-archive -o libtexunit.a  ./capi
//
// its public interface is the hand-written header texunit.h beside this
// file, which documents every function. The C functions there are thin
// wrappers (capi.c) around the Go functions exported here, which take no
// Go pointers from C and keep no C pointers: objects are named by integer
// handles (handles.go), surface data is copied in, and a request's operand
// arrays are read, and its results written, during the call (execute.go;
// texunit_execute_many, which takes a request of the shape of the one
// before it without checking and building it again, in many.go).
// Surfaces, sampler states and precisions are the batch protocol's JSON
// objects, decoded by package batch, so one vocabulary serves the batch,
// C and Python (python/, over this library with ctypes).
//
// No panic crosses the boundary: every export recovers and reports
// TEXUNIT_EINTERNAL with the panic's message.
package main

func main() {}
