"""tests/python/test_algebra.py: the algebra's commands from Python (axe_layout's
group, tile, tile_of, slice and dsum, and Layout's methods of those names)
against the axe-layout command's --json output, on the goldens' examples
(tests/cli/group.t, tile.t, tile_of.t, slice.t, dsum.t, scalar.t).

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import pytest

import axe_layout as axe
from clitools import cli_json

BLOCK = "specs/algebra_block.yaml"
TILED = "S[(2,4,2,4):(32,4,16,1)]"
NO_GROUP = "S[(2,3):(10,1)]"  # (3, 2) does not group it


@pytest.mark.parametrize("operand, shape", [
    ("S[(8,16):(16,1)]", "4,32"),
    ("S[(2,1,4):(8,5@x,1)]", (2, 1, 4)),
    ("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid", None),
    ("R[32:1@laneid]", ""),
    (NO_GROUP, (3, 2)),
])
def test_group_equals_cli(operand, shape):
    args = [] if shape is None else ["--shape", axe._csv(shape)]
    assert axe.group(operand, shape) == cli_json("group", operand, *args, "--json")


def test_group_with_options():
    got = axe.group("%s:atom" % BLOCK, dtype="f16")
    assert got == cli_json("group", "%s:atom" % BLOCK, "--dtype", "f16", "--json")


@pytest.mark.parametrize("outer, inner, options, args", [
    ("S[(2,2):(2,1)]", "S[(4,4):(4,1)]", {}, []),
    ("S[(2,2):(1@warpid,1)]", "S[(8,4):(4@laneid,1)]", {}, []),
    ("S[(2,2):(2,1)]", "S[(4,4):(4,1)]", {"outer_shape": 4, "inner_shape": "16"},
     ["--outer-shape", "4", "--inner-shape", "16"]),
    ("%s:grid" % BLOCK, "%s:atom" % BLOCK, {}, []),
    ("S[4:1]", "R[32:1@laneid]", {}, []),
    (NO_GROUP, "S[(2,2):(2,1)]", {"outer_shape": (3, 2)}, ["--outer-shape", "3,2"]),
])
def test_tile_equals_cli(outer, inner, options, args):
    want = cli_json("tile", outer, inner, *args, "--json")
    assert axe.tile(outer, inner, **options) == want
    if want["layout"] is not None and not options:
        t = axe.Layout(outer).tile(inner)
        assert (t.text, list(t.shape)) == (want["layout"], want["shape"])


@pytest.mark.parametrize("t, inner, options, args", [
    (TILED, "S[(4,4):(4,1)]", {"shape": (8, 8)}, ["--shape", "8,8"]),
    ("%s:smem" % BLOCK, "%s:atom" % BLOCK, {}, []),
    ("S[4:1] + R[32:1@laneid]", "R[32:1@laneid]", {}, []),
    ("S[16:1]", "S[(2,2):(4,1)]", {"shape": "4,4"}, ["--shape", "4,4"]),
    ("S[12:1]", "S[8:1]", {}, []),
])
def test_tile_of_equals_cli(t, inner, options, args):
    assert axe.tile_of(t, inner, **options) == cli_json("tile-of", t, inner, *args, "--json")


def test_tile_of_inner_shape():
    got = axe.tile_of("S[64:1]", "S[(4,4):(4,1)]", shape=64, inner_shape=16)
    assert got == cli_json("tile-of", "S[64:1]", "S[(4,4):(4,1)]", "--shape", "64",
                           "--inner-shape", "16", "--json")


@pytest.mark.parametrize("operand, region, options, args", [
    ("S[(4,8):(8,1)]", ((1, 3), (0, 8)), {}, []),
    ("S[(4,8):(16,1)]", "6:11", {"shape": 32}, ["--shape", "32"]),
    ("R[32:1@laneid] + 4", "()", {}, []),
    (NO_GROUP, "0:3,0:1", {"shape": "3,2"}, ["--shape", "3,2"]),
])
def test_slice_equals_cli(operand, region, options, args):
    want = cli_json("slice", operand, "--region", axe._region(region), *args, "--json")
    assert axe.slice(operand, region, **options) == want


@pytest.mark.parametrize("left, right, options, args", [
    ("S[(2,2):(8,2)]", "S[(2,2):(4,1)]", {}, []),
    ("5", "S[2:1]", {}, []),
    (NO_GROUP, "S[(2,2):(2,1)]", {"left_shape": "3,2"}, ["--left-shape", "3,2"]),
    ("S[2:1]", "Swizzle(3,3,3) o S[(8,64):(64,1)]", {"right_shape": 512},
     ["--right-shape", "512"]),
])
def test_dsum_equals_cli(left, right, options, args):
    want = cli_json("dsum", left, right, *args, "--json")
    assert axe.dsum(left, right, **options) == want
    if want["layout"] is not None and not options:
        d = axe.Layout(left).dsum(right)
        assert (d.text, list(d.shape)) == (want["layout"], want["shape"])


def test_no_result_is_an_answer():
    got = axe.group(NO_GROUP, "3,2")
    assert got["layout"] is None and "dimension 0 (extent 3)" in got["reason"]
    with pytest.raises(axe.NoResult) as e:
        axe.Layout(NO_GROUP, shape="3,2").group("3,2")
    assert e.value.message == got["reason"]


@pytest.mark.parametrize("call, file, column, message", [
    (lambda: axe.slice("S[(8,16):(16,1)]", "0:9,0:16"), "region=", 1,
     "range 0:9 of dimension 0 is empty or leaves [0, 8)"),
    (lambda: axe.slice("S[(8,16):(16,1)]", "0:2,0-16"), "region=", 6,
     "expected ':' in a range 'begin:end' but found '-'"),
    (lambda: axe.group("S[(8,16):(16,1)]", "4,30"), "shape=", 1,
     "shape '4,30' has 120 points but the layout has 128"),
    (lambda: axe.dsum("S[4:1]", "S[(2,2):(2,1)]", right_shape=5), "right_shape=", 1,
     "shape '5' has 5 points but the layout has 4"),
    (lambda: axe.tile("S[4:1]", "S[2:1]", outer_shape="2,3"), "outer_shape=", 1,
     "has 6 points"),
    (lambda: axe.tile_of("S[4:1]", "S[2:1]", inner_shape="x"), "inner_shape=", 1,
     "expected"),
    (lambda: axe.group("S[(8,16):(16,1)"), "<arg>", 2, "unbalanced '['"),
])
def test_errors_carry_positions(call, file, column, message):
    with pytest.raises(axe.LayoutError) as e:
        call()
    assert (e.value.file, e.value.line, e.value.column) == (file, 1, column)
    assert message in e.value.message


def test_methods_pair_a_one_point_layout():
    # Shape () is taken on (1, ..., 1), as the commands take it.
    d = axe.Layout("5").dsum("S[2:1]")
    assert (d.text, d.shape) == ("S[2:1] + 5", (2,))
    assert axe.Layout("R[32:1@laneid] + 4").slice("()").shape == ()
