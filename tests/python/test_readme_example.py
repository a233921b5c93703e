# test_tiles.py: a tiled layout and its compact form, checked against the
# index arithmetic of the kernel that uses them.
import axe_layout as axe

TILED = axe.Layout("lego:TileBy([M/BM, K/BK], [BM, BK]).OrderBy(Row(M, K))",
                   bind={"M": 128, "K": 64, "BM": 32, "BK": 16})
COMPACT = axe.Layout("S[(4,4,32,16):(2048,16,64,1)]")

# Element (ii, jj) of block (bi, bj) of a row-major 128x64 f16 tile.
KERNEL = axe.Layout.from_expr("m = (32*bi + ii)*64 + 16*bj + jj",
                              shape=(4, 4, 32, 16), vars="bi,bj,ii,jj")


def test_layouts_match_the_kernel():
    for layout in (TILED, COMPACT):
        result = axe.equal(layout, KERNEL)
        assert result, result.counterexample


def test_a_transposed_kernel_is_caught():
    wrong = axe.Layout.from_expr("m = (32*bi + ii) + 128*(16*bj + jj)",
                                 shape=(4, 4, 32, 16), vars="bi,bj,ii,jj")
    result = axe.equal(TILED, wrong)
    assert not result
    assert result.counterexample["coord"] == (0, 0, 0, 1)
    assert result.counterexample["a"] == [{"m": 1}]
    assert result.counterexample["b"] == [{"m": 128}]
