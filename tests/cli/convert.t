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
