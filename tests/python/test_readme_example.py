# test_mma.py: the mma.m16n8k16 accumulator as CuTe and Triton describe it,
# checked against the index arithmetic of the kernel that reads it.
import axe_layout as axe

CUTE = axe.Layout("cute-tv:((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", tile="16,8")
TRITON = axe.Layout("triton:#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                    "warpsPerCTA = [1, 1], instrShape = [16, 8]}>", shape="16,8")

# Element (i, j) of the 16x8 tile sits in register c[(i/8)*2 + j%2] of lane 4*(i%8) + j/2.
KERNEL = axe.Layout.from_expr("laneid = 4*(i%8) + j/2; reg = (i/8)*2 + j%2",
                              shape=(16, 8), vars="i,j")


def test_both_notations_match_the_kernel():
    for layout in (CUTE, TRITON):
        result = axe.equal(layout, KERNEL)
        assert result, result.counterexample


def test_a_swapped_register_is_caught():
    wrong = axe.Layout.from_expr("laneid = 4*(i%8) + j/2; reg = (i/8) + 2*(j%2)",
                                 shape=(16, 8), vars="i,j")
    result = axe.equal(TRITON, wrong)
    assert not result
    assert result.counterexample["coord"] == (0, 1)
    assert result.counterexample["a"] == [{"laneid": 0, "reg": 1}]
    assert result.counterexample["b"] == [{"laneid": 0, "reg": 2}]
