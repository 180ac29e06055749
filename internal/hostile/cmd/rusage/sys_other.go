//go:build !unix

package main

import "os"

// maxRSS returns 0: the peak is not known here.
func maxRSS(*os.ProcessState) int64 { return 0 }

// signal returns "": there are no signals here.
func signal(*os.ProcessState) string { return "" }
