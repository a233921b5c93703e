"""tests/python/test_cute_values.py: axe_layout.cute, CuTe layouts held in
memory with pycute's names.  Every row of tests/data/cute_algebra/cpp_cases.txt
(results of CuTe's C++ library at CUTLASS 7107b055, each row with its C++
expression) must come out of the extension as C++ gives it; evaluation is
compared point by point with the CLI's reader of the same text; then the
Python contract: construction, properties, equality, errors, operands.

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import os
import re

import pytest

import axe_layout as axe
from axe_layout import cute
from clitools import cli_json

CASES = os.path.join(os.path.dirname(__file__), "..", "data", "cute_algebra", "cpp_cases.txt")


def split_tiler(text):
    """The modes of "<M0,M1,...>" (a mode "_" is None), as Layouts."""
    modes, depth, start = [], 0, 1
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if i and depth == 0 and ch in ",>":
            mode = text[start:i]
            modes.append(None if mode == "_" else cute.Layout(mode))
            start = i + 1
    return tuple(modes)


def run(op, a, b):
    """Operation `op` of the table on A and B through axe_layout.cute."""
    if op in ("coalesce", "filter", "right_inverse", "left_inverse"):
        return getattr(cute, op)(a)
    if op == "complement":
        return cute.complement(a, int(b))
    if op == "coalesce_profile":
        return cute.coalesce(a, eval(b.replace(")", ",)")))  # "(1,1)": a tuple
    operand = split_tiler(b) if b.startswith("<") else cute.Layout(b)
    if op == "compose":
        return cute.composition(a, operand)
    return getattr(cute, op)(a, operand)


def cpp_rows():
    with open(CASES) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yield line.rstrip("\n").split("\t")


def test_every_cpp_result():
    differ, rows = [], 0
    for op, a, b, want, expr in cpp_rows():
        got = re.sub(r"_(?=\d)", "", str(run(op, cute.Layout(a), b)))
        rows += 1
        if got != want:
            differ.append((expr, want, got))
    assert rows > 1500
    assert differ == []


def test_construction_and_properties():
    a = cute.Layout((4, (2, 3)), (1, (4, 8)))
    assert a == cute.Layout("(4,(2,3)):(1,(4,8))")
    assert repr(a) == "Layout('(4,(2,3)):(1,(4,8))')" and eval("cute." + repr(a)) == a
    assert a.shape == (4, (2, 3)) and a.stride == (1, (4, 8))
    assert (a.size(), a.cosize(), len(a)) == (24, 24, 2)
    assert (cute.size(a), cute.cosize(a), cute.rank(a)) == (24, 24, 2)
    assert a[1] == cute.Layout((2, 3), (4, 8))
    assert str(cute.Layout((4, 8))) == "(4,8):(_1,4)"  # no stride: column-major, as CuTe
    assert cute.Layout(8) == cute.Layout("8:1") == cute.Layout("_8:_1")  # values, static or not
    assert hash(a) == hash(cute.Layout("(4,(2,3)):(1,(4,8))"))
    assert len({a, cute.Layout("(4,(2,3)):(1,(4,8))"), cute.Layout(8)}) == 2
    sw = cute.Layout("Sw<3,4,3> o _0 o (8,64):(64,1)")
    assert sw.shape == (8, 64) and sw.stride == (64, 1)
    assert sw != cute.Layout((8, 64), (64, 1))


@pytest.mark.parametrize("text", ["(4,(2,3)):(1,(4,8))", "Sw<3,4,3> o _0 o (8,64):(64,1)",
                                  "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
                                  "(3,(2,2)):(7,(-2,1))"])
def test_eval_matches_the_cli_reader(text):
    """layout(c0, c1) at every point equals eval --all of the same text by the
    CLI (the interop reader, validated against CuTe's crd2idx), whose
    coordinates are one index per top-level mode."""
    layout = cute.Layout(text)
    points = cli_json("eval", "cute:" + text, "--all", "--json", lines=True)
    assert len(points) == layout.size()
    for p in points:
        assert layout(*p["coord"]) == p["images"][0]["m"], p


def test_per_mode_coordinates():
    a = cute.Layout((4, (2, 3)), (1, (4, 8)))
    assert a(1, 2) == a(1 + 4 * 2) == 9
    with pytest.raises(axe.LayoutError, match="outside"):
        a(24)
    with pytest.raises(axe.LayoutError):
        a(0, 6)
    with pytest.raises(TypeError):
        a(1.5)


def test_operands():
    a = cute.Layout((64, 64), (64, 1))
    want = cute.zipped_divide(a, (cute.Layout(8), cute.Layout(16)))
    assert cute.zipped_divide(a, (8, 16)) == want
    assert cute.zipped_divide(a, (8, 16)) == want  # read once, then from the cache
    assert cute.zipped_divide(a, [8, 16]) == want
    assert str(cute.zipped_divide(a, (8, None))) == "((8,1),(8,64)):((64,0),(512,1))"
    assert cute.composition(cute.Layout(24), 8) == cute.Layout("8:1")
    with pytest.raises(TypeError):
        cute.composition(a, 8.0)
    with pytest.raises(TypeError):
        cute.composition(a, ((8, 2), 16))  # a tiler's mode is a Layout, an int or None
    with pytest.raises(TypeError):
        cute.composition("(4,8):(8,1)", a)  # A must be a Layout
    with pytest.raises(ValueError):
        cute.zipped_divide(a, tuple(range(1, 10)))


def test_answers_and_errors():
    with pytest.raises(axe.NoResult, match="stride divisibility condition fails"):
        cute.composition(cute.Layout((6, 4), (4, 1)), cute.Layout(3, 4))
    with pytest.raises(axe.LayoutError) as e:
        cute.Layout("(4,x)")
    assert e.value.file == "<arg>" and e.value.column == 4
    assert not isinstance(e.value, axe.NoResult)
    with pytest.raises(axe.LayoutError, match="^cotarget=: cotarget must be positive, got 0"):
        cute.complement(cute.Layout(4, 2), 0)
    with pytest.raises(IndexError):
        cute.Layout((4, 8))[2]


def test_results_are_the_text_apis():
    """The same operation through the text API gives the same layout."""
    a, b = "(128,256):(256,1)", "(128,256):(1,128)"
    assert str(cute.composition(cute.Layout(a), cute.Layout(b))) == axe.compose(a, b)["cute"]
    assert str(cute.right_inverse(cute.Layout(a))) == axe.right_inverse(a)["cute"]
    assert str(cute.complement(cute.Layout("128:256"), 65536)) == \
        axe.complement("128:256", cosize=65536)["cute"]
