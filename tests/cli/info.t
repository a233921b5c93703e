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
