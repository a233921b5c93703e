# check-equal: whether two layouts induce the same map, and how that is known
# (semantics.md "Equality").  Z3's times vary, so those lines keep the status
# and the words before " in ".

# Canonical route: a split iter, a unit iter and a negative replica stride with
# a shifted offset do not change the canonical form; Z3 is not started.
$ axe-layout check-equal specs/equality_tensor_core.yaml:frag specs/equality_tensor_core.yaml:frag_split
equal: canonical forms identical
? 0

# Small domains are enumerated: the layout against the kernel's index math.
$ axe-layout check-equal specs/equality_tensor_core.yaml:frag_base specs/equality_tensor_core.yaml:lane_of
equal: all 128 points checked
? 0

# Seed 001's (8,16) tensor-core tile against its formula, replica variable r in [0, 2).
$ axe-layout check-equal specs/equality_tensor_core.yaml:frag specs/equality_tensor_core.yaml:lane_of_rep
equal: all 128 points checked
? 0

$ axe-layout check-equal 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --expr 'laneid=4*i + (j/2)%4; warpid=j/8 + 5 + 4*r; m=j%2' --vars i,j --replica-vars r=2 --shape 8,16
equal: all 128 points checked
? 0

$ o=$(axe-layout check-equal specs/equality_tensor_core.yaml:frag specs/equality_tensor_core.yaml:lane_of_rep --method smt); echo "$? ${o%% in *}"
0 equal: proved by Z3
? 0

# Near misses: the first differing point, with both image sets (exit 1).
$ axe-layout check-equal specs/equality_tensor_core.yaml:frag specs/equality_tensor_core.yaml:wrong_warp
NOT equal at (0, 0): A -> {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 9, m: 0}, B -> {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 8, m: 0}
? 1

$ o=$(axe-layout check-equal specs/equality_tensor_core.yaml:frag specs/equality_tensor_core.yaml:wrong_lane --json); echo "$?"; echo "$o" | sed 's/"seconds":[0-9.]*/"seconds":T/'
1
{"equal":false,"method":"enum","points":128,"seconds":T,"counterexample":{"coord":[0,15],"a":[{"laneid":3,"warpid":6,"m":1},{"laneid":3,"warpid":10,"m":1}],"b":[{"laneid":3,"warpid":6,"m":2},{"laneid":3,"warpid":10,"m":2}]}}
? 0

$ axe-layout check-equal specs/equality_tensor_core.yaml:frag specs/equality_tensor_core.yaml:wrong_warp --method smt
NOT equal at (0, 0): A -> {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 9, m: 0}, B -> {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 8, m: 0}
? 1

# Seed 001's closed form of the 128B swizzle, proved by Z3 over bit-vectors
# (not enumeration), and an off-by-one variant refuted.
$ o=$(axe-layout check-equal specs/equality_swizzle.yaml:smem specs/equality_swizzle.yaml:closed_form --method smt); echo "$? ${o%% in *}"
0 equal: proved by Z3
? 0

