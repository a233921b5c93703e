# Swizzle spellings: Swizzle(M,B,S) is Axe's order, Swizzle<B,M,S> CuTe's
# (CUTLASS include/cute/swizzle.hpp); the same function, CuTe Swizzle<3,4,3>
# = Axe Swizzle(4,3,3).  Layouts print in Axe's order.

$ axe-layout canon 'Swizzle<3,4,3> o S[(8,64):(64,1)]'
Swizzle(4,3,3) o S[512:1]
shape: (8, 64)
rule D1 x1: fuse adjacent shard iters on one axis when s_outer = e_inner * s_inner
gap condition: holds
? 0

# The trap: CuTe's Swizzle<2,3,3> is Axe's Swizzle(3,2,3) ...
$ axe-layout check-equal 'Swizzle<2,3,3> o S[(16,64):(64,1)]' 'Swizzle(3,2,3) o S[(16,64):(64,1)]'
equal: canonical forms identical
? 0

# ... and Swizzle(2,3,3), valid in both orders, is read in Axe's: another function.
$ axe-layout check-equal 'Swizzle(2,3,3) o S[(16,64):(64,1)]' 'Swizzle(3,2,3) o S[(16,64):(64,1)]'
NOT equal at (0, 32): A -> {m: 36}, B -> {m: 32}
? 1

# Invalid in Axe's order (S < B) but valid in CuTe's: refused, with the spelling.
$ axe-layout eval 'Swizzle(3,4,3) o S[(8,64):(64,1)]' --at 1,0
<arg>:1: error: swizzle needs atom_len S >= swizzle_len B
  Swizzle(3,4,3) o S[(8,64):(64,1)]
  ^~~~~~~~~~~~~~
hint: did you mean Swizzle<3,4,3> (CuTe's order)? it is Swizzle(4,3,3) in Axe's order
? 2

$ axe-layout eval 'Swizzle<4,3,3> o S[(8,64):(64,1)]' --at 1,0
<arg>:1: error: CuTe's Swizzle<B,M,S> needs shift S >= bits B
  Swizzle<4,3,3> o S[(8,64):(64,1)]
  ^~~~~~~~~~~~~~
? 2

# CuTe's 128B swizzle on 16-bit elements, Swizzle<3,3,3>, at (2, 9): 64*2 + 8*(1^2) + 1.
$ axe-layout eval 'Swizzle<3,3,3> o S[(8,64):(64,1)]' --at 2,9
(2, 9) -> {m: 153}
? 0
