"""tests/python/test_cute_algebra.py: CuTe's layout algebra from Python
(compose, complement, divide, product, right_inverse, left_inverse,
coalesce, filter), each answer compared with the axe-layout command's
--json output on the cases of tests/cli/cute_algebra.t (CUTLASS's worked
examples), and its errors placed as the command places them.

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import pytest

import axe_layout as axe
from clitools import cli_json


# (Python call, the same command line)
CASES = [
    (lambda: axe.compose("(6,2):(8,2)", "(4,3):(3,1)"),
     ["compose", "(6,2):(8,2)", "(4,3):(3,1)"]),
    (lambda: axe.compose("(12,(4,8)):(59,(13,1))", "<3:4,8:2>"),
     ["compose", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>"]),
    (lambda: axe.compose("cute:(10,2):(16,4)", "(5,4):(1,5)"),
     ["compose", "cute:(10,2):(16,4)", "(5,4):(1,5)"]),
    (lambda: axe.compose("S[(8,4):(1,8)]", "4:8"), ["compose", "S[(8,4):(1,8)]", "4:8"]),
    (lambda: axe.compose("(6,4):(4,1)", "3:4"), ["compose", "(6,4):(4,1)", "3:4"]),
    (lambda: axe.complement("(2,2):(1,6)", cosize=24),
     ["complement", "(2,2):(1,6)", "--cosize", "24"]),
    (lambda: axe.complement("(2,2):(1,1)"), ["complement", "(2,2):(1,1)"]),
    (lambda: axe.divide("(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", kind="zipped"),
     ["divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "--kind", "zipped"]),
    (lambda: axe.divide("S[(64,64):(64,1)]", "S[(8,8):(64,1)]", kind="zipped"),
     ["divide", "S[(64,64):(64,1)]", "S[(8,8):(64,1)]", "--kind", "zipped"]),
    (lambda: axe.divide("8:1", 3), ["divide", "8:1", "3"]),
    (lambda: axe.divide("Sw<3,4,3> o _0 o (8,64):(64,1)", "<8,8>", kind="zipped"),
     ["divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "<8,8>", "--kind", "zipped"]),
    (lambda: axe.product("(2,2):(4,1)", "6:1"), ["product", "(2,2):(4,1)", "6:1"]),
    (lambda: axe.product("(2,5):(5,1)", "(3,4):(1,3)", kind="raked"),
     ["product", "(2,5):(5,1)", "(3,4):(1,3)", "--kind", "raked"]),
    (lambda: axe.product("2:1", "2:-1"), ["product", "2:1", "2:-1"]),
    (lambda: axe.right_inverse("((4,8),(2,2)):((32,1),(16,8))"),
     ["inverse", "((4,8),(2,2)):((32,1),(16,8))", "--right"]),
    (lambda: axe.left_inverse("(4,2):(0,1)"), ["inverse", "(4,2):(0,1)", "--left"]),
    (lambda: axe.coalesce("(2,(1,6)):(1,(6,2))", profile=(1, 1)),
     ["coalesce", "(2,(1,6)):(1,(6,2))", "--profile", "(1,1)"]),
    (lambda: axe.coalesce("S[32:1]", shape=(4, 8)), ["coalesce", "S[32:1]", "--shape", "4,8"]),
    (lambda: axe.filter("(2,(1,6),4):(0,(6,2),12)"), ["filter", "(2,(1,6),4):(0,(6,2),12)"]),
]


@pytest.mark.parametrize("call,args", CASES, ids=[" ".join(c[1]) for c in CASES])
def test_same_json_as_the_command(call, args):
    assert call() == cli_json(*args, "--json")


def test_values_of_cutlass_examples():
    r = axe.compose("(6,2):(8,2)", "(4,3):(3,1)")
    assert r["cute"] == "((2,2),3):((24,2),8)" and r["shape"] == [4, 3]
    assert axe.complement("4:1", cosize=24)["cute"] == "6:4"
    assert axe.coalesce("(2,(1,6)):(1,(6,2))")["cute"] == "12:1"


def test_refusal_is_an_answer():
    r = axe.compose("(6,4):(4,1)", "3:4")
    assert r["layout"] is None and r["cute"] is None
    assert r["reason"].startswith("stride divisibility condition fails")


def test_layout_methods():
    """A Layout is operand A on its own shape: the methods answer as the command does."""
    a = axe.Layout("S[(4,8):(8,1)]")
    assert a.coalesce() == cli_json("coalesce", "S[(4,8):(8,1)]", "--json")
    assert a.coalesce((1, 1)) == cli_json("coalesce", "S[(4,8):(8,1)]", "--profile", "(1,1)",
                                          "--json")
    assert a.filter() == cli_json("filter", "S[(4,8):(8,1)]", "--json")
    assert a.compose("<2,_>") == cli_json("compose", "S[(4,8):(8,1)]", "<2,_>", "--json")
    assert a.complement(64) == cli_json("complement", "S[(4,8):(8,1)]", "--cosize", "64", "--json")
    assert a.divide("<2,4>", "tiled") == cli_json("divide", "S[(4,8):(8,1)]", "<2,4>",
                                                  "--kind", "tiled", "--json")
    assert a.product("2:1", "blocked") == cli_json("product", "S[(4,8):(8,1)]", "2:1",
                                                   "--kind", "blocked", "--json")
    assert a.right_inverse() == cli_json("inverse", "S[(4,8):(8,1)]", "--json")
    assert a.left_inverse() == cli_json("inverse", "S[(4,8):(8,1)]", "--left", "--json")
    spec = axe.Layout("S[32:1]", shape=(4, 8))
    assert spec.coalesce() == cli_json("coalesce", "S[32:1]", "--shape", "4,8", "--json")


def test_errors_are_placed():
    with pytest.raises(axe.LayoutError) as e:
        axe.compose("(8,8:(1,8)", "2:1")
    assert (e.value.file, e.value.line, e.value.column) == ("<arg>", 1, 5)
    with pytest.raises(axe.LayoutError) as e:
        axe.compose("(8,8):(1,8)", "<(2,2>")
    assert (e.value.file, e.value.column) == ("<arg>", 6)
    with pytest.raises(axe.LayoutError) as e:
        axe.complement("4:1", cosize=0)
    assert (e.value.file, e.value.line) == ("cosize=", 1)
    assert "must be positive" in e.value.message
    with pytest.raises(axe.LayoutError) as e:
        axe.divide("8:1", "4:1", kind="blocked")
    assert e.value.file == "kind=" and "logical, zipped, tiled or flat" in e.value.message
    with pytest.raises(axe.LayoutError) as e:
        axe.coalesce("8:1", profile="(1")
    assert e.value.file == "profile="
    with pytest.raises(axe.LayoutError) as e:
        axe.coalesce("S[8:1] + R[2:8]")
    assert e.value.file == "<arg>" and "no CuTe form" in e.value.message
    with pytest.raises(axe.LayoutError) as e:
        axe.coalesce("S[(4,8):(8,1)]", shape="3,5")
    assert e.value.file == "shape="
    with pytest.raises(axe.LayoutError) as e:
        axe.compose("(4,4):(1,4)", "<2,2,2>")
    assert e.value.message == "the tiler has 3 modes but A only 2"
