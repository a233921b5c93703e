# Pathological inputs (issue 9): each is handled in bounded time and memory,
# without a stack overflow or quadratic blow-up, with a clean error or result.
# Big inputs are generated on the fly by tests/data/pathological/gen.sh into
# a temporary directory (with.sh NAME runs axe-layout there, under a 20 s
# hang guard); limits are in man/axe-layout.1, LIMITS.  Resource figures
# (constant memory, prompt exit, refusals of huge domains) are checked by
# tests/scripts/hardening.sh.

# A 1.1 MB layout literal (10^5 shard and 10^5 replica iters, one line) read from a spec.

$ sh tests/data/pathological/with.sh literal_1mb eval big.yaml --at 0
(0) -> {m: 0, laneid: 0, warpid: 7}
? 0

$ sh tests/data/pathological/with.sh literal_1mb eval big.yaml --inverse laneid=0
{laneid: 0} <- (0)
? 0

$ sh tests/data/pathological/with.sh literal_1mb canon big.yaml
S[1:1] + 7@warpid
shape: (1)
rule D0 x100000: drop extent-1 shard iters
rule C0 x100000: drop replica iters of extent 1 or stride 0
gap condition: holds
? 0

$ sh tests/data/pathological/with.sh literal_1mb check-equal big.yaml 'S[1:0] + R[10:0@laneid] + 7@warpid'
equal: canonical forms identical
? 0

# 10^5 + 1 iters in one term: over the parser's limit, the caret 200013 columns in.

$ sh tests/data/pathological/with.sh iters_over eval over.yaml
over.yaml:3:200013: error: more than 100000 iters in one term
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1)]"
                                                                                                                                                                ^
? 2

# 10^5 iters written field by field (two of extent 2): walks cost the two, not 10^5 per point.

$ sh tests/data/pathological/with.sh fields_1e5 eval fields.yaml --count
points: 4
images: 4
checksum: 0xd2a6edb41031a2b7
? 0

$ sh tests/data/pathological/with.sh fields_1e5 eval fields.yaml --inverse m=100499
{m: 100499} <- (3)
? 0

$ sh tests/data/pathological/with.sh fields_1e5 canon fields.yaml
S[(2,2):(500,99999)]
shape: (4)
rule D0 x99998: drop extent-1 shard iters
gap condition: holds
? 0

# 2*10^5 offset terms on one 800 KB line, then a stray token at its end.

$ sh tests/data/pathological/with.sh offsets_1mb eval terms.yaml
terms.yaml:3:800014: error: expected '+' between terms but found 'x'
  1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 x"
                                                                                                                                                                ^
? 2

# A 1 MB comment line before the spec.

$ sh tests/data/pathological/with.sh long_comment eval comment.yaml --at 7
(7) -> {m: 7}
? 0

# Deep YAML: 10^5 nested flow sequences, 300 nested block mappings.

$ sh tests/data/pathological/with.sh deep_flow eval flow.yaml
flow.yaml:2:265: error: YAML nesting deeper than 256 levels
  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[
                                                                                                                                                                ^
? 2

$ sh tests/data/pathological/with.sh deep_block eval block.yaml
block.yaml:258:513: error: YAML nesting deeper than 256 levels
                                                                                                                                                                k255:
                                                                                                                                                                ^
? 2

# More YAML nodes than the loader keeps (2^21).

$ sh tests/data/pathological/with.sh many_nodes eval nodes.yaml
nodes.yaml:2:4194309: error: the spec holds too many YAML nodes
  0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
                                                                                                                                                                ^
? 2

# 10^5 layouts in one spec: the last one, and a name that is not there.

$ sh tests/data/pathological/with.sh many_layouts eval layouts.yaml:l99999 --at 99999
(99999) -> {m: 99999}
? 0

$ sh tests/data/pathological/with.sh many_layouts eval layouts.yaml:l100000
layouts.yaml: error: unknown layout 'l100000' in layouts.yaml
? 2

# A 65 MiB file, /dev/null, a directory, empty, a byte order mark alone, blank lines with a tab.

$ sh tests/data/pathological/with.sh big_file eval huge.yaml
huge.yaml: error: the spec file is larger than 64 MiB
? 2

$ axe-layout eval /dev/null
/dev/null:1:1: error: empty spec file
? 2

$ axe-layout eval specs
specs: error: cannot read 'specs': Is a directory
? 2

$ sh tests/data/pathological/with.sh empty eval empty.yaml
empty.yaml:1:1: error: empty spec file
? 2

$ sh tests/data/pathological/with.sh empty eval bom.yaml
bom.yaml:1:1: error: empty spec file
? 2

$ sh tests/data/pathological/with.sh empty eval blank.yaml
blank.yaml:3:1: error: found character that cannot start any token (while scanning for the next token at line 3, column 1)
   
  ^
? 2

# NUL bytes: raw in the file, and as a YAML escape.

$ sh tests/data/pathological/with.sh nul_byte eval nul.yaml
nul.yaml:3:14: error: the file is not text: NUL byte
    a: "S[8:1]" 
               ^
? 2

$ sh tests/data/pathological/with.sh nul_escape eval nul.yaml
nul.yaml:3:6: error: a NUL character in a YAML scalar is not supported
    a: "S[8:1]\0"
       ^
? 2

# Invalid UTF-8: a stray byte in a spec, a sequence cut by the end of the file, and in literals.
# The text quoted under the message is valid UTF-8: a byte that is none shows as '?'.

$ sh tests/data/pathological/with.sh bad_utf8 eval utf8.yaml
utf8.yaml:3:11: error: invalid leading UTF-8 octet (byte 0xff)
    a: "S[8:?]"
            ^
? 2

$ sh tests/data/pathological/with.sh cut_utf8 eval utf8.yaml
utf8.yaml:3:17: error: incomplete UTF-8 octet sequence
    a: "S[8:1]" # ??
                  ^
? 2

$ axe-layout eval "$(printf 'S[8:\377]')"
<arg>:5: error: expected a stride but found byte 0xff
  S[8:?]
      ^
? 2

$ axe-layout eval "$(printf 'S[8:1] + 1@lane\303')"
<arg>:16: error: expected '+' between terms but found byte 0xc3
  S[8:1] + 1@lane?
                 ^
? 2

# CRLF line ends; a literal over two lines.

$ sh tests/data/pathological/with.sh crlf eval crlf.yaml
crlf.yaml:3:16: error: expected a layout term (S[...], R[...] or an offset) but found 'x'
    a: "S[8:1] + x"
                 ^
? 2

$ axe-layout eval "$(printf 'S[8:1]\n+ x')"
<arg>:3: error: expected a layout term (S[...], R[...] or an offset) but found 'x'
  + x
    ^
? 2

# Numbers: a 10^5-digit extent, a coordinate past 64 bits, the lowest offset and one below it.

$ sh tests/data/pathological/with.sh long_int eval int.yaml
int.yaml:3:9: error: an extent does not fit in 64 bits
    a: "S[99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999
          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout eval 'S[8:1]' --inverse m=99999999999999999999
--inverse:3: error: a coordinate does not fit in 64 bits
  m=99999999999999999999
    ^~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout eval 'S[8:1] - 9223372036854775807 - 1' --at 0
(0) -> {m: -9223372036854775808}
? 0

$ axe-layout eval 'S[8:1] - 9223372036854775807 - 2' --at 0
<arg>:32: error: the offsets on axis 'm' overflow 64 bits
  S[8:1] - 9223372036854775807 - 2
                                 ^
? 2

# Limits: 65 axes, 64 and 65 shape dimensions, 4097 --at points, 2^21 replica points.

$ sh tests/data/pathological/with.sh axes_65 eval axes.yaml
axes.yaml:5:523: error: a layout names at most 64 distinct axes
  7,1@a38,1@a39,1@a40,1@a41,1@a42,1@a43,1@a44,1@a45,1@a46,1@a47,1@a48,1@a49,1@a50,1@a51,1@a52,1@a53,1@a54,1@a55,1@a56,1@a57,1@a58,1@a59,1@a60,1@a61,1@a62,1@a63,1@a64)]"
                                                                                                                                                                ^~~~~
? 2

$ axe-layout eval 'S[8:1]' --shape "$(printf '1,%.0s' $(seq 63))8" --at "$(printf '0,%.0s' $(seq 63))7"
(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7) -> {m: 7}
? 0

$ axe-layout eval 'S[8:1]' --shape "$(printf '1,%.0s' $(seq 64))8"
--shape:129: error: more than 64 extents
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,8
                                                                                                                                  ^
? 2

$ axe-layout eval 'S[8:1]' $(printf -- '--at 0 %.0s' $(seq 4097))
axe-layout eval: error: more than 4096 points
Try 'axe-layout eval --help'.
? 2

$ axe-layout eval 'S[1024:1] + R[(1024,1024,2):(1@x,1@y,1@z)]'
axe-layout: error: the replica set has more than 1048576 points
? 2

# YAML aliases ("billion laughs") are refused before anything expands.

$ sh tests/data/pathological/with.sh laughs eval laughs.yaml
laughs.yaml:2:4: error: YAML anchors are not supported
  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
     ^
? 2

# expr: nested 10^5 parentheses deep, and 10^5 operands.

$ sh tests/data/pathological/with.sh expr_deep check-equal expr.yaml 'S[8:1]'
expr.yaml:6:216: error: expression nested more than 200 deep
  (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((
                                                                                                                                                                ^
? 2

$ sh tests/data/pathological/with.sh expr_long check-equal expr.yaml 'S[8:1]'
expr.yaml:6:16400: error: expression has more than 4096 operands
  + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i
                                                                                                                                                                ^
? 2
