# convert: a layout in another notation, read back and proved equal before
# it is printed; the notations of other tools have their own test files.

$ axe-layout convert 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --to axe
S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid
? 0

$ axe-layout convert 'Swizzle<3,4,3> o S[(8,64):(64,1)]' --to axe --json
{"to":"axe","text":"Swizzle(4,3,3) o S[(8,64):(64,1)]","layout":"Swizzle(4,3,3) o S[(8,64):(64,1)]","expressible":true}
? 0

$ axe-layout convert 'S[(4,8):(8,1)]' --to ax
--to:1: error: unknown notation 'ax'
  ax
  ^~
hint: did you mean 'axe'?
? 2

$ axe-layout convert 'S[(4,8):(8,1)]'
axe-layout convert: error: --to NOTATION is required
Try 'axe-layout convert --help'.
? 2

# --to cute-tv of a layout on lanes and warps: one flat thread index, tid = laneid + 32*warpid,
# as CuTe numbers threads (issue 28); read back and proved equal by relating the axes, and
# check-equal agrees.  A lane past 31 has no flat index.

$ axe-layout convert 'triton:#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>' --shape 32,16 --to cute-tv
((4,8,2,2,2),(2,2)):((64,1,256,16,0),(32,8))
? 0

$ axe-layout check-equal 'cute-tv:((4,8,2,2,2),(2,2)):((64,1,256,16,0),(32,8))' 'triton:#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>' --tile 32,16 --shape 32,16
axe-layout: note: thread-axis relations: comparing A's 'tid' as laneid + 32*warpid (--no-axis-relations: as named)
equal: canonical forms identical
? 0

$ axe-layout convert 'S[(8,64):(1@laneid,1@reg)]' --to cute-tv
(8,64):(1,8)
? 0

$ axe-layout convert 'S[(64,2):(1@laneid,1@reg)]' --to cute-tv
no cute-tv form: laneid reaches 63, past 31: in one flat index (tid = laneid + 32*warpid) laneid 32 would be another thread's
? 1

# A swizzle that fits on elements may not fit on bytes: the writer says so, and never prints
# a descriptor its reader refuses (fuzz_tileas).

$ axe-layout convert 'tileas:<(120,65),(62222,211),swizzle<2,4,33>,elem=nvfp4>' --to tileas --dtype f16
no tileas form: on the byte addresses of 16-bit elements the swizzle is swizzle<2,6,33>: it reaches past address bit 40
? 1