$ o=$(axe-layout check-equal specs/equality_swizzle.yaml:smem specs/equality_swizzle.yaml:closed_form --method smt --json); echo "$? ${o%%,\"seconds\"*}"
0 {"equal":true,"method":"smt","points":512
? 0

$ axe-layout check-equal specs/equality_swizzle.yaml:smem specs/equality_swizzle.yaml:off_by_one --method smt
NOT equal at (0, 0): A -> {m: 0}, B -> {m: 8}
? 1

$ axe-layout check-equal 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --expr 'm=64*i + 8*((j/8) ^ i) + j%8' --vars i,j --shape 8,64 --method enum
equal: all 512 points checked
? 0

# The same closed form on 2^24 points: too many to enumerate by default, Z3 answers.
$ o=$(axe-layout check-equal specs/equality_swizzle.yaml:smem_large specs/equality_swizzle.yaml:closed_form_large); echo "$? ${o%% in *}"
0 equal: proved by Z3
? 0

$ axe-layout check-equal specs/equality_swizzle.yaml:smem_large specs/equality_swizzle.yaml:row_xor_large
NOT equal at (0, 256): A -> {m: 288}, B -> {m: 256}
? 1

# Points are compared in row-major order, so shapes may differ; axes a layout
# does not name are 0 there.
$ axe-layout check-equal 'S[(8,16):(1,8)]' --expr 'm=(f%16)*8 + f/16' --vars f --shape 128
equal: all 128 points checked
? 0

$ axe-layout check-equal 'S[4:1] + 0@warpid' 'S[4:1] + R[1:3@laneid]'
equal: canonical forms identical
? 0

$ axe-layout check-equal 'S[4:1]' 'S[4:1] + 1@warpid'
NOT equal at (0): A -> {m: 0, warpid: 0}, B -> {m: 0, warpid: 1}
? 1

$ axe-layout check-equal 'S[64:1]' 'S[128:1]'
NOT equal: A has 64 points but B has 128
? 1

$ axe-layout check-equal 'S[64:1]' 'S[128:1]' --json
{"equal":false,"method":"auto","points":64,"seconds":0.0000,"reason":"A has 64 points but B has 128"}
? 1

# Forcing the canonical route: different forms are "undecided" (exit 3), never
# "not equal".
$ axe-layout check-equal 'S[(2,2):(0@x,1)]' 'S[(2,2):(0,1)]' --method canon
undecided: the canonical forms differ (S[(2,2):(0@x,1)] and S[(2,2):(0,1)]), which proves nothing either way
? 3

$ axe-layout check-equal 'S[(2,2):(0@x,1)]' 'S[(2,2):(0,1)]'
equal: all 4 points checked
? 0

$ axe-layout check-equal 'S[(8,16):(1,8)]' --expr 'm=(f%16)*8 + f/16' --vars f --shape 128 --method canon
undecided: an expr: layout has no canonical form
? 3

# The time limit: exit 3.
$ o=$(axe-layout check-equal 'S[(32768,32768):(32768,1)]' --expr 'm=32768*i + j' --vars i,j --shape 32768,32768 --method enum --timeout 0.05); echo "$? ${o%% after *}"
3 undecided: the time limit of 0.05 s passed
? 0

# Errors: exit 2, with the position of the offending text.
$ axe-layout check-equal 'S[8:1]' --method fast
axe-layout check-equal: error: --method takes auto, canon, enum or smt, not 'fast'
Try 'axe-layout check-equal --help'.
? 2

$ axe-layout check-equal 'S[8:1]' 'S[8:1]' --timeout soon
axe-layout check-equal: error: --timeout takes a number of seconds, not 'soon'
Try 'axe-layout check-equal --help'.
? 2

$ axe-layout check-equal 'S[8:1]'
axe-layout check-equal: error: expected two layouts (A and B, or A and --expr), got 1
Try 'axe-layout check-equal --help'.
? 2

$ axe-layout check-equal 'S[8:1]' 'S[8:1]' --expr 'm=i'
axe-layout check-equal: error: expected two layouts (A and B, or A and --expr), got 3
Try 'axe-layout check-equal --help'.
? 2

$ axe-layout check-equal 'S[8:1]' --expr 'm=i'
--expr:1: error: --expr needs --shape: the extents its variables range over
  m=i
  ^~~
? 2

$ axe-layout check-equal 'S[8:1]' --expr 'm=4*k' --vars i --shape 8
--expr:5: error: unknown variable 'k'
  m=4*k
      ^
hint: did you mean 'i'?
? 2

$ axe-layout check-equal 'S[8:1]' --expr 'm=i/(i-4)' --vars i --shape 8
--expr:5: error: divisor '(i-4)' may be zero: its values lie in [-4, 3]
  m=i/(i-4)
      ^~~~~
? 2

$ axe-layout check-equal 'S[8:1]' --expr 'm=i' --vars i,j --shape 8
--vars:3: error: more variables than the 1 dimension of the shape
  i,j
    ^
? 2

$ axe-layout check-equal 'S[8:1]' --expr 'm=i' --vars i --replica-vars r --shape 8
--replica-vars:2: error: expected '=' and a count after 'r', as in r=2
  r
   ^
? 2

$ axe-layout check-equal 'S[8:1]' --expr 'm=i' --vars i --shape 8 --dtype f16
--dtype:1: error: --dtype does not apply to an --expr layout
  f16
  ^~~
? 2

$ axe-layout check-equal specs/equality_errors.yaml:frag specs/equality_errors.yaml:unknown_var
specs/equality_errors.yaml:13:28: error: unknown variable 'k'
      expr: {laneid: "4*i + (k/2)%4", warpid: "j/8 + 5", m: "j%2"}
                             ^
hint: did you mean 'i'?
? 2

$ axe-layout check-equal specs/equality_errors.yaml:frag specs/equality_errors.yaml:zero_divisor
specs/equality_errors.yaml:19:19: error: divisor '(j - 8)' may be zero: its values lie in [-8, 7]
        warpid: i / (j - 8)
                    ^~~~~~~
? 2

$ axe-layout check-equal specs/equality_errors.yaml:frag specs/equality_errors.yaml:wrong_arity
specs/equality_errors.yaml:22:11: error: 'vars' names 1 variable but the shape has 2 dimensions
      vars: [i]
            ^
? 2

$ axe-layout check-equal specs/equality_errors.yaml:frag specs/equality_errors.yaml:block
specs/equality_errors.yaml:30:14: error: expected a number, a variable or '(' but found '%'
            j %% 2
               ^
? 2

$ axe-layout check-equal specs/equality_tensor_core.yaml:lane_of 'S[128:1]' --shape 16,8
--shape:1: error: expr: layout 'lane_of' keeps its own shape; --shape '16,8' cannot change it
  16,8
  ^~~~
? 2

# -2^63 / -1 has no 64-bit quotient: refused where the parser sees it may happen.
$ axe-layout check-equal 'S[1:0]' --expr 'm=-9223372036854775808 % -1' --shape 1
--expr:3: error: '-9223372036854775808 % -1' may divide -2^63 by -1, whose quotient does not fit in 64 bits
  m=-9223372036854775808 % -1
    ^~~~~~~~~~~~~~~~~~~~~~~~~
? 2

# Index code with comparisons, && || !, ?: and min/max (C semantics): a
# boundary case written as a select, proved by Z3 over bit-vectors; an off-by-one
# in a comparison is refuted with a point.
$ o=$(axe-layout check-equal 'S[(4,8):(8,1)]' --expr 'm=i < 2 ? 8*i + j : max(8*i + j, 16) + (j > 7 && i > 3) - !(j >= 0)' --vars i,j --shape 4,8 --method smt); echo "$? ${o%% in *}"
0 equal: proved by Z3
? 0
$ axe-layout check-equal 'S[(4,8):(8,1)]' --expr 'm=i < 2 ? 8*i + j : min(8*i + j, 30)' --vars i,j --shape 4,8 --method smt
NOT equal at (3, 7): A -> {m: 31}, B -> {m: 30}
? 1
$ axe-layout check-equal 'S[(4,8):(8,1)]' --expr 'm=i <= 2 ? 8*i + j : 8*i + (j == 7 ? 7 : j)' --vars i,j --shape 4,8
equal: all 32 points checked
? 0

# A layout whose canonical form names no axis (its stride-0 replica is dropped) is
# walked as one point on an axis of the other side (fuzz_cli found an overflow here).
$ axe-layout check-equal 'R[32:0@laneid]' '0@laneid' --method enum
equal: all 1 point checked
? 0
$ axe-layout check-equal 'R[4:0@laneid]' 'R[4:2@laneid]' --method enum
NOT equal at (): A -> {laneid: 0}, B -> {laneid: 0}, {laneid: 2}, {laneid: 4}, {laneid: 6}
? 1

# Z3 is loaded when a proof first needs it; without it the proof is undecided and
# says why, and the routes that do not prove still answer.
$ AXE_Z3_LIBRARY=/nonexistent/libz3.so axe-layout check-equal 'S[(4,8):(8,1)]' --expr 'm=8*i0+i1' --shape 4,8 --method smt
undecided: Z3 could not be loaded: /nonexistent/libz3.so: cannot open shared object file: No such file or directory
? 3
$ AXE_Z3_LIBRARY=/nonexistent/libz3.so axe-layout check-equal 'S[(4,8):(8,1)]' --expr 'm=8*i0+i1' --shape 4,8
equal: all 32 points checked
? 0
