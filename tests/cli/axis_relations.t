# Thread-axis relations (semantics.md, "Thread axes and their relations"):
# tid = tx = laneid + 32*warpid, warpid = wid_in_wg + 4*wgid,
# tid_in_wg = laneid + 32*wid_in_wg.  check-equal rewrites related axes into
# the finer ones before it compares, and says so on stderr.

# CuTe and Triton number threads flat (tid); Axe layouts use laneid and warpid.
$ axe-layout check-equal 'S[(4,32):(32@tid,1@tid)]' 'S[(4,32):(1@warpid,1@laneid)]'
axe-layout: note: thread-axis relations: comparing A's 'tid' as laneid + 32*warpid (--no-axis-relations: as named)
equal: canonical forms identical
? 0

$ axe-layout check-equal 'S[(4,32):(32@tid,1@tid)]' 'S[(4,32):(1@warpid,1@laneid)]' --no-axis-relations
NOT equal at (0, 1): A -> {tid: 1, warpid: 0, laneid: 0}, B -> {tid: 0, warpid: 0, laneid: 1}
? 1

# An iter on tid that crosses the 32-thread boundary splits into laneid and warpid.
$ axe-layout check-equal 'S[(8,16):(16@tid,1@tid)]' 'S[(4,2,16):(1@warpid,16@laneid,1@laneid)]' --json | sed 's/"seconds":[0-9.]*/"seconds":T/'
axe-layout: note: thread-axis relations: comparing A's 'tid' as laneid + 32*warpid (--no-axis-relations: as named)
{"equal":true,"method":"canon","points":128,"seconds":T}
? 0

# tid_in_wg and tid share laneid: both are rewritten, and warpid into wid_in_wg + 4*wgid.
$ axe-layout check-equal 'S[(4,32):(32@tid_in_wg,1@tid_in_wg)]' 'S[(4,32):(32@tid,1@tid)]'
axe-layout: note: thread-axis relations: comparing A's 'tid_in_wg' as laneid + 32*wid_in_wg; B's 'tid' as laneid + 32*warpid; B's 'warpid' as wid_in_wg + 4*wgid (--no-axis-relations: as named)
equal: canonical forms identical
? 0

# A rewrite digits cannot express is refused with the reason; the layouts are compared as named.
$ axe-layout check-equal 'S[(4,48):(48@tid,1@tid)]' 'S[(4,48):(48@tid,1@tid)]' --shape 192
equal: canonical forms identical
? 0

$ axe-layout check-equal 'S[48:1@tid]' 'S[(2,24):(1@warpid,1@laneid)]'
axe-layout: note: the layouts name related thread axes, but they are compared as named: an iter on 'tid' (extent 48, stride 1) crosses the digit boundary 32 between two of its steps
NOT equal at (1): A -> {tid: 1, warpid: 0, laneid: 0}, B -> {tid: 0, warpid: 0, laneid: 1}
? 1

$ axe-layout check-equal 'S[2048:1@tid]' 'S[(64,32):(1@warpid,1@laneid)]'
axe-layout: note: the layouts name related thread axes, but they are compared as named: 'tid' reaches 2047, outside its 1024 threads
NOT equal at (1): A -> {tid: 1, warpid: 0, laneid: 0}, B -> {tid: 0, warpid: 0, laneid: 1}
? 1

# A misspelt axis: NOT equal, with a warning that names the likely typo.
$ axe-layout check-equal 'S[(4,32):(1@warpid,1@laneId)]' 'S[(4,32):(1@warpid,1@laneid)]'
axe-layout: warning: A names axis 'laneId' and B does not: did you mean 'laneid'?
NOT equal at (0, 1): A -> {warpid: 0, laneId: 1, laneid: 0}, B -> {warpid: 0, laneId: 0, laneid: 1}
? 1

# Spec checks relate axes the same way.
$ axe-layout check tests/data/interop/relations.yaml
2 passed, 0 failed
? 0

$ axe-layout check tests/data/interop/relations_typo.yaml
tests/data/interop/relations_typo.yaml:6:5: FAIL equal a b: not equal at (0, 1): a -> {warpid: 0, laneId: 1, laneid: 0}; b -> {warpid: 0, laneId: 0, laneid: 1} (a names axis 'laneId' and b does not: did you mean 'laneid'?)
0 passed, 1 failed
? 1
