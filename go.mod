module texunit

go 1.26
