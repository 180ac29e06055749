module github.com/texunit/texunit

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3
	golang.org/x/sys v0.50.0
)
