module oraclecmp

go 1.26

require texunit v0.0.0
replace texunit => ../../..
