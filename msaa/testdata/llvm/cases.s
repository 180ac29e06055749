image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v1, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[2:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[252:255], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[253:256], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v255, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load a[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load s[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[3:0], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:8], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load V0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[ 0 : 3 ], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0x0:0x3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load exec, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load 1, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[4:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[253:255], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[254:256], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, v5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, v9, v1], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, v5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, v5, v6, v7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, v5, v6, v7, v8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], s[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], v[4:4], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, s5, v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v[4:5], v6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v4, v5, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v0, [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v[0:3], [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v[0:3], [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:3], [v255, v0, v128], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16
image_msaa_load v0, v[4:6], s[4:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[4:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[96:103] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[96:103] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[98:105] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[98:105] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[100:107] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[100:107] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[2:9] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[2:9] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[1:8] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[1:8] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:3] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:3] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], ttmp[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], ttmp[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], ttmp[4:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], ttmp[4:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], ttmp[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], ttmp[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], v[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], v[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7 dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7 dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], exec dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], exec dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s0 dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s0 dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x5 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x5 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x5 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x5 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x11 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x11 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x11 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x11 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:8 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:15 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:15 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:15 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:15 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:16 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:16 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:16 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:16 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-17 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-17 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-17 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-17 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0xffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0xffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0xffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x10000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x10000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x10000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x10000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1ffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1ffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1ffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1ffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0b100 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0b100 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0b100 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0b100 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:x dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:x dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:x dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:x dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask: dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask: dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask: dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask: dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-32768 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-32768 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-32768 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-32768 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-32769 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-32769 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-32769 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-32769 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x7fff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x7fff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x7fff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x7fff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x8000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x8000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x8000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x8000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x7fffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x7fffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x7fffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x7fffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0xffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0xffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0xffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x100000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x100000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x100000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x100000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1<<63 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1<<63 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1<<63 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1<<63 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0xffffffffffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0xffffffffffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0xffffffffffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xffffffffffffffff dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x10000000000000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x10000000000000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x10000000000000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x10000000000000000 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:((2)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:((2)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:((2)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:((2)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:(1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:(1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:(1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:(1+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:(1)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:(1)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:(1)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:(1)) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:2&3+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:2&3+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:2&3+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:2&3+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1+2*3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1+2*3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1+2*3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1+2*3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1<<3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1<<3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1<<3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1<<3 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1<<64 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1<<64 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1<<64 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1<<64 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:16>>4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:16>>4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:16>>4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:16>>4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1>>-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1>>-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1>>-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1>>-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-16>>60 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-16>>60 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-16>>60 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-16>>60 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:7%4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:7%4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:7%4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:7%4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:9/4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:9/4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:9/4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:9/4 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1/0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1/0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1/0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1/0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1%0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1%0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1%0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1%0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:3^1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:3^1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:3^1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:3^1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:!0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:!0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:!0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:!0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1==1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1==1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1==1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1==1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1<2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1<2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1<2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1<2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:2<=2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:2<=2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:2<=2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:2<=2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:3 <> 1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:3 <> 1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:3 <> 1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:3 <> 1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1 != 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1 != 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1 != 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1 != 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:+1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:2 + 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:2 + 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:2 + 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:2 + 2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 | 0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 | 0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 | 0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 | 0x2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:'a' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:'a' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:'a' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:'a' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:'ab' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:'ab' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:'ab' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:'ab' dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:2|1-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:2|1-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:2|1-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:2|1-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:5-2-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:5-2-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:5-2-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:5-2-1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:8/2/2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:8/2/2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:8/2/2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:8/2/2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-2*-2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-2*-2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-2*-2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-2*-2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:~1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:~1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:~1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:~1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:~0&0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:~0&0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:~0&0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:~0&0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1&&2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1&&2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1&&2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1&&2 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0||0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0||0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0||0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0||0 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:3!1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:3!1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:3!1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:3!1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:010 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:010 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:010 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:010 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:08 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:08 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:08 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:08 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0o10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0o10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0o10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0o10 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0b dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0b dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0b dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0b dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1 + dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1 + dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1 + dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1 + dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:- dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:- dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:- dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:- dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:~ dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:~ dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:~ dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:~ dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:-(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:-(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:-(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:-(1) dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1--1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1--1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1--1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1--1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:1 - -1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:1 - -1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:1 - -1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:1 - -1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1
image_msaa_load v0, v[4:6], s[0:7]
image_msaa_load v[0:3], v[4:6], s[0:7] dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1
image_msaa_load v[0:3], v[4:6], s[0:7]
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2D_MSAA
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2D_MSAA
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2D_MSAA_ARRAY
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2D_MSAA_ARRAY
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2D_MSAA_ARRAY
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2d_msaa
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2d_msaa
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2d_msaa
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2d_msaa
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2d_MsAa
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2d_MsAa
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2d_MsAa
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2d_MsAa
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2d_msaa
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2d_msaa
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2d_msaa
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2d_msaa
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:sq_rsrc_img_2d_msaa
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:sq_rsrc_img_2d_msaa
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:sq_rsrc_img_2d_msaa
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:sq_rsrc_img_2d_msaa
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_3D
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_3D
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_3D
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_3D
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_CUBE
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_CUBE
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_CUBE
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_CUBE
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D_ARRAY
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D_ARRAY
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D_ARRAY
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D_ARRAY
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:1D
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:1D
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:1D
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:1D
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2D
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2D
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2D
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2D
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:3D
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:3D
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:3D
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:3D
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:CUBE
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:CUBE
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:CUBE
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:CUBE
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:1D_ARRAY
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:1D_ARRAY
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:1D_ARRAY
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:1D_ARRAY
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2D_ARRAY
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2D_ARRAY
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2D_ARRAY
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2D_ARRAY
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:MSAA
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:MSAA
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:0
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:0
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:0
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:0
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:6
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:6
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:6
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:6
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:7
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:7
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:7
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:7
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAYX
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAYX
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAYX
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAYX
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:2 D_MSAA
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:2 D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:2 D_MSAA
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:2 D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:"2D_MSAA"
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim:"2D_MSAA"
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:"2D_MSAA"
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim:"2D_MSAA"
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim: 2D_MSAA
image_msaa_load v0, v[4:7], s[0:7] dmask:0x1 dim: 2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim: 2D_MSAA
image_msaa_load v[0:3], v[4:7], s[0:7] dmask:0x1 dim: 2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc slc dlc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA slc glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dlc slc glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA da
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lds
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe d16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 lwe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc unorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 r128
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 a16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe r128
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm unorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA r128 r128
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 a16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA tfe tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe lwe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA d16 d16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc tfe slc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA lwe glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nodlc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noslc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nor128
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noa16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA notfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nolwe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nod16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA noglc glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc noglc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm nounorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nounorm unorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA offset:4
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA sc0
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA nt
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA gds
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc, slc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA , glc
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc,
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm:1
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc r128 a16 tfe lwe d16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc ; comment
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA glc // comment
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA GLC
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:5], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v[0:5], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA Unorm
image_msaa_load v0, v[4:6], s[0:7] dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v[0:3], v[4:6], s[0:7] dim:SQ_RSRC_IMG_2D_MSAA dmask:0x1
image_msaa_load v0, v[4:6], s[0:7] glc dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] glc dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 glc dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 glc dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] unorm dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] unorm dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 unorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA,unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA,unorm
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA,,unorm
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA,,unorm
image_msaa_load v0, v[4:6], s[0:7] dmask : 0x1 dim : 2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask : 0x1 dim : 2D_MSAA
image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x2
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA dmask:0x2
image_msaa_load v0, v[4:5], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc slc dlc a16 d16 tfe
image_msaa_load v0, v[4:7], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc dlc tfe
image_msaa_load v0, [v4, v7, v5, v6], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
image_msaa_load v0, [v10, v3], ttmp[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16 d16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v0, v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v0, v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe d16
image_msaa_load v[0:1], v[4:5], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc slc dlc a16 d16 tfe
image_msaa_load v[0:1], v[4:7], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc dlc tfe
image_msaa_load v[0:1], [v4, v7, v5, v6], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
image_msaa_load v[0:1], [v10, v3], ttmp[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16 d16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:1], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe d16
image_msaa_load v[0:2], v[4:5], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc slc dlc a16 d16 tfe
image_msaa_load v[0:2], v[4:7], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc dlc tfe
image_msaa_load v[0:2], [v4, v7, v5, v6], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
image_msaa_load v[0:2], [v10, v3], ttmp[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16 d16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:2], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe d16
image_msaa_load v[0:3], v[4:5], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc slc dlc a16 d16 tfe
image_msaa_load v[0:3], v[4:7], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc dlc tfe
image_msaa_load v[0:3], [v4, v7, v5, v6], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
image_msaa_load v[0:3], [v10, v3], ttmp[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16 d16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe d16
image_msaa_load v[0:4], v[4:5], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc slc dlc a16 d16 tfe
image_msaa_load v[0:4], v[4:7], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc dlc tfe
image_msaa_load v[0:4], [v4, v7, v5, v6], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
image_msaa_load v[0:4], [v10, v3], ttmp[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16 d16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D_MSAA d16
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA d16 tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA tfe
image_msaa_load v[0:4], v[4:6], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA tfe lwe d16
IMAGE_MSAA_LOAD v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load  v[0:3] ,v[4:6],s[0:7]   dmask:0x1   dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7], dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1, dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA ; comment
image_msaa_load v[0:3], v[4:6]
image_msaa_load v[0:3]
image_msaa_load
image_msaa_load v[0:3], v[4:6], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load_x v[0:3], v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_load v[0:3], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3] v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
image_msaa_load v[0:3],, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA
