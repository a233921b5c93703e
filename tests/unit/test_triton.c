/*
 * test_triton.c: the Triton reader and writer (src/interop/triton*.c,
 * linear*.c).
 *
 * Expected layouts are Triton's own: the `expect` rows are transcribed from
 * unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp of
 * github.com/triton-lang/triton at commit
 * db1ed003402dba242f67073bd5c2365a875db310 (the TEST_F name is in each
 * row; the C++ helpers' arguments are written as the TTGIR attributes they
 * build: blocked(spt, tpw, wpc, CTAsPerCGA, CTASplitNum, order, CTAOrder),
 * mma(major, minor, instrShape, warps, ...), shared(vec, perPhase,
 * maxPhase, ...), nvmmaShared(bytes, transposed, bits, ...)).  The thread
 * grids of the blocked examples are from the BlockedEncodingAttr
 * description in include/triton/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td.
 * The mma.m16n8k16 fragments are compared with specs/mma_m16n8k16.yaml,
 * written from the PTX ISA.  Malformed text is refused at its own line and
 * column, in multi-line dumps and module files too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/eval.h"
#include "interop/triton.h"
#include "parse/parse.h"
#include "prove/prove.h"
#include "spec/spec.h"

#define BLK(spt, tpw, wpc, cpg, split, ord, cord)                                               \
	"#ttg.blocked<{sizePerThread = " spt ", threadsPerWarp = " tpw ", warpsPerCTA = " wpc    \
	", order = " ord ", CTAsPerCGA = " cpg ", CTASplitNum = " split ", CTAOrder = " cord "}>"
#define MMA(maj, instr, wpc, cpg, split, cord)                                                  \
	"#ttg.nvidia_mma<{versionMajor = " maj ", versionMinor = 0, warpsPerCTA = " wpc           \
	", CTAsPerCGA = " cpg ", CTASplitNum = " split ", CTAOrder = " cord ", instrShape = "     \
	instr "}>"
#define MMA1(maj, instr, wpc) "#ttg.nvidia_mma<{versionMajor = " maj ", versionMinor = 0, "     \
	"warpsPerCTA = " wpc ", instrShape = " instr "}>"
#define DOT(parent, op, kw) "#ttg.dot_op<{opIdx = " op ", parent = " parent ", kWidth = " kw "}>"
#define SLICE(parent, dim) "#ttg.slice<{dim = " dim ", parent = " parent "}>"
#define SHARED(vec, per, maxp, ord) "#ttg.swizzled_shared<{vec = " vec ", perPhase = " per     \
	", maxPhase = " maxp ", order = " ord "}>"
#define NVMMA(bytes, bits) "#ttg.nvmma_shared<{swizzlingByteWidth = " bytes ", transposed = "   \
	"false, elementBitWidth = " bits "}>"

/* One Triton test expectation: the attribute on "shape" has exactly these bases. */
typedef struct expect_row {
	const char *test;   /* Triton's TEST_F name */
	const char *attr;
	const char *shape;  /* "64,128" */
	const char *bases;  /* {register = [...], lane = [...], ...} as Triton's test lists them */
} expect_row;

static const expect_row expect_rows[] = {
	{ "SimpleBlocked", BLK("[1]", "[4]", "[4]", "[1]", "[1]", "[0]", "[0]"), "16",
	  "{register = [], lane = [[1], [2]], warp = [[4], [8]], block = []}" },
	{ "CTADuplication", BLK("[1]", "[4]", "[4]", "[4]", "[2]", "[0]", "[0]"), "32",
	  "{register = [], lane = [[1], [2]], warp = [[4], [8]], block = [[16], [0]]}" },
	{ "CTABroadcast", BLK("[8, 1]", "[8, 4]", "[1, 4]", "[1, 2]", "[1, 2]", "[0, 1]", "[1, 0]"),
	  "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], "
	  "[0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = [[0, 64]]}" },
	{ "ShapeLargerThanLayout", BLK("[1]", "[4]", "[4]", "[1]", "[1]", "[0]", "[0]"), "128",
	  "{register = [[16], [32], [64]], lane = [[1], [2]], warp = [[4], [8]], block = []}" },
	{ "ShapeLargerThanLayout2DDegenerate",
	  BLK("[1, 1]", "[4, 1]", "[4, 1]", "[1, 1]", "[1, 1]", "[0, 1]", "[1, 0]"), "128,1",
	  "{register = [[16, 0], [32, 0], [64, 0]], lane = [[1, 0], [2, 0]], warp = [[4, 0], [8, 0]], "
	  "block = []}" },
	{ "ShapeSmallerThanLayout", BLK("[4]", "[4]", "[4]", "[1]", "[1]", "[0]", "[0]"), "8",
	  "{register = [[1], [2]], lane = [[4], [0]], warp = [[0], [0]], block = []}" },
	{ "ReversedOrder", BLK("[1, 1]", "[32, 1]", "[1, 8]", "[1, 1]", "[1, 1]", "[0, 1]", "[1, 0]"),
	  "1,64",
	  "{register = [[0, 8], [0, 16], [0, 32]], lane = [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], "
	  "warp = [[0, 1], [0, 2], [0, 4]], block = []}" },
	{ "ReplicateInRegisterDim", BLK("[2]", "[4]", "[1]", "[1]", "[1]", "[0]", "[0]"), "32",
	  "{register = [[1], [8], [16]], lane = [[2], [4]], warp = [], block = []}" },
	{ "OneDimTooLargeAnotherTooSmall",
	  BLK("[1, 4]", "[8, 4]", "[4, 1]", "[2, 2]", "[2, 1]", "[1, 0]", "[1, 0]"), "128,16",
	  "{register = [[0, 1], [0, 2], [32, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], "
	  "warp = [[8, 0], [16, 0]], block = [[0, 0], [64, 0]]}" },
	{ "RepeatInCTGDimFirst", BLK("[1]", "[1]", "[4]", "[2]", "[2]", "[0]", "[0]"), "4",
	  "{register = [], lane = [], warp = [[1], [0]], block = [[2]]}" },
	{ "SmallerThanCTALayout", BLK("[1]", "[1]", "[1]", "[4]", "[4]", "[0]", "[0]"), "2",
	  "{register = [], lane = [], warp = [], block = [[1], [0]]}" },
	{ "Skinny", BLK("[8, 1]", "[8, 4]", "[1, 4]", "[1, 2]", "[1, 2]", "[0, 1]", "[0, 1]"), "64,1",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[8, 0], [16, 0], [32, 0], [0, 0], [0, 0]], "
	  "warp = [[0, 0], [0, 0]], block = [[0, 0]]}" },
	{ "BlockedOrder", BLK("[2, 2]", "[4, 8]", "[2, 2]", "[2, 2]", "[2, 2]", "[1, 0]", "[1, 0]"),
	  "1024,128",
	  "{register = [[0, 1], [1, 0], [0, 32], [16, 0], [32, 0], [64, 0], [128, 0], [256, 0]], "
	  "lane = [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0]], warp = [[0, 16], [8, 0]], "
	  "block = [[0, 64], [512, 0]]}" },
	{ "Blocked4D",
	  BLK("[1, 1, 1, 4]", "[2, 1, 1, 16]", "[1, 2, 4, 1]", "[1, 1, 1, 1]", "[1, 1, 1, 1]",
	      "[3, 0, 1, 2]", "[3, 2, 1, 0]"), "2,1,1,1",
	  "{register = [[0, 0, 0, 0], [0, 0, 0, 0]], lane = [[0, 0, 0, 0], [0, 0, 0, 0], "
	  "[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]], warp = [[0, 0, 0, 0], [0, 0, 0, 0], "
	  "[0, 0, 0, 0]], block = []}" },
	{ "BlockedDotOperandLhs",
	  DOT(BLK("[2, 4]", "[8, 4]", "[2, 4]", "[1, 1]", "[1, 1]", "[1, 0]", "[1, 0]"), "0", "0"),
	  "32,16",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], lane = [[0, 0], [0, 0], [2, 0], "
	  "[4, 0], [8, 0]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "BlockedDotOperandRhs",
	  DOT(BLK("[2, 4]", "[8, 4]", "[2, 4]", "[1, 1]", "[1, 1]", "[1, 0]", "[1, 0]"), "1", "0"),
	  "16,64",
	  "{register = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 4], [0, 8], "
	  "[0, 0], [0, 0], [0, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "MMAv2_16x16", MMA("2", "[16, 8]", "[1, 1]", "[1, 1]", "[1, 1]", "[0, 1]"), "16,16",
	  "{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
	  "warp = [], block = []}" },
	{ "MMAv2_32x32", MMA("2", "[16, 8]", "[1, 1]", "[1, 1]", "[1, 1]", "[0, 1]"), "32,32",
	  "{register = [[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], "
	  "[2, 0], [4, 0]], warp = [], block = []}" },
	{ "MMAv2_ExtendDim2", MMA("2", "[16, 8]", "[1, 1]", "[1, 1]", "[1, 1]", "[0, 1]"), "16,128",
	  "{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], "
	  "[1, 0], [2, 0], [4, 0]], warp = [], block = []}" },
	{ "MMAv2_Cga", MMA("2", "[1, 16, 8]", "[16, 1, 1]", "[4, 2, 2]", "[4, 2, 1]", "[2, 1, 0]"),
	  "64,128,128",
	  "{register = [[0, 0, 1], [0, 8, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], "
	  "[0, 16, 0], [0, 32, 0]], lane = [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]], "
	  "warp = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]], block = [[0, 0, 0], [0, 64, 0], "
	  "[16, 0, 0], [32, 0, 0]]}" },
	{ "MMAv2_Small3D", MMA("2", "[1, 16, 8]", "[16, 1, 1]", "[4, 2, 2]", "[4, 2, 1]", "[2, 1, 0]"),
	  "1,128,128",
	  "{register = [[0, 0, 1], [0, 8, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], "
	  "[0, 16, 0], [0, 32, 0]], lane = [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], block = [[0, 0, 0], [0, 64, 0], "
	  "[0, 0, 0], [0, 0, 0]]}" },
	{ "MMAv3_64x16", MMA("3", "[16, 16, 8]", "[4, 1]", "[1, 1]", "[1, 1]", "[1, 0]"), "64,16",
	  "{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
	  "warp = [[16, 0], [32, 0]], block = []}" },
	{ "MMAv3_64x16", MMA("3", "[16, 8, 8]", "[4, 1]", "[1, 1]", "[1, 1]", "[1, 0]"), "64,16",
	  "{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
	  "warp = [[16, 0], [32, 0]], block = []}" },
	{ "MMAv3_128x16", MMA("3", "[16, 16, 8]", "[4, 1]", "[1, 1]", "[1, 1]", "[1, 0]"), "128,16",
	  "{register = [[0, 1], [8, 0], [0, 8], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], "
	  "[4, 0]], warp = [[16, 0], [32, 0]], block = []}" },
	{ "MMAv3_4x2Warps", MMA("3", "[16, 32, 16]", "[4, 2]", "[1, 1]", "[1, 1]", "[1, 0]"), "64,32",
	  "{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], "
	  "[4, 0]], warp = [[16, 0], [32, 0], [0, 0]], block = []}" },
	{ "MMAv3_4x2Warps", MMA("3", "[16, 32, 16]", "[4, 2]", "[1, 1]", "[1, 1]", "[1, 0]"), "256,64",
	  "{register = [[0, 1], [8, 0], [0, 8], [0, 16], [64, 0], [128, 0]], lane = [[0, 2], [0, 4], "
	  "[1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 32]], block = []}" },
	{ "MMAv3_4x4Warps", MMA("3", "[16, 16, 8]", "[4, 4]", "[1, 1]", "[1, 1]", "[1, 0]"), "32,32",
	  "{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
	  "warp = [[16, 0], [0, 0], [0, 16], [0, 0]], block = []}" },
	{ "DotMMAv2_tile_kwidth8", DOT(MMA1("2", "[16, 8]", "[1, 1]"), "0", "8"), "16,64",
	  "{register = [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], lane = [[0, 8], [0, 16], [1, 0], "
	  "[2, 0], [4, 0]], warp = [], block = []}" },
	{ "DotMMAv2_tile_kwidth8", DOT(MMA1("2", "[16, 8]", "[1, 1]"), "1", "8"), "64,8",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0]], lane = [[8, 0], [16, 0], [0, 1], [0, 2], "
	  "[0, 4]], warp = [], block = []}" },
	{ "DotMMAv2_large_warp4_kwidth8", DOT(MMA1("2", "[16, 8]", "[4, 1]"), "0", "8"), "128,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [64, 0]], lane = [[0, 8], "
	  "[0, 16], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}" },
	{ "DotMMAv2_large_warp4_kwidth8", DOT(MMA1("2", "[16, 8]", "[4, 1]"), "1", "8"), "128,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 8], [0, 16], [0, 32]], "
	  "lane = [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 0], [0, 0]], block = []}" },
	{ "DotMMAv2_3D", DOT(MMA1("2", "[1, 16, 8]", "[2, 4, 2]"), "0", "8"), "16,128,128",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 8, 0], [0, 0, 32], [0, 0, 64], "
	  "[0, 64, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]], lane = [[0, 0, 8], [0, 0, 16], [0, 1, 0], "
	  "[0, 2, 0], [0, 4, 0]], warp = [[0, 0, 0], [0, 16, 0], [0, 32, 0], [1, 0, 0]], block = []}" },
	{ "DotMMAv2_3D", DOT(MMA1("2", "[1, 16, 8]", "[2, 4, 2]"), "1", "8"), "8,128,64",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 32, 0], [0, 64, 0], [0, 0, 16], "
	  "[0, 0, 32], [2, 0, 0], [4, 0, 0]], lane = [[0, 8, 0], [0, 16, 0], [0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4]], warp = [[0, 0, 8], [0, 0, 0], [0, 0, 0], [1, 0, 0]], block = []}" },
	{ "DotMMAv3_warp4_kwidth2", DOT(MMA1("3", "[16, 16, 8]", "[4, 1]"), "0", "2"), "128,32",
	  "{register = [[0, 1], [8, 0], [0, 8], [0, 16], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], "
	  "[2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}" },
	{ "DotMMAv2_split_warp_kwidth8", DOT(MMA1("2", "[16, 8]", "[2, 2]"), "0", "8"), "32,64",
	  "{register = [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], lane = [[0, 8], [0, 16], [1, 0], "
	  "[2, 0], [4, 0]], warp = [[0, 0], [16, 0]], block = []}" },
	{ "DotMMAv2_split_warp_kwidth8", DOT(MMA1("2", "[16, 8]", "[2, 2]"), "1", "8"), "64,16",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0]], lane = [[8, 0], [16, 0], [0, 1], [0, 2], "
	  "[0, 4]], warp = [[0, 8], [0, 0]], block = []}" },
	{ "SliceDot", SLICE(DOT(MMA1("2", "[16, 8]", "[1, 1]"), "0", "8"), "1"), "16",
	  "{register = [[8]], lane = [[0], [0], [1], [2], [4]], warp = [], block = []}" },
	{ "SliceDot", SLICE(DOT(MMA1("3", "[16, 16, 8]", "[4, 1]"), "0", "2"), "0"), "16",
	  "{register = [[1], [8]], lane = [[2], [4], [0], [0], [0]], warp = [[0], [0]], block = []}" },
	{ "SliceOfBlocked",
	  SLICE(BLK("[2, 4]", "[4, 2]", "[2, 2]", "[2, 2]", "[2, 2]", "[1, 0]", "[1, 0]"), "0"), "128",
	  "{register = [[1], [2], [16], [32]], lane = [[4], [0], [0]], warp = [[8], [0]], "
	  "block = [[64], [0]]}" },
	{ "SliceOfBlocked",
	  SLICE(BLK("[2, 4]", "[4, 2]", "[2, 2]", "[2, 2]", "[2, 2]", "[1, 0]", "[1, 0]"), "1"), "128",
	  "{register = [[1], [16], [32]], lane = [[0], [2], [4]], warp = [[0], [8]], "
	  "block = [[0], [64]]}" },
	{ "SliceOfMmaV2", SLICE(MMA("2", "[16, 8]", "[2, 2]", "[1, 1]", "[1, 1]", "[0, 1]"), "0"), "16",
	  "{register = [[1]], lane = [[2], [4], [0], [0], [0]], warp = [[8], [0]], block = []}" },
	{ "SliceOfMmaV2", SLICE(MMA("2", "[16, 8]", "[2, 2]", "[1, 1]", "[1, 1]", "[0, 1]"), "0"), "128",
	  "{register = [[1], [16], [32], [64]], lane = [[2], [4], [0], [0], [0]], warp = [[8], [0]], "
	  "block = []}" },
	{ "SliceOfMmaV2", SLICE(MMA("2", "[16, 8]", "[2, 2]", "[1, 1]", "[1, 1]", "[0, 1]"), "1"), "128",
	  "{register = [[8], [32], [64]], lane = [[0], [0], [1], [2], [4]], warp = [[0], [16]], "
	  "block = []}" },
	{ "SharedSimple2D", SHARED("1", "1", "1", "[1, 0]"), "8,4",
	  "{offset = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], block = []}" },
	{ "SharedSwizzled2D_MaxPhaseOnly", SHARED("1", "1", "4", "[1, 0]"), "32,32",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 0], [8, 0], "
	  "[16, 0]], block = []}" },
	{ "SharedSwizzled2D_PerPhaseMaxPhase", SHARED("1", "2", "4", "[1, 0]"), "32,32",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 1], [4, 2], [8, 0], "
	  "[16, 0]], block = []}" },
	{ "SharedSwizzled2D_Vec", SHARED("2", "1", "4", "[1, 0]"), "4,8",
	  "{offset = [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4]], block = []}" },
	{ "SharedSwizzled2D_PerPhaseMaxPhaseVec", SHARED("2", "2", "4", "[1, 0]"), "32,32",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 2], [4, 4], [8, 0], "
	  "[16, 0]], block = []}" },
	{ "SharedSwizzled4D", SHARED("2", "2", "4", "[3, 2, 1, 0]"), "2,4,32,32",
	  "{offset = [[0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 0, 4], [0, 0, 0, 8], [0, 0, 0, 16], "
	  "[0, 0, 1, 0], [0, 0, 2, 2], [0, 0, 4, 4], [0, 0, 8, 0], [0, 0, 16, 0], [0, 1, 0, 0], "
	  "[0, 2, 0, 0], [1, 0, 0, 0]], block = []}" },
	{ "SharedSwizzled2D_Order01", SHARED("1", "1", "4", "[0, 1]"), "4,8",
	  "{offset = [[1, 0], [2, 0], [1, 1], [2, 2], [0, 4]], block = []}" },
	{ "Shared1DSwizzle", SHARED("2", "2", "4", "[1, 0]"), "64,1",
	  "{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block = []}" },
	{ "LeadingOffset_8x16_4_2", NVMMA("32", "16"), "8,16",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8]], block = []}" },
	{ "LeadingOffset_128x16_4_2", NVMMA("32", "16"), "128,16",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8], [8, 0], [16, 0], "
	  "[32, 0], [64, 0]], block = []}" },
	{ "LeadingOffset_8x32_2_4", NVMMA("64", "16"), "8,32",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16]], block = []}" },
	{ "LeadingOffset_8x64_1_8", NVMMA("128", "16"), "8,64",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]], "
	  "block = []}" },
	{ "LeadingOffset_8x64_1_8_32b", NVMMA("128", "32"), "8,64",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [0, 32]], "
	  "block = []}" },
	{ "MMAv5Fp4Padded", "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
	  "elementBitWidth = 8, fp4Padded = true}>", "32,64",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], "
	  "[4, 32], [8, 0], [16, 0]], block = []}" },
};

/*
 * Rows of the same test file at triton-lang/triton commit
 * e3b5495253313e42ad074906ea8e2063b70dcc69 (the TEST_F name is in each
 * row), for the encodings and spellings read since: CGALayout (the CTA
 * parameters of a Triton row written as the bases
 * CGAEncodingAttr::fromSplitParams makes of them; TensorMemory_CTASplit's
 * is given as bases), nvmma_shared of 3 dims and transposed,
 * amd_rotating_shared, tensor memory (TensorMemory_*: tmem(blockM, blockN)
 * is colStride 1), and rows added to the test since db1ed003.
 */
#define BLKG(spt, tpw, wpc, ord, cga) "#ttg.blocked<{sizePerThread = " spt                  \
	", threadsPerWarp = " tpw ", warpsPerCTA = " wpc ", order = " ord ", CGALayout = " cga "}>"
#define NVMMAT(bytes, trans, bits) "#ttg.nvmma_shared<{swizzlingByteWidth = " bytes             \
	", transposed = " trans ", elementBitWidth = " bits "}>"
#define ROT(vec, per, maxp, ord) "#ttg.amd_rotating_shared<{vec = " vec ", perPhase = " per     \
	", maxPhase = " maxp ", order = " ord "}>"
#define TMEM(m, n) "#ttng.tensor_memory_encoding<blockM = " m ", blockN = " n ", colStride = 1>"

static const expect_row expect_rows_e3b5[] = {
	{ "CTADuplication", BLKG("[1]", "[4]", "[4]", "[0]", "[[1], [0]]"), "32",
	  "{register = [], lane = [[1], [2]], warp = [[4], [8]], block = [[16], [0]]}" },
	{ "CTABroadcast", BLKG("[8, 1]", "[8, 4]", "[1, 4]", "[0, 1]", "[[0, 1]]"), "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], "
	  "[0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = [[0, 64]]}" },
	{ "MMAv2_Cga", "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
	  "[16, 1, 1], CGALayout = [[0, 0, 0], [0, 1, 0], [1, 0, 0], [2, 0, 0]], instrShape = "
	  "[1, 16, 8]}>", "64,128,128",
	  "{register = [[0, 0, 1], [0, 8, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], "
	  "[0, 16, 0], [0, 32, 0]], lane = [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]], "
	  "warp = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]], block = [[0, 0, 0], [0, 64, 0], "
	  "[16, 0, 0], [32, 0, 0]]}" },
	{ "SmallerThanCGALayout", BLK("[1]", "[1]", "[1]", "[4]", "[4]", "[0]", "[0]"), "2",
	  "{register = [], lane = [], warp = [], block = [[1], [0]]}" },
	{ "BlockedDot3dOperandLhs",
	  DOT(BLK("[2, 2, 4]", "[2, 4, 4]", "[2, 2, 2]", "[1, 1, 1]", "[1, 1, 1]", "[2, 1, 0]",
		  "[2, 1, 0]"), "0", "0"), "16,32,4",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 1, 0], [1, 0, 0], [0, 16, 0], [8, 0, 0]], "
	  "lane = [[0, 0, 0], [0, 0, 0], [0, 2, 0], [0, 4, 0], [2, 0, 0]], "
	  "warp = [[0, 0, 0], [0, 8, 0], [4, 0, 0]], block = []}" },
	{ "BlockedDot3dOperandRhs",
	  DOT(BLK("[2, 2, 4]", "[2, 4, 4]", "[2, 2, 2]", "[1, 1, 1]", "[1, 1, 1]", "[2, 1, 0]",
		  "[2, 1, 0]"), "1", "0"), "16,4,64",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 2, 0], [1, 0, 0], [0, 0, 32], "
	  "[8, 0, 0]], lane = [[0, 0, 4], [0, 0, 8], [0, 0, 0], [0, 0, 0], [2, 0, 0]], "
	  "warp = [[0, 0, 16], [0, 0, 0], [4, 0, 0]], block = []}" },
	{ "MMAv3_1024x1024", MMA("3", "[16, 16, 8]", "[4, 1]", "[1, 1]", "[1, 1]", "[1, 0]"),
	  "1024,1024",
	  "{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [0, 256], "
	  "[0, 512], [64, 0], [128, 0], [256, 0], [512, 0]], lane = [[0, 2], [0, 4], [1, 0], "
	  "[2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}" },
	{ "DotMMAv3_mixed_warp_kwidth4", DOT(MMA1("3", "[16, 16, 8]", "[4, 2]"), "0", "4"), "128,64",
	  "{register = [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], lane = [[0, 4], "
	  "[0, 8], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 0]], block = []}" },
	{ "SliceWithShape1",
	  SLICE(BLK("[1, 4]", "[8, 4]", "[2, 2]", "[1, 1]", "[1, 1]", "[0, 1]", "[1, 0]"), "0"), "1",
	  "{register = [], lane = [[0], [0], [0], [0], [0]], warp = [[0], [0]], block = []}" },
	{ "Slice4D",
	  SLICE(BLK("[1, 1, 1, 4]", "[2, 1, 1, 16]", "[1, 2, 4, 1]", "[1, 1, 1, 1]", "[1, 1, 1, 1]",
		    "[3, 0, 1, 2]", "[3, 2, 1, 0]"), "3"), "2,1,1",
	  "{register = [], lane = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [1, 0, 0]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], block = []}" },
	{ "SliceOfMmaV2", SLICE(MMA("2", "[16, 8]", "[2, 2]", "[1, 1]", "[1, 1]", "[0, 1]"), "1"), "8",
	  "{register = [], lane = [[0], [0], [1], [2], [4]], warp = [[0], [0]], block = []}" },
	{ "LeadingOffset_128x128_1_8_128b_transposed", NVMMAT("128", "true", "32"), "128,128",
	  "{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [4, 1], [8, 2], [16, 4], [0, 8], "
	  "[0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], block = []}" },
	{ "LeadingOffset_32x4x64_1_8_32b", NVMMAT("64", "false", "32"), "32,4,64",
	  "{offset = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0], [0, 2, 4], [1, 0, 8], "
	  "[2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0], [0, 0, 16], [0, 0, 32]], block = []}" },
	{ "LeadingOffset_64x4x32_1_8_32b_transposed", NVMMAT("64", "true", "32"), "64,4,32",
	  "{offset = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [0, 0, 4], [4, 0, 8], [8, 0, 16], "
	  "[0, 1, 0], [0, 2, 0], [0, 0, 1], [0, 0, 2], [16, 0, 0], [32, 0, 0]], block = []}" },
	{ "AMDRotatingShared2D_8x16_ord10", ROT("2", "2", "2", "[1, 0]"), "8,16",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 2], [4, 2]], block = []}" },
	{ "AMDRotatingShared2D_8x16_ord01", ROT("2", "2", "2", "[0, 1]"), "8,16",
	  "{offset = [[1, 0], [2, 0], [4, 0], [0, 1], [2, 2], [2, 4], [0, 8]], block = []}" },
	{ "AMDRotatingShared2D_64x64", ROT("4", "2", "4", "[1, 0]"), "64,64",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 4], [4, 8], "
	  "[8, 4], [16, 8], [32, 0]], block = []}" },
	{ "AMDRotatingShared3D_4x64x64", ROT("4", "2", "4", "[2, 1, 0]"), "4,64,64",
	  "{offset = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 1, 0], "
	  "[0, 2, 4], [0, 4, 8], [0, 8, 4], [0, 16, 8], [0, 32, 0], [1, 0, 0], [2, 0, 0]], "
	  "block = []}" },
	{ "MMAv5Fp4Padded", "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
	  "elementBitWidth = 8, fp4Padded = true}>", "32,64",
	  "{offset = [[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], "
	  "[4, 32], [8, 0], [16, 0]], block = []}" },
	{ "TensorMemory_blockM_64", TMEM("64", "64"), "128,64",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block = []}" },
	{ "TensorMemory_blockM_64", TMEM("64", "64"), "64,64",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [16, 0], [32, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block = []}" },
	{ "TensorMemory_blockM_64", TMEM("64", "64"), "256,128",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [128, 0], [0, 64]], block = []}" },
	{ "TensorMemory_blockM_64", TMEM("64", "64"), "64,256",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 64], [16, 0], [32, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 128]], block = []}" },
	{ "TensorMemory_blockM_128", TMEM("128", "128"), "128,128",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block = []}" },
	{ "TensorMemory_blockM_128", TMEM("128", "128"), "256,128",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [128, 0]], block = []}" },
	{ "TensorMemory_blockM_128", TMEM("128", "128"), "256,256",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [128, 0], [0, 128]], block = []}" },
	{ "TensorMemory_CTASplit", "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
	  "colStride = 1, CGALayout = [[0, 1]]>", "128,128",
	  "{row = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], col = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block = [[0, 64]]}" },
};

/*
 * Every AMD row of the same test file at e3b5495 whose expectation is
 * written out (the MFMA*, WMMA* and TWMMA* TEST_Fs; "same as" rows take the
 * layout they are compared with; the fp4 rows test chooseDotDsReadTrLayout,
 * not an encoding): mfma(version, warps, instrShape, isTransposed,
 * tilesPerWarp, elementBitWidth) as #ttg.amd_mfma; wmma(warps, version,
 * transposed, instrShape) as #ttg.amd_wmma whose ctaLayout holds the warp
 * bases the test's chooseWmmaCTALinearLayout makes (row-major warps, one
 * tile per warp); mfmaDotOp/wmmaDotOp(parent, opIdx, kWidth) as
 * #ttg.dot_op.  Transcribed mechanically from the C++ expectations.
 */
static const expect_row expect_rows_amd[] = {
	{ "MFMA32_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = false, tilesPerWarp = [2, 2]}>",
	  "32,32",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [0, 0], [0, 0]], lane = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], "
	  "block = []}" },
	{ "MFMA32_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = false, tilesPerWarp = [2, 2]}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [0, 32], [32, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 64], "
	  "[0, 0], [64, 0]], block = []}" },
	{ "MFMA32_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = false, tilesPerWarp = [2, 2]}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [0, 32], [32, 0], [128, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 64], "
	  "[0, 128], [64, 0]], block = []}" },
	{ "MFMA32_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = true, tilesPerWarp = [2, 2]}>",
	  "32,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 0], [0, 0]], lane = [[1, 0], "
	  "[2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [0, 0]], "
	  "block = []}" },
	{ "MFMA32_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = true, tilesPerWarp = [2, 2]}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 64], "
	  "[0, 0], [64, 0]], block = []}" },
	{ "MFMA32_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = true, tilesPerWarp = [2, 2]}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [32, 0], [128, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 64], "
	  "[0, 128], [64, 0]], block = []}" },
	{ "MFMA16_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = false, tilesPerWarp = [2, 2]}>",
	  "32,32",
	  "{register = [[1, 0], [2, 0], [0, 16], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [4, 0], [8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = false, tilesPerWarp = [2, 2]}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [0, 16], [16, 0], [64, 0]], lane = [[0, 1], "
	  "[0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], warp = [[0, 32], [0, 64], [32, 0]], "
	  "block = []}" },
	{ "MFMA16_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = false, tilesPerWarp = [2, 2]}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [0, 16], [0, 128], [16, 0], [64, 0], [128, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], warp = [[0, 32], "
	  "[0, 64], [32, 0]], block = []}" },
	{ "MFMA16_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = true, tilesPerWarp = [2, 2]}>",
	  "32,32",
	  "{register = [[0, 1], [0, 2], [0, 16], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 4], [0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = true, tilesPerWarp = [2, 2]}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 16], [16, 0], [64, 0]], lane = [[1, 0], "
	  "[2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 32], [0, 64], [32, 0]], "
	  "block = []}" },
	{ "MFMA16_2x4Warps_tpw_2_2",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = true, tilesPerWarp = [2, 2]}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 128], [16, 0], [64, 0], [128, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 32], "
	  "[0, 64], [32, 0]], block = []}" },
	{ "MFMA32_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = false}>",
	  "32,32",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [0, 16], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = false}>",
	  "64,32",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [0, 16], [4, 0]], warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA32_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = false}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [64, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 32], [0, 64], [32, 0]], "
	  "block = []}" },
	{ "MFMA32_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = true}>",
	  "32,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = true}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA32_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
	  "isTransposed = true}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [64, 0]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 32], [0, 64], [32, 0]], "
	  "block = []}" },
	{ "MFMA16_2x4Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
	  "isTransposed = false}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_2x4Warps_F64",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 4], "
	  "isTransposed = false, elementBitWidth = 64}>",
	  "16,16",
	  "{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], "
	  "[2, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_2x4x1Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4, 1], instrShape = [32, 32, 8], "
	  "isTransposed = false}>",
	  "1,128,128",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0], [0, 0, 32], "
	  "[0, 0, 64]], lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], "
	  "[0, 4, 0]], warp = [[0, 32, 0], [0, 64, 0], [0, 0, 0]], block = []}" },
	{ "MFMA32_2x4x1Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4, 1], instrShape = [32, 32, 8], "
	  "isTransposed = false}>",
	  "2,32,32",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0]], lane = [[0, 0, 1], "
	  "[0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 4, 0]], warp = [[0, 0, 0], "
	  "[0, 0, 0], [1, 0, 0]], block = []}" },
	{ "MFMA32_2x4x1Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4, 1], instrShape = [32, 32, 8], "
	  "isTransposed = false}>",
	  "2,64,32",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0]], lane = [[0, 0, 1], "
	  "[0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 4, 0]], warp = [[0, 32, 0], "
	  "[0, 0, 0], [1, 0, 0]], block = []}" },
	{ "MFMA32_2x4x1Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4, 1], instrShape = [32, 32, 8], "
	  "isTransposed = true}>",
	  "1,128,128",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 8], [0, 0, 16], [0, 0, 32], "
	  "[0, 0, 64]], lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], "
	  "[0, 0, 4]], warp = [[0, 32, 0], [0, 64, 0], [0, 0, 0]], block = []}" },
	{ "MFMA32_2x4x1Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4, 1], instrShape = [32, 32, 8], "
	  "isTransposed = true}>",
	  "2,32,32",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 8], [0, 0, 16]], lane = [[0, 1, 0], "
	  "[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], [0, 0, 4]], warp = [[0, 0, 0], "
	  "[0, 0, 0], [1, 0, 0]], block = []}" },
	{ "MFMA32_2x4x1Warps",
	  "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4, 1], instrShape = [32, 32, 8], "
	  "isTransposed = true}>",
	  "2,64,32",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 8], [0, 0, 16]], lane = [[0, 1, 0], "
	  "[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], [0, 0, 4]], warp = [[0, 32, 0], "
	  "[0, 0, 0], [1, 0, 0]], block = []}" },
	{ "MFMA32_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [32, 0], "
	  "[64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 8]], "
	  "warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,256",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [0, 128], "
	  "[32, 0], [64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 8]], "
	  "warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "32,64",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [16, 0], [0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [0, 128], "
	  "[32, 0], [64, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 0], [0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,256",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 128]], block = []}" },
	{ "MFMA32_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [0, 16], [8, 0]], warp = [[0, 32], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0], [128, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 128]], block = []}" },
	{ "MFMA32_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[0, 0], [8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0], [128, 0], "
	  "[0, 128]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], "
	  "warp = [[0, 32], [0, 64]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 32], [0, 64], [16, 0], [32, 0], "
	  "[64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16]], "
	  "warp = [[0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "1,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 32], [0, 64]], lane = [[0, 0], [0, 0], "
	  "[0, 0], [0, 0], [0, 8], [0, 16]], warp = [[0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,1",
	  "{register = [[0, 0], [0, 0], [0, 0], [16, 0], [32, 0], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [0, 0]], warp = [[0, 0], "
	  "[0, 0]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 32], [0, 64], [0, 128], [16, 0], "
	  "[32, 0], [64, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], "
	  "[0, 16]], warp = [[0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 8], [0, 0]], warp = [[0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 32], [0, 64], [0, 128], [16, 0], "
	  "[32, 0], [64, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], "
	  "[0, 16]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_lhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 1, 8], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "1,256,256",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 32], [0, 0, 64], "
	  "[0, 0, 128], [0, 16, 0], [0, 32, 0], [0, 64, 0], [0, 128, 0]], "
	  "lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 8], [0, 0, 16]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]], warp = [[0, 16], "
	  "[0, 32]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "1,128",
	  "{register = [[0, 0], [0, 0], [0, 0], [0, 64]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [0, 0], [0, 0]], warp = [[0, 16], [0, 32]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "128,1",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0]], lane = [[0, 0], [0, 0], "
	  "[0, 0], [0, 0], [8, 0], [16, 0]], warp = [[0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [128, 0], [0, 64], "
	  "[0, 128]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]], "
	  "warp = [[0, 16], [0, 32]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 8], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [128, 0], [0, 128]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]], warp = [[0, 16], "
	  "[0, 32], [0, 64]], block = []}" },
	{ "MFMA16_warp1onK_rhs_kwidth8",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [1, 1, 8], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 8}>",
	  "1,256,256",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 32, 0], [0, 64, 0], "
	  "[0, 128, 0], [0, 0, 128]], lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], "
	  "[0, 8, 0], [0, 16, 0]], warp = [[0, 0, 16], [0, 0, 32], [0, 0, 64]], block = []}" },
	{ "MFMA32_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [32, 0]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], "
	  "[0, 0], [64, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], "
	  "[32, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], "
	  "warp = [[0, 0], [0, 0], [64, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [32, 0]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], "
	  "[0, 0], [64, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], "
	  "[32, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], "
	  "warp = [[0, 0], [0, 0], [64, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 16], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 4], [0, 8]], warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 32], [0, 64], [16, 0], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 0], "
	  "[0, 0], [32, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 32], [0, 64], [0, 128], [16, 0], "
	  "[64, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], "
	  "warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 16], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 4], [0, 8]], warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 32], [0, 64], [16, 0], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 0], "
	  "[0, 0], [32, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 32], [0, 64], [16, 0], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 0], "
	  "[0, 0], [32, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], "
	  "[0, 0], [32, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 0], [0, 4]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], warp = [[0, 0], "
	  "[0, 0], [32, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [16, 0], [0, 4]], warp = [[0, 0], [0, 0], [32, 0]], block = []}" },
	{ "MFMA32_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 0], [0, 4]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 0], "
	  "[0, 0], [16, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 16], [32, 0]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 4], [0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[0, 1], [0, 2], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[0, 0], "
	  "[0, 0], [16, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "64,32",
	  "{register = [[0, 1], [0, 2], [0, 16], [32, 0]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 4], [0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "MFMA16_dot_op_lhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [0, 32]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 32]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 64], "
	  "[0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], "
	  "[0, 32]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], "
	  "warp = [[0, 64], [0, 128], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 32]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 64], "
	  "[0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [0, 32]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], "
	  "[0, 32]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], "
	  "warp = [[0, 64], [0, 128], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [16, 0], [0, 16]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [4, 0], [8, 0]], warp = [[0, 32], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [16, 0], [32, 0], [64, 0], [0, 16]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 16], "
	  "[0, 128]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], "
	  "warp = [[0, 32], [0, 64], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [16, 0], [0, 16]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [4, 0], [8, 0]], warp = [[0, 32], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [16, 0], [32, 0], [64, 0], [0, 16]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_tpw_2_2",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true, "
	  "tilesPerWarp = [2, 2]}>, kWidth = 4}>",
	  "256,256",
	  "{register = [[1, 0], [2, 0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 16], "
	  "[0, 128]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], "
	  "warp = [[0, 32], [0, 64], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [0, 16], [4, 0]], warp = [[0, 32], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[0, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 32], "
	  "[0, 64], [0, 0]], block = []}" },
	{ "MFMA32_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[0, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [16, 0], [32, 0], [64, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], warp = [[0, 16], "
	  "[0, 32], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[4, 0], [8, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [16, 0], [32, 0], [64, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], warp = [[0, 16], "
	  "[0, 32], [0, 0]], block = []}" },
	{ "MFMA16_dot_op_rhs_kwidth4",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, "
	  "warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>, "
	  "kWidth = 4}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "16,16",
	  "{register = [[2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[1, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "32,16",
	  "{register = [[2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[1, 0]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "16,32",
	  "{register = [[2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[1, 0]], warp = [[0, 16], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "128,128",
	  "{register = [[2, 0], [4, 0], [8, 0], [0, 64], [32, 0], [64, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [0, 32], "
	  "[16, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, "
	  "ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, rank = 3}>",
	  "1,16,16",
	  "{register = [[0, 2, 0], [0, 4, 0], [0, 8, 0]], lane = [[0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4], [0, 0, 8], [0, 1, 0]], warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v1_2x4x1Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, "
	  "ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, rank = 3}>",
	  "2,16,16",
	  "{register = [[0, 2, 0], [0, 4, 0], [0, 8, 0]], lane = [[0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4], [0, 0, 8], [0, 1, 0]], warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v1_2x4x1Warps",
	  "#ttg.amd_wmma<{version = 1, isTranspose = false, "
	  "ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, rank = 3}>",
	  "8,16,16",
	  "{register = [[0, 2, 0], [0, 4, 0], [0, 8, 0], [2, 0, 0], [4, 0, 0]], "
	  "lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,16",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 0]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,64",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], "
	  "[2, 0], [4, 0], [8, 0], [0, 0]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "64,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], "
	  "[32, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[0, 0], "
	  "[0, 0], [16, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [0, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,16",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [0, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [0, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "WMMA_v1_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]], warp = [[0, 16], [0, 32], "
	  "[0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "1,16,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8]], lane = [[0, 1, 0], "
	  "[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 0]], warp = [[0, 0, 0], [0, 0, 0], "
	  "[0, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "2,32,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8]], lane = [[0, 1, 0], "
	  "[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 0]], warp = [[0, 16, 0], [0, 0, 0], "
	  "[1, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "2,64,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8]], lane = [[0, 1, 0], "
	  "[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 0]], warp = [[0, 16, 0], [0, 32, 0], "
	  "[1, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "4,128,32",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], "
	  "[0, 64, 0], [2, 0, 0]], lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], "
	  "[0, 0, 0]], warp = [[0, 16, 0], [0, 32, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "1,16,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0]], lane = [[0, 0, 1], "
	  "[0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 0]], warp = [[0, 0, 0], [0, 0, 0], "
	  "[0, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "2,32,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0]], "
	  "lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 0]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "2,64,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], "
	  "[0, 32, 0]], lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 0]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v1_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 1, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 16}>",
	  "4,128,32",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], "
	  "[0, 32, 0], [0, 64, 0], [0, 0, 16], [2, 0, 0]], lane = [[0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4], [0, 0, 8], [0, 0, 0]], warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "32,16",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "16,32",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0]], warp = [[0, 16], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [0, 64], [32, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [8, 0]], warp = [[0, 16], [0, 32], [16, 0]], block = []}" },
	{ "WMMA_v2_2x2x2Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, "
	  "ctaLayout = {warp = [[0, 0, 1], [0, 1, 0], [1, 0, 0]]}, rank = 3}>",
	  "1,16,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0]], lane = [[0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4], [0, 0, 8], [0, 8, 0]], warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x2x2Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, "
	  "ctaLayout = {warp = [[0, 0, 1], [0, 1, 0], [1, 0, 0]]}, rank = 3}>",
	  "2,16,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0]], lane = [[0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4], [0, 0, 8], [0, 8, 0]], warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x2x2Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = false, "
	  "ctaLayout = {warp = [[0, 0, 1], [0, 1, 0], [1, 0, 0]]}, rank = 3}>",
	  "4,64,64",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 0, 32], [0, 32, 0], "
	  "[2, 0, 0]], lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 8, 0]], "
	  "warp = [[0, 0, 16], [0, 16, 0], [1, 0, 0]], block = []}" },
	{ "TWMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "TWMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "32,16",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "TWMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "16,32",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 8]], warp = [[0, 16], [0, 0], [0, 0]], block = []}" },
	{ "TWMMA_v2_2x4Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}}>",
	  "64,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 64], [32, 0]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [0, 8]], warp = [[0, 16], [0, 32], [16, 0]], block = []}" },
	{ "TWMMA_v2_2x2x2Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 0, 1], "
	  "[0, 1, 0], [1, 0, 0]]}, rank = 3}>",
	  "1,16,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4]], lane = [[0, 1, 0], [0, 2, 0], "
	  "[0, 4, 0], [0, 8, 0], [0, 0, 8]], warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "
	  "block = []}" },
	{ "TWMMA_v2_2x2x2Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 0, 1], "
	  "[0, 1, 0], [1, 0, 0]]}, rank = 3}>",
	  "2,16,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4]], lane = [[0, 1, 0], [0, 2, 0], "
	  "[0, 4, 0], [0, 8, 0], [0, 0, 8]], warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], "
	  "block = []}" },
	{ "TWMMA_v2_2x2x2Warps",
	  "#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 0, 1], "
	  "[0, 1, 0], [1, 0, 0]]}, rank = 3}>",
	  "4,64,64",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 32], [0, 32, 0], "
	  "[2, 0, 0]], lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 8]], "
	  "warp = [[0, 0, 16], [0, 16, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "16,16",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "32,16",
	  "{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
	  "[0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "32,64",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "64,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [[0, 0], [0, 0], "
	  "[16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "16,32",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 16]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,32",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 16]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 32], [0, 64]], lane = [[1, 0], "
	  "[2, 0], [4, 0], [8, 0], [0, 16]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "64,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 16]], warp = [[0, 0], [0, 0], "
	  "[16, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "32,16",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [8, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 8}>",
	  "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]], warp = [[0, 16], [0, 32], "
	  "[0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,16",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [16, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "32,32",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [16, 0]], warp = [[0, 16], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "64,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [32, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [16, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "WMMA_v2_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}}>, "
	  "kWidth = 16}>",
	  "128,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [32, 0], [64, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [16, 0]], warp = [[0, 16], [0, 32], "
	  "[0, 0]], block = []}" },
	{ "WMMA_v2_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "1,16,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4]], lane = [[0, 1, 0], [0, 2, 0], "
	  "[0, 4, 0], [0, 8, 0], [0, 0, 8]], warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "2,32,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4]], lane = [[0, 1, 0], [0, 2, 0], "
	  "[0, 4, 0], [0, 8, 0], [0, 0, 8]], warp = [[0, 16, 0], [0, 0, 0], [1, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "2,64,16",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4]], lane = [[0, 1, 0], [0, 2, 0], "
	  "[0, 4, 0], [0, 8, 0], [0, 0, 8]], warp = [[0, 16, 0], [0, 32, 0], [1, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x4x1Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "4,128,32",
	  "{register = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 16], [0, 64, 0], "
	  "[2, 0, 0]], lane = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 0, 8]], "
	  "warp = [[0, 16, 0], [0, 32, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v2_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "1,16,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0]], lane = [[0, 0, 1], [0, 0, 2], "
	  "[0, 0, 4], [0, 0, 8], [0, 8, 0]], warp = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "
	  "block = []}" },
	{ "WMMA_v2_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "2,32,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 16, 0]], lane = [[0, 0, 1], "
	  "[0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 8, 0]], warp = [[0, 0, 0], [0, 0, 0], "
	  "[1, 0, 0]], block = []}" },
	{ "WMMA_v2_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "2,64,16",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 16, 0], [0, 32, 0]], "
	  "lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 8, 0]], "
	  "warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v2_2x4x1Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, "
	  "rank = 3}>, kWidth = 8}>",
	  "4,128,32",
	  "{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 16, 0], [0, 32, 0], "
	  "[0, 64, 0], [0, 0, 16], [2, 0, 0]], lane = [[0, 0, 1], [0, 0, 2], [0, 0, 4], "
	  "[0, 0, 8], [0, 8, 0]], warp = [[0, 0, 0], [0, 0, 0], [1, 0, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps",
	  "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}, instrShape = [16, 16, 32]}>",
	  "16,16",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps",
	  "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}, instrShape = [16, 16, 32]}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], "
	  "[8, 0]], warp = [[0, 16], [0, 32], [16, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps",
	  "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1], "
	  "[0, 2], [1, 0]]}, instrShape = [16, 16, 32]}>",
	  "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [0, 64], [32, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [8, 0]], warp = [[0, 16], [0, 32], [16, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "16,32",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 8]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "32,32",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
	  "[8, 0], [0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "32,64",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], "
	  "[4, 0], [8, 0], [0, 8]], warp = [[0, 0], [0, 0], [16, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_lhs",
	  "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "64,128",
	  "{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [[0, 0], [0, 0], "
	  "[16, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "32,16",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "32,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], "
	  "[0, 8], [8, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "64,64",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0]], lane = [[0, 1], [0, 2], "
	  "[0, 4], [0, 8], [8, 0]], warp = [[0, 16], [0, 32], [0, 0]], block = []}" },
	{ "WMMA_v3_2x4Warps_rhs",
	  "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 3, "
	  "isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2], [1, 0]]}, "
	  "instrShape = [16, 16, 32]}>, kWidth = 8}>",
	  "64,128",
	  "{register = [[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [0, 64]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]], warp = [[0, 16], [0, 32], "
	  "[0, 0]], block = []}" },
};

static axe_shape shape_of(const char *text)
{
	axe_shape s = { 0 };

	for (const char *p = text; *p;) {
		char *end;

		s.dim[s.rank++] = strtoll(p, &end, 10);
		p = *end == ',' ? end + 1 : end;
	}
	return s;
}

/* Compare L's bases of each in-dim with the row's lists (absent in-dims: no bases). */
static void check_bases(const expect_row *row, const axe_linear *L)
{
	char text[4096];
	axe_loc where = { "<expect>", 1, 1, NULL, 0 };
	tt_src src;
	axe_error err;
	size_t p = 0;
	tt_value *v;
	bool named[AXE_LINEAR_NIN] = { false };

	snprintf(text, sizeof(text), "#t.e<%s>", row->bases);
	src = (tt_src){ text, strlen(text), &where };
	axe_error_init(&err);
	v = tt_parse_value(&src, &p, &err);
	if (!v)
		fail_msg("%s: bad expectation: %s", row->test, err.message);
	for (size_t e = 0; e < v->attr->nentry; e++) {
		const tt_entry *en = &v->attr->entry[e];
		int in = -1;

		for (int i = 0; i < AXE_LINEAR_NIN; i++)
			if (strcmp(en->key, axe_linear_in_name[i]) == 0)
				in = i;
		assert_true(in >= 0);
		named[in] = true;
		if ((size_t)L->nbits[in] != en->value.nitem)
			fail_msg("%s %s: %s has %d bases, Triton %zu", row->test, row->shape, en->key,
				 L->nbits[in], en->value.nitem);
		for (size_t i = 0; i < en->value.nitem; i++)
			for (size_t d = 0; d < L->rank; d++)
				if (L->basis[in][i][d] != en->value.item[i].item[d].num)
					fail_msg("%s %s: %s=%d dim %zu is %d, Triton %lld", row->test,
						 row->shape, en->key, 1 << i, d, L->basis[in][i][d],
						 (long long)en->value.item[i].item[d].num);
	}
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		if (!named[in] && L->nbits[in])
			fail_msg("%s: %s has bases, Triton none", row->test, axe_linear_in_name[in]);
	tt_value_free(v);
}

/* Each row: Triton's bases exactly, and an import that passes translation validation. */
static void check_rows(const expect_row *rows, size_t n)
{
	for (size_t r = 0; r < n; r++) {
		const expect_row *row = &rows[r];
		axe_shape shape = shape_of(row->shape);
		axe_import_opts opts = { .shape = &shape };
		axe_loc where = { "<arg>", 1, 1, row->attr, strlen(row->attr) };
		axe_import imp;
		axe_linear L;
		axe_error err;

		axe_error_init(&err);
		if (tt_linear_of_text(row->attr, &shape, &L, &err) < 0)
			fail_msg("%s: %s", row->test, err.message);
		check_bases(row, &L);
		if (axe_triton_import(row->attr, &where, &opts, &imp, &err) < 0)
			fail_msg("%s: import: %s", row->test, err.message);
		axe_import_release(&imp);
	}
}

static void test_triton_unit_tests(void **state)
{
	(void)state;
	check_rows(expect_rows, sizeof(expect_rows) / sizeof(expect_rows[0]));
	check_rows(expect_rows_e3b5, sizeof(expect_rows_e3b5) / sizeof(expect_rows_e3b5[0]));
	check_rows(expect_rows_amd, sizeof(expect_rows_amd) / sizeof(expect_rows_amd[0]));
}

/* "text" on "dims" (rank n) imported; fails the test on an error. */
static void import_ok(const char *text, size_t n, const int64_t *dims, axe_import *imp)
{
	axe_shape shape = { n, { 0 } };
	axe_import_opts opts = { .shape = n ? &shape : NULL };
	axe_loc where = { "<arg>", 1, 1, text, strlen(text) };
	axe_error err;

	if (n)
		memcpy(shape.dim, dims, n * sizeof(int64_t));
	axe_error_init(&err);
	if (axe_triton_import(text, &where, &opts, imp, &err) < 0)
		fail_msg("%s: %s", text, err.message);
}

/* Prove "imp" equal to the layout "text" (an Axe literal) on the import's shape. */
static void assert_equal_to(const axe_import *imp, const char *text)
{
	axe_error err;
	axe_layout *want;
	axe_equal_side a = { imp->layout, imp->expr, imp->shape, true };
	axe_equal_side b = { NULL, NULL, imp->shape, true };
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = 0 };
	axe_equal_result res;

	axe_error_init(&err);
	want = axe_layout_parse(text, &err);
	if (!want)
		fail_msg("%s: %s", text, err.message);
	b.layout = want;
	if (axe_prove_equal(&a, &b, &opt, &res, &err) < 0)
		fail_msg("%s: %s", text, err.message);
	if (res.verdict != AXE_VERDICT_TRUE)
		fail_msg("not proved equal to %s", text);
	axe_equal_result_release(&res);
	axe_layout_free(want);
}

static char *layout_text(const axe_layout *layout)
{
	return axe_layout_to_string(layout);
}

/*
 * The issue's blocked layout on 32x16 is exactly the compact form
 * S[(4,8,4,4):(1@warpid,4@laneid,1@laneid,1@reg)]; it is the layout of
 * Triton's OneDimTooLargeAnotherTooSmall without its CTAs.
 */
static void test_blocked_compact(void **state)
{
	const char *blocked = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
			      "warpsPerCTA = [4, 1], order = [1, 0]}>";
	const int64_t s32x16[] = { 32, 16 }, s64x64[] = { 64, 64 }, s16x4[] = { 16, 4 };
	axe_import imp;
	char *text;

	(void)state;
	import_ok(blocked, 2, s32x16, &imp);
	assert_non_null(imp.layout);
	text = layout_text(imp.layout);
	assert_string_equal(text, "S[(4,8,4,4):(1@warpid,4@laneid,1@laneid,1@reg)]");
	assert_equal_to(&imp, "S[(4,8,4,4):(1@warpid,4@laneid,1@laneid,1@reg)]");
	free(text);
	axe_import_release(&imp);
	/*
	 * 64x64: the 32x16 tile repeats in registers, along dim 1 (order[0])
	 * first, then dim 0 (the rule of Triton's OneDimTooLargeAnotherTooSmall).
	 */
	import_ok(blocked, 2, s64x64, &imp);
	assert_non_null(imp.layout);
	assert_equal_to(&imp, "S[(2,4,8,4,4,4):(16@reg,1@warpid,4@laneid,4@reg,1@laneid,1@reg)]");
	axe_import_release(&imp);
	/*
	 * 16x4: the largest bases of each dim are zeroed (warp 2 on dim 0; lanes
	 * 1 and 2 on dim 1, as in Triton's ShapeSmallerThanLayout) and become
	 * replicas.
	 */
	import_ok(blocked, 2, s16x4, &imp);
	assert_non_null(imp.layout);
	assert_equal_to(&imp, "S[(2,8,4):(1@warpid,4@laneid,1@reg)] + R[(4,2):(1@laneid,2@warpid)]");
	axe_import_release(&imp);
}

/*
 * TritonGPUAttrDefs.td, BlockedEncodingAttr, Example 1: sizePerThread
 * {2, 2}, threadsPerWarp {8, 4}, warpsPerCTA {1, 2}, row-major, on 16x16;
 * rows 0-3 and 14-15 of its thread grid (thread = lane + 32 * warp).
 * Example 2 is the same layout on 32x32: rows 16.. repeat rows 0.. and
 * columns 16.. repeat columns 0.. (register wrap).
 */
static const int64_t grid_rows[][17] = {
	{ 0, 0, 0, 1, 1, 2, 2, 3, 3, 32, 32, 33, 33, 34, 34, 35, 35 },
	{ 1, 0, 0, 1, 1, 2, 2, 3, 3, 32, 32, 33, 33, 34, 34, 35, 35 },
	{ 2, 4, 4, 5, 5, 6, 6, 7, 7, 36, 36, 37, 37, 38, 38, 39, 39 },
	{ 3, 4, 4, 5, 5, 6, 6, 7, 7, 36, 36, 37, 37, 38, 38, 39, 39 },
	{ 14, 28, 28, 29, 29, 30, 30, 31, 31, 60, 60, 61, 61, 62, 62, 63, 63 },
	{ 15, 28, 28, 29, 29, 30, 30, 31, 31, 60, 60, 61, 61, 62, 62, 63, 63 },
};

static void check_grid(const axe_import *imp, int64_t row_shift, int64_t col_shift)
{
	axe_evaluator ev;
	axe_error err;
	int64_t base[8], images[8 * 64];
	int lane, warp;

	axe_error_init(&err);
	assert_int_equal(axe_evaluator_init(&ev, imp->layout, &imp->shape, &err), 0);
	lane = axe_layout_axis_index(imp->layout, "laneid");
	warp = axe_layout_axis_index(imp->layout, "warpid");
	for (size_t r = 0; r < sizeof(grid_rows) / sizeof(grid_rows[0]); r++)
		for (int64_t c = 0; c < 16; c++) {
			int64_t coord[2] = { grid_rows[r][0] + row_shift, c + col_shift }, flat;

			assert_int_equal(axe_evaluator_flatten(&ev, coord, &flat, &err), 0);
			axe_evaluator_base(&ev, flat, base);
			axe_evaluator_images(&ev, base, true, images);
			assert_int_equal(ev.nimages, 1);
			assert_int_equal(images[lane] + 32 * images[warp], grid_rows[r][1 + c]);
		}
	axe_evaluator_release(&ev);
}

static void test_blocked_thread_grid(void **state)
{
	const char *ex = "#triton_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], "
			 "warpsPerCTA = [1, 2], order = [1, 0]}>";
	const int64_t s16[] = { 16, 16 }, s32[] = { 32, 32 };
	axe_import imp;

	(void)state;
	import_ok(ex, 2, s16, &imp);
	check_grid(&imp, 0, 0);
	axe_import_release(&imp);
	import_ok(ex, 2, s32, &imp);
	check_grid(&imp, 0, 0);
	check_grid(&imp, 16, 0);
	check_grid(&imp, 0, 16);
	check_grid(&imp, 16, 16);
	axe_import_release(&imp);
}

/* nvmma_shared 128B for f16 on 64x128 is the GMMA 128B atom: Swizzle(3,3,3) over rows of 64. */
static void test_nvmma_swizzle(void **state)
{
	const int64_t s[] = { 64, 128 };
	axe_import imp;

	(void)state;
	import_ok(NVMMA("128", "16"), 2, s, &imp);
	assert_non_null(imp.layout);
	assert_true(imp.layout->swizzle.present);
	assert_equal_to(&imp, "Swizzle(3,3,3) o S[(64,2,64):(64,4096,1)]");
	axe_import_release(&imp);
}

/*
 * A #ttg.linear whose bases mix bits (register=2 -> (1, 1), lane=2 ->
 * (2, 2)) has no compact form: it is imported as an expr: layout, and at
 * every hardware index the element is the XOR of its bases.
 */
static void test_linear_xor(void **state)
{
	const char *text = "#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], "
			   "warp = [], block = []}>";
	const int32_t bases[4][2] = { { 0, 1 }, { 1, 1 }, { 2, 0 }, { 2, 2 } };
	int64_t images[4 * 16], scratch[16], coord[2];
	axe_import imp;

	(void)state;
	import_ok(text, 0, NULL, &imp);
	assert_null(imp.layout);
	assert_non_null(imp.expr);
	assert_true(imp.why_expr[0] != '\0');
	assert_int_equal(imp.shape.rank, 2);
	assert_int_equal(imp.shape.dim[0], 4);
	assert_int_equal(imp.shape.dim[1], 4);
	for (int reg = 0; reg < 4; reg++)
		for (int lane = 0; lane < 4; lane++) {
			bool found = false;
			size_t n;
			int r = axe_expr_layout_axis_index(imp.expr, "reg");
			int l = axe_expr_layout_axis_index(imp.expr, "laneid");

			coord[0] = coord[1] = 0;
			for (int b = 0; b < 2; b++) {
				if (reg >> b & 1)
					coord[0] ^= bases[b][0], coord[1] ^= bases[b][1];
				if (lane >> b & 1)
					coord[0] ^= bases[2 + b][0], coord[1] ^= bases[2 + b][1];
			}
			n = axe_expr_layout_eval(imp.expr, coord, images, scratch);
			assert_int_equal(n, 1);
			found = images[r] == reg && images[l] == lane;
			assert_true(found);
		}
	axe_import_release(&imp);
}

/* Rename axis "from" of "layout" to "to" (Triton's registers are the spec's m). */
static void rename_axis(axe_layout *layout, const char *from, const char *to)
{
	int a = axe_layout_axis_index(layout, from);

	assert_true(a >= 0);
	free(layout->axis[a]);
	layout->axis[a] = strdup(to);
}

static void assert_equal_spec(axe_import *imp, const axe_spec *spec, const char *name)
{
	axe_error err;
	const axe_spec_layout *want;
	axe_equal_side a, b;
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = 0 };
	axe_equal_result res;

	axe_error_init(&err);
	want = axe_spec_find(spec, name, &err);
	assert_non_null(want);
	rename_axis(imp->layout, "reg", "m");
	a = (axe_equal_side){ imp->layout, NULL, imp->shape, true };
	b = (axe_equal_side){ want->layout, NULL, want->shape, true };
	assert_int_equal(axe_prove_equal(&a, &b, &opt, &res, &err), 0);
	if (res.verdict != AXE_VERDICT_TRUE)
		fail_msg("Triton's fragment is not the PTX fragment %s", name);
	axe_equal_result_release(&res);
}

/*
 * mma.m16n8k16: Triton's nvidia_mma v2 (instrShape [16, 8], one warp) on
 * 16x8 is the PTX C fragment; its dot operands with kWidth 2 are the A
 * (16x16) and B (16x8) fragments of specs/mma_m16n8k16.yaml.
 */
static void test_mma_fragments(void **state)
{
	const char *mma = MMA1("2", "[16, 8]", "[1, 1]");
	const int64_t c[] = { 16, 8 }, a[] = { 16, 16 };
	axe_error err;
	axe_spec *spec;
	axe_import imp;

	(void)state;
	axe_error_init(&err);
	spec = axe_spec_load("specs/mma_m16n8k16.yaml", &err);
	if (!spec)
		fail_msg("%s", err.message);
	import_ok(mma, 2, c, &imp);
	assert_equal_spec(&imp, spec, "C");
	axe_import_release(&imp);
	import_ok(DOT(MMA1("2", "[16, 8]", "[1, 1]"), "0", "2"), 2, a, &imp);
	assert_equal_spec(&imp, spec, "A");
	axe_import_release(&imp);
	import_ok(DOT(MMA1("2", "[16, 8]", "[1, 1]"), "1", "2"), 2, c, &imp);
	assert_equal_spec(&imp, spec, "B");
	axe_import_release(&imp);
	axe_spec_free(spec);
}

/* A malformed input: the error's line and column in "text" (a multi-line dump or module). */
typedef struct error_row {
	const char *alias;  /* NULL: "text" is an operand; else the module's alias to read */
	const char *text;
	int line, col;
	const char *message; /* a part of the message */
} error_row;

static const error_row error_rows[] = {
	{ NULL, " - register=1 -> (0, 1)\n   register=2 -> (8, 0)\n - lane=1 -> (0, 2, 7)\n",
	  3, 21, "more coordinates than dims" },
	{ NULL, " - register=1 -> (0, 1)\n   register=4 -> (8, 0)\n", 2, 13, "expected register=2" },
	{ NULL, " - thread=1 -> (0, 1)\n", 1, 4, "unknown in-dim 'thread'" },
	{ NULL, "#ttg.blocked<{sizePerThread = [1, 4], order = [1, 0]}>", 1, 1,
	  "needs 'threadsPerWarp'" },
	{ NULL, "#ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.linear<{register "
	  "= [[1]], lane = [], warp = [], block = []}>}>}>", 1, 86,
	  "register basis 0 must list 3 coordinates" },
	{ "#bad", "#ok = #ttg.linear<{register = [[1]], lane = [], warp = [], block = []}>\n"
	  "module attributes {\"ttg.threads-per-warp\" = 32 : i32} {\n"
	  "  tt.func @f(%a: tensor<16xf32, #bad>) { tt.return }\n}\n"
	  "#bad = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], "
	  "order = [0]}>\n", 5, 60, "threadsPerWarp has 16 threads, but the module's "
	  "ttg.threads-per-warp is 32" },
	{ "#lin", "module attributes {\"ttg.threads-per-warp\" = 32 : i32, \"ttg.num-warps\" = 1 "
	  ": i32} {\n}\n#lin = #ttg.linear<{register = [], lane = [[1], [2]], warp = [], "
	  "block = []}>\n", 3, 8, "the layout spans 4 threads per warp, but the module's "
	  "ttg.threads-per-warp is 32" },
	{ "#mma", "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
	  "[4, 1], instrShape = [16, 8]}>\nmodule attributes {\"ttg.num-warps\" = 8 : i32} {\n"
	  "  tt.func @f(%a: tensor<64x8xf32, #mma>) { tt.return }\n}\n", 1, 75,
	  "warpsPerCTA has 4 warps, but the module's ttg.num-warps is 8" },
	{ NULL, "#ttg.amd_mfma<{version = 3, warpsPerCTA = [4], instrShape = [32, 32, 8], "
	  "isTransposed = true}>", 1, 1, "#ttg.amd_mfma lays out 2-d or 3-d tensors" },
	{ NULL, "#ttg.amd_wmma<{version = 1, rank = 3, ctaLayout = {warp = [[0, 0, 1], "
	  "[1, 0, 0]]}}>", 1, 60, "warp basis 0 must list 1 coordinates" },
	{ NULL, "#ttg.partitioned_shared<{numPartitions = 2}>", 1, 6,
	  "#ttg.partitioned_shared is not supported: a partitioned shared layout" },
	{ NULL, "#ttg.padded_shared<[32:+3] {order = [0], shape = [16]}>", 1, 21,
	  "intervals and paddings are powers of two" },
	{ NULL, "#ttg.padded_shared<[32:+4] {offset = [[1], [1]], block = []}>", 1, 1,
	  "offset bases 0 and 1 are equal" },
	{ NULL, "#ttg.padded_shared<[32:4] {order = [0], shape = [16]}>", 1, 24,
	  "expected '+' before the padding" },
	{ NULL, "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], "
	  "order = [0], CGALayout = [[3]]}>", 1, 104, "CGALayout basis 0 is not one power of two" },
	{ NULL, "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], "
	  "order = [0], CGALayout = [[2]]}>", 1, 103, "CGALayout skips a power of two on dim 0" },
	{ NULL, "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], "
	  "order = [0], CGALayout = [[1]], CTAOrder = [0]}>", 1, 91, "give CGALayout or the older" },
	{ NULL, "#ttng.tensor_memory_encoding<blockM = 32, blockN = 64>", 1, 39,
	  "blockM must be in [64, 128]" },
	{ NULL, "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
	  "elementBitWidth = 16}>", 1, 1, "fewer than one 128-byte swizzle row of 64" },
	{ "#bad", "\n\n#bad = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
	  "warpsPerCTA = [1], order = [0]\n", 3, 21, "'{' is never closed" },
};

/*
 * Triton's register numbering, zero bases included: SliceOfMmaV2's layout
 * on 16 (register [[1]], lane [[2], [4], [0], [0], [0]], warp [[8], [0]])
 * has 2^8 = 256 (register, lane, warp) indices, each one image of the
 * element its bases XOR to, and every element is reached 16 times.
 */
static void test_slice_register_numbering(void **state)
{
	const char *text = SLICE(MMA("2", "[16, 8]", "[2, 2]", "[1, 1]", "[1, 1]", "[0, 1]"), "0");
	static const int32_t lane_basis[5] = { 2, 4, 0, 0, 0 }, warp_basis[2] = { 8, 0 };
	const int64_t dims[] = { 16 };
	bool seen[2][32][4] = { { { false } } };
	int64_t base[8], images[8 * 64];
	axe_evaluator ev;
	axe_import imp;
	axe_error err;
	size_t total = 0;
	int reg, lane, warp;

	(void)state;
	import_ok(text, 1, dims, &imp);
	assert_non_null(imp.layout);
	axe_error_init(&err);
	assert_int_equal(axe_evaluator_init(&ev, imp.layout, &imp.shape, &err), 0);
	reg = axe_layout_axis_index(imp.layout, "reg");
	lane = axe_layout_axis_index(imp.layout, "laneid");
	warp = axe_layout_axis_index(imp.layout, "warpid");
	for (int64_t x = 0; x < 16; x++) {
		axe_evaluator_base(&ev, x, base);
		axe_evaluator_images(&ev, base, true, images);
		assert_int_equal(ev.nimages, 16);
		for (size_t i = 0; i < ev.nimages; i++) {
			const int64_t *img = &images[i * ev.naxes];
			int32_t at = (int32_t)img[reg];

			for (int b = 0; b < 5; b++)
				at ^= img[lane] >> b & 1 ? lane_basis[b] : 0;
			for (int b = 0; b < 2; b++)
				at ^= img[warp] >> b & 1 ? warp_basis[b] : 0;
			assert_int_equal(at, x);
			assert_false(seen[img[reg]][img[lane]][img[warp]]);
			seen[img[reg]][img[lane]][img[warp]] = true;
			total++;
		}
	}
	assert_int_equal(total, 256);
	axe_evaluator_release(&ev);
	axe_import_release(&imp);
}

/*
 * #ttg.padded_shared as Triton's lit tests write it at e3b5495
 * (test/Analysis/test-allocation.mlir; the first row
 * test/Conversion/amd/tritongpu_tdm_to_llvm.mlir): every element's m is its offset
 * in the linear component, padded as Triton's applyPadding does
 * (lib/Conversion/TritonGPUToLLVM/Utility.cpp: x + sum (x >> log2
 * interval) << log2 padding), computed here apart from the reader.
 */
static void test_padded_offsets(void **state)
{
	static const struct {
		const char *text;
		int64_t rows, cols;
		int n, interval[3], padding[3];
	} rows[] = {
		{ "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>", 64, 64, 1,
		  { 32 }, { 4 } },
		{ "#ttg.padded_shared<[128:+4, 256:+8] {order = [1, 0], shape = [16, 256]}>", 16, 256,
		  2, { 128, 256 }, { 4, 8 } },
		{ "#ttg.padded_shared<[64:+2, 128:+4, 256:+8] {order = [1, 0], shape = [16, 256]}>",
		  16, 256, 3, { 64, 128, 256 }, { 2, 4, 8 } },
		{ "#ttg.padded_shared<[256:+8] {order = [1, 0], shape = [16, 32]}>", 16, 32, 1,
		  { 256 }, { 8 } },
		{ "#ttg.padded_shared<[4:+4] {order = [0, 1], shape = [4, 4]}>", 4, 4, 1, { 4 },
		  { 4 } },
	};

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		const int64_t dims[] = { rows[r].rows, rows[r].cols };
		bool row_major = strstr(rows[r].text, "[1, 0]") != NULL;
		int64_t base[8], images[8];
		axe_evaluator ev;
		axe_import imp;
		axe_error err;
		int m;

		import_ok(rows[r].text, 2, dims, &imp);
		assert_non_null(imp.layout);
		axe_error_init(&err);
		assert_int_equal(axe_evaluator_init(&ev, imp.layout, &imp.shape, &err), 0);
		m = axe_layout_axis_index(imp.layout, "m");
		for (int64_t i = 0; i < dims[0]; i++)
			for (int64_t j = 0; j < dims[1]; j++) {
				int64_t x = row_major ? i * dims[1] + j : j * dims[0] + i, want = x;

				for (int k = 0; k < rows[r].n; k++)
					want += x / rows[r].interval[k] * rows[r].padding[k];
				axe_evaluator_base(&ev, i * dims[1] + j, base);
				axe_evaluator_images(&ev, base, true, images);
				assert_int_equal(ev.nimages, 1);
				assert_int_equal(images[m], want);
			}
		axe_evaluator_release(&ev);
		axe_import_release(&imp);
	}
}

static void test_error_positions(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(error_rows) / sizeof(error_rows[0]); r++) {
		const error_row *row = &error_rows[r];
		axe_shape shape = { 1, { 16 } };
		axe_import_opts opts = { .shape = row->alias ? NULL : &shape };
		axe_loc where = { "<arg>", 1, 1, row->text, strlen(row->text) };
		axe_import imp;
		axe_error err;
		int rc;

		axe_error_init(&err);
		if (strncmp(row->text, " - ", 3) == 0)
			opts.shape = NULL;
		rc = row->alias ? tt_import_module_text("m.mlir", row->text, strlen(row->text),
							 row->alias, &opts, &imp, &err) :
				  axe_triton_import(row->text, &where, &opts, &imp, &err);
		if (rc == 0)
			fail_msg("row %zu: accepted", r);
		if (err.line != row->line || err.col != row->col || !strstr(err.message, row->message))
			fail_msg("row %zu: %d:%d: %s (want %d:%d: ...%s...)", r, err.line, err.col,
				 err.message, row->line, row->col, row->message);
	}
}

/*
 * A LinearLayout of rank 2 from "n" rows {in, dim, bit}: each row is the
 * next basis of in-dim "in", 2^bit on tensor dim "dim" (bit -1: zero).
 */
typedef struct basis_row {
	int in, dim, bit;
} basis_row;

static void linear_of(axe_linear *L, const basis_row *rows, size_t n)
{
	axe_linear_init(L, 2);
	for (size_t k = 0; k < n; k++) {
		int in = rows[k].in, i = L->nbits[in]++;

		L->has_in[in] = true;
		L->basis[in][i][0] = L->basis[in][i][1] = 0;
		if (rows[k].bit >= 0)
			L->basis[in][i][rows[k].dim] = 1 << rows[k].bit;
	}
}

#define REG AXE_LINEAR_REGISTER
#define LANE AXE_LINEAR_LANE
#define WARP AXE_LINEAR_WARP

/*
 * Validation at the bases (tt_validate_linear) against imports written by
 * hand, right and wrong: bits swapped, a missing replica, and on 4096x4096
 * (2^24 hardware indices, more than the enumeration takes) a converter
 * whose only error is the top warp bit, which shows from row 2048 on.
 */
static void test_validate_bases(void **state)
{
	static const basis_row small[] = { { REG, 1, 0 }, { REG, 1, 1 }, { LANE, 0, 0 },
					   { LANE, 0, 1 }, { LANE, 0, -1 } };
	static const struct {
		const char *layout;
		const char *error; /* NULL: valid */
	} rows[] = {
		{ "S[(4,4):(1@laneid,1@reg)] + R[2:4@laneid]", NULL },
		{ "S[(4,4):(1@reg,1@laneid)] + R[2:4@laneid]", "at (0, 1)" },
		{ "S[(2,2,4):(1@laneid,2@laneid,1@reg)] + R[2:4@laneid]", "at (1, 0)" },
		{ "S[(4,4):(1@laneid,1@reg)]", "at (0, 0)" },
		{ "S[(4,4):(1@laneid,1@reg)] + R[2:4@laneid] + 1@reg", "at (0, 0)" },
	};
	basis_row big[24];
	axe_linear L;
	axe_shape shape = { 2, { 4, 4 } };
	axe_import imp = { .dtype = -1 };
	axe_error err;

	(void)state;
	linear_of(&L, small, sizeof(small) / sizeof(small[0]));
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		int rc;

		axe_error_init(&err);
		imp.shape = shape;
		imp.layout = axe_layout_parse(rows[k].layout, &err);
		assert_non_null(imp.layout);
		rc = tt_validate_linear(&L, &shape, NULL, &imp, &err);
		if (rows[k].error ? rc != -1 || !strstr(err.message, rows[k].error) : rc != 0)
			fail_msg("%s: rc %d '%s'", rows[k].layout, rc, err.message);
		axe_import_release(&imp);
	}
	/* 4096x4096: 12 register bits on the columns, 5 lane and 7 warp bits on the rows. */
	for (int b = 0; b < 24; b++)
		big[b] = b < 12 ? (basis_row){ REG, 1, b }
			 : b < 17 ? (basis_row){ LANE, 0, b - 12 } : (basis_row){ WARP, 0, b - 12 };
	linear_of(&L, big, 24);
	shape = (axe_shape){ 2, { 4096, 4096 } };
	imp.shape = shape;
	axe_error_init(&err);
	imp.layout = axe_layout_parse("S[(128,32,4096):(1@warpid,1@laneid,1@reg)]", &err);
	assert_int_equal(tt_validate_linear(&L, &shape, NULL, &imp, &err), 0);
	axe_import_release(&imp);
	imp.layout = axe_layout_parse("S[(2,2,32,32,4096):(32@warpid,64@warpid,1@warpid,"
				      "1@laneid,1@reg)]", &err);
	assert_int_equal(tt_validate_linear(&L, &shape, NULL, &imp, &err), -1);
	assert_non_null(strstr(err.message, "disagrees with Triton's own meaning at (1024, 0): "
				       "converted {reg: 0, laneid: 0, warpid: 64}, which Triton's "
				       "own meaning holds at (2048, 0)"));
	axe_import_release(&imp);
}

/*
 * The XOR-linear 4096x4096 layout reg bit b < 12 -> column 2^b, reg bit
 * 12 + b -> row 2^b and column 2^b (2^24 indices): its inverse as an
 * `expr:` XOR of coordinate bits, right, and wrong only in the term of
 * row bit 11 ("wrong_row" set): found at (2048, 0), not enumerated.
 */
static void xor_expr_text(char *buf, size_t size, int wrong_row)
{
	size_t len = (size_t)snprintf(buf, size, "reg=0");

	for (int b = 0; b < 12; b++)
		len += (size_t)snprintf(buf + len, size - len,
					" ^ ((i0 >> %d) & 1) * %d ^ ((i1 >> %d) & 1) * %d", b,
					b == wrong_row ? 4096 << b : (4096 << b) | (1 << b), b,
					1 << b);
}

static void test_validate_gf2_big(void **state)
{
	static const char *const blocked =
		BLK("[1, 8]", "[4, 8]", "[8, 1]", "[1, 1]", "[1, 1]", "[1, 0]", "[1, 0]");
	static const char *const nvmma = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, "
					 "transposed = false, elementBitWidth = 16}>";
	axe_shape shape = { 2, { 4096, 4096 } };
	axe_import imp = { .dtype = -1, .shape = { 2, { 4096, 4096 } } };
	axe_linear L;
	axe_error err;
	basis_row rows[24];
	char text[2048];

	(void)state;
	/* The planted bug of the bit-permutation converter (bit 0 made like bit 1), 2^24 indices. */
	axe_error_init(&err);
	assert_int_equal(tt_linear_of_text(blocked, &shape, &L, &err), 0);
	axe_linear_break_for_test = true;
	assert_int_equal(tt_import_linear(&L, &shape, &imp, &err), -1);
	axe_linear_break_for_test = false;
	if (!strstr(err.message, "disagrees with Triton's own meaning at ("))
		fail_msg("%s", err.message);
	/* The swizzled shared layout: right, then with its swizzle's atom one bit off. */
	axe_error_init(&err);
	assert_int_equal(tt_linear_of_text(nvmma, &shape, &L, &err), 0);
	assert_int_equal(tt_import_linear(&L, &shape, &imp, &err), 0);
	assert_true(imp.layout && imp.layout->swizzle.present);
	assert_int_equal(tt_validate_linear(&L, &shape, NULL, &imp, &err), 0);
	imp.layout->swizzle.atom++;
	assert_int_equal(tt_validate_linear(&L, &shape, NULL, &imp, &err), -1);
	if (!strstr(err.message, "disagrees with Triton's own meaning at ("))
		fail_msg("%s", err.message);
	axe_import_release(&imp);
	/* The XOR-linear layout as an expr: import. */
	for (int b = 0; b < 24; b++)
		rows[b] = b < 12 ? (basis_row){ REG, 1, b } : (basis_row){ REG, 0, b - 12 };
	linear_of(&L, rows, 24);
	for (int b = 0; b < 12; b++)
		L.basis[REG][12 + b][1] = 1 << b;
	imp.shape = shape;
	for (int wrong = -1; wrong <= 11; wrong += 12) {
		xor_expr_text(text, sizeof(text), wrong);
		axe_error_init(&err);
		imp.expr = axe_expr_layout_from_text(text, NULL, NULL, &shape, &err);
		assert_non_null(imp.expr);
		if (wrong < 0)
			assert_int_equal(tt_validate_linear(&L, &shape, NULL, &imp, &err), 0);
		else if (tt_validate_linear(&L, &shape, NULL, &imp, &err) != -1 ||
			 !strstr(err.message, "own meaning at (2048, 0): converted {reg: "
					      "8388608}, which Triton's own meaning holds at "
					      "(2048, 2048)"))
			fail_msg("row bit 11 wrong: '%s'", err.message);
		axe_import_release(&imp);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_triton_unit_tests),
		cmocka_unit_test(test_blocked_compact),
		cmocka_unit_test(test_blocked_thread_grid),
		cmocka_unit_test(test_nvmma_swizzle),
		cmocka_unit_test(test_linear_xor),
		cmocka_unit_test(test_mma_fragments),
		cmocka_unit_test(test_slice_register_numbering),
		cmocka_unit_test(test_padded_offsets),
		cmocka_unit_test(test_error_positions),
		cmocka_unit_test(test_validate_bases),
		cmocka_unit_test(test_validate_gf2_big),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
