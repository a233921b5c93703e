# info: size, per-axis range and span, replication, injectivity.

# A swizzled layout reports the range of the swizzled addresses: eval --at 7,7
# reaches m = 511, so a buffer sized from info must hold 512 elements.
$ axe-layout info 'Swizzle(3,3,3) o S[(8,32):(64,1)]'
layout:     Swizzle(3,3,3) o S[(8,32):(64,1)]
size:       256 points
shape:      (8, 32) (admitted: any shape of 256 points)
axes:
  m     memory  [0, 511]          span 480
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    Swizzle(3,3,3)
? 0

$ axe-layout eval 'Swizzle(3,3,3) o S[(8,32):(64,1)]' --at 7,7
(7, 7) -> {m: 511}
? 0

# One point: its swizzled address exactly, not the block that holds it.
$ axe-layout info 'Swizzle(3,3,3) o S[1:1] + 69' --json
{"layout":"Swizzle(3,3,3) o S[1:1] + 69","size":1,"shape":[1],"axes":[{"name":"m","kind":"memory","min":77,"max":77,"span":1}],"replicated":false,"images_per_point":1,"injective":true,"swizzle":{"per_element":3,"swizzle_len":3,"atom_len":3}}
? 0

# A spec of several layouts lists their names.
$ axe-layout info specs/banks_column.yaml
spec:       specs/banks_column.yaml
layouts:    name one as FILE:NAME for its info
  smem       S[(8,64):(64,1)] on shape (8, 64)
  smem_128b  Swizzle(3,3,3) o S[(8,64):(64,1)] on shape (8, 64)
  reader     S[(8,4,2,8):(4@laneid,1@laneid,8,1)] on shape (8, 64)
? 0
$ axe-layout info specs/banks_column.yaml --json
{"spec":"specs/banks_column.yaml","layouts":[{"name":"smem","layout":"S[(8,64):(64,1)]","shape":[8,64]},{"name":"smem_128b","layout":"Swizzle(3,3,3) o S[(8,64):(64,1)]","shape":[8,64]},{"name":"reader","layout":"S[(8,4,2,8):(4@laneid,1@laneid,8,1)]","shape":[8,64]}]}
? 0

# A spec with any extension can be named FILE:NAME (an existing file named by
# the whole operand wins).
$ axe-layout info tests/data/operands/banks.spec:smem_128b
layout:     Swizzle(3,3,3) o S[(8,64):(64,1)]
size:       512 points
shape:      (8, 64) (admitted: any shape of 512 points)
dtype:      f16
axes:
  m     memory  [0, 511]          span 512
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    Swizzle(3,3,3) = 128B preset
            the buffer base must be 1024-byte aligned to match the hardware 128B mode
? 0
$ axe-layout info tests/data/operands/banks.spec
spec:       tests/data/operands/banks.spec
layouts:    name one as FILE:NAME for its info
  smem       S[(8,64):(64,1)] on shape (8, 64)
  smem_128b  Swizzle(3,3,3) o S[(8,64):(64,1)] on shape (8, 64)
? 0
$ axe-layout info tests/data/operands/nope.spec:smem
tests/data/operands/nope.spec:smem: error: cannot open 'tests/data/operands/nope.spec:smem': No such file or directory
? 2

# An operand that starts with '-' but no option letter is an operand: a layout
# with a negative offset, or a bad one reported as such.
$ axe-layout info -:x
<arg>:2: error: expected an offset but found ':'
  -:x
   ^
? 2
$ axe-layout eval -4
() -> {m: -4}
? 0

# Another tool's name for a dtype gets our name as a hint.
$ axe-layout info 'S[8:1]' --dtype half
--dtype:1: error: unknown dtype 'half'
  half
  ^~~~
hint: did you mean 'f16'?
? 2
$ axe-layout info 'S[8:1]' --dtype float
--dtype:1: error: unknown dtype 'float'
  float
  ^~~~~
hint: did you mean 'f32'?
? 2
