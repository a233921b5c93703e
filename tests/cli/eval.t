# eval: the forward map at points, over the domain, and the backward map.
# Seed 001's (8,16) tensor-core tile; seed 003's (2,9) walkthrough.

$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16 --at 0,0 --at 0,1 --at 0,2 --at 1,0 --at 0,8 --at 7,15 --at 2,9
(0, 0) -> {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 9, m: 0}
(0, 1) -> {laneid: 0, warpid: 5, m: 1}, {laneid: 0, warpid: 9, m: 1}
(0, 2) -> {laneid: 1, warpid: 5, m: 0}, {laneid: 1, warpid: 9, m: 0}
(1, 0) -> {laneid: 4, warpid: 5, m: 0}, {laneid: 4, warpid: 9, m: 0}
(0, 8) -> {laneid: 0, warpid: 6, m: 0}, {laneid: 0, warpid: 10, m: 0}
(7, 15) -> {laneid: 31, warpid: 6, m: 1}, {laneid: 31, warpid: 10, m: 1}
(2, 9) -> {laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}
? 0

$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16 --at 2,9 --json
{"coord":[2,9],"images":[{"laneid":8,"warpid":6,"m":1},{"laneid":8,"warpid":10,"m":1}]}
? 0

$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16 --at 2,9 --base
(2, 9) -> {laneid: 8, warpid: 6, m: 1}
? 0

# The default shape is the shard extents: (8, 2, 4, 2) here.
$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --at 2,1,0,1
(2, 1, 0, 1) -> {laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}
? 0

# Seed 001's Blackwell tensor memory table.
$ axe-layout eval 'S[(2,128,112):(112@TCol,1@TLane,1@TCol)]' --at 0,0,0 --at 0,5,3 --at 1,0,0 --at 1,127,111
(0, 0, 0) -> {TCol: 0, TLane: 0}
(0, 5, 3) -> {TCol: 3, TLane: 5}
(1, 0, 0) -> {TCol: 112, TLane: 0}
(1, 127, 111) -> {TCol: 223, TLane: 127}
? 0

# The whole domain, in row-major order.
$ axe-layout eval 'S[(2,2):(1@x,2@y)] + R[2:4@x] + 1@y'
(0, 0) -> {x: 0, y: 1}, {x: 4, y: 1}
(0, 1) -> {x: 0, y: 3}, {x: 4, y: 3}
(1, 0) -> {x: 1, y: 1}, {x: 5, y: 1}
(1, 1) -> {x: 1, y: 3}, {x: 5, y: 3}
? 0

$ axe-layout eval 'S[(2,2):(1@x,2@y)]' --all --json --shape 4
{"coord":[0],"images":[{"x":0,"y":0}]}
{"coord":[1],"images":[{"x":0,"y":2}]}
{"coord":[2],"images":[{"x":1,"y":0}]}
{"coord":[3],"images":[{"x":1,"y":2}]}
? 0

$ axe-layout eval 'S[(4,4):(4,1)]' --all --limit 3
(0, 0) -> {m: 0}
(0, 1) -> {m: 1}
(0, 2) -> {m: 2}
? 0

# Coinciding replica combinations are listed once, and eval says so (on stderr,
# after the output: the library's report gives its notes once the output is done).
$ axe-layout eval 'S[2:1] + R[(2,2):(2,2)]' --at 1
(1) -> {m: 1}, {m: 3}, {m: 5}
axe-layout: note: some replica combinations land on the same point; each image is listed once
? 0

# Swizzle: seed 001's addr(i,j) = 64i + 8((j/8) ^ i) + j%8.
$ axe-layout eval 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --at 0,0 --at 1,0 --at 7,0 --at 1,8 --at 2,9 --at 5,63
(0, 0) -> {m: 0}
(1, 0) -> {m: 72}
(7, 0) -> {m: 504}
(1, 8) -> {m: 64}
(2, 9) -> {m: 153}
(5, 63) -> {m: 343}
? 0

$ axe-layout eval 'S[(8,64):(64,1)]' --dtype f16 --swizzle 128B --at 2,9
(2, 9) -> {m: 153}
? 0

# Backward map: every preimage, exact.
$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16 --inverse laneid=8,warpid=6,m=1 --inverse laneid=8,warpid=10,m=1 --inverse laneid=8,warpid=7,m=1
{laneid: 8, warpid: 6, m: 1} <- (2, 9)
{laneid: 8, warpid: 10, m: 1} <- (2, 9)
{laneid: 8, warpid: 7, m: 1} <- none
? 0

# Axes left out are free: what does lane 8 hold?
$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16 --inverse laneid=8 --json
{"physical":{"laneid":8},"preimages":[[2,0],[2,1],[2,8],[2,9]]}
? 0

$ axe-layout eval 'S[(4,4):(1,1)]' --inverse m=3
{m: 3} <- (0, 3), (1, 2), (2, 1), (3, 0)
? 0

$ axe-layout eval 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --inverse m=153
{m: 153} <- (2, 9)
? 0

# An axis the layout does not name must be 0 or absent.
$ axe-layout eval 'S[(4,4):(1,1)]' --inverse m=3,x=0
{m: 3} <- (0, 3), (1, 2), (2, 1), (3, 0)
? 0

$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)]' --inverse lanei=8
--inverse:1: error: the layout does not name axis 'lanei', so its coordinate must be 0 or absent
  lanei=8
  ^~~~~
hint: did you mean 'laneid'?
? 2

# A thread axis the layout names through finer ones (core/axes.def's relations, as
# check-equal relates them): tid = laneid + 32*warpid, lane = laneid.  Each point below
# is the --inverse of laneid=5,warpid=1 on the same layout (issue 28).
$ axe-layout eval 'triton:#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>' --shape 16,16 --inverse tid=37 --inverse laneid=5,warpid=1
{laneid: 5, warpid: 1} <- (1, 10), (1, 11), (9, 10), (9, 11)
{laneid: 5, warpid: 1} <- (1, 10), (1, 11), (9, 10), (9, 11)
? 0

$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)]' --inverse lane=8
{laneid: 8} <- (2, 0, 0, 0), (2, 0, 0, 1), (2, 1, 0, 0), (2, 1, 0, 1)
? 0

$ axe-layout eval 'S[(4,32):(1@wid_in_wg,1@laneid)]' --inverse tid=37 --inverse tid_in_wg=37
{wid_in_wg: 1, laneid: 5} <- (1, 5)
{wid_in_wg: 1, laneid: 5} <- (1, 5)
? 0

$ axe-layout eval 'S[(4,8):(8@laneid,1@laneid)]' --inverse tid=37
--inverse:1: error: tid=37 puts warpid at 1, an axis the layout does not name
  tid=37
  ^~~
? 2

$ axe-layout eval 'S[(4,8):(8@laneid,1@laneid)]' --inverse tid=5
{laneid: 5} <- (0, 5)
? 0

$ axe-layout eval 'triton:#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>' --shape 16,16 --inverse laneid=4,tid=37
--inverse:10: error: tid=37 puts laneid at 5, but it is given as 4
  laneid=4,tid=37
           ^~~
? 2

$ axe-layout eval 'S[(4,8):(8@laneid,1@laneid)]' --inverse laneid=4,laneid=5
--inverse:10: error: axis 'laneid' is given twice
  laneid=4,laneid=5
           ^~~~~~
? 2

$ axe-layout eval 'S[(64,64):(0,0)]' --inverse m=0 --limit 10
--inverse:1: error: more than 10 preimages
  m=0
  ^~~
? 2

# Counting mode walks every point without printing it.
$ axe-layout eval 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --count
points: 128
images: 256
checksum: 0x6cefc3baa54d9996
? 0
