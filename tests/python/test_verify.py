"""tests/python/test_verify.py: the [verify] entry points of axe_layout
(check_equal, equal's check-equal options, check, info) against the
axe-layout command's --json output (the CLI given in $AXE_CLI).

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import json
import os

import pytest

import axe_layout as axe
from clitools import run
EQ = "specs/equality_tensor_core.yaml"
FRAG = "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid"
EXPR = "laneid=4*i + (j/2)%4; warpid=j/8 + 5 + 4*r; m=j%2"


def timeless(answer):
    """check-equal's JSON without the seconds, which differ from run to run."""
    return {k: v for k, v in answer.items() if k != "seconds"}


# --- check-equal ------------------------------------------------------------------

@pytest.mark.parametrize("other", ["frag_split", "lane_of_rep", "wrong_lane", "wrong_warp"])
def test_check_equal_json_equals_cli(other):
    a, b = EQ + ":frag", "%s:%s" % (EQ, other)
    status, out, _ = run("check-equal", a, b, "--json")
    r = axe.check_equal(a, b)
    assert r.status == status and timeless(r.json) == timeless(json.loads(out))
    m = axe.check_equal(axe.Layout(a), axe.Layout(b))
    assert m.status == status and timeless(m.json) == timeless(r.json)


def test_check_equal_text_and_options_equal_cli():
    args = ["--expr", EXPR, "--vars", "i,j", "--replica-vars", "r=2", "--shape", "8,16",
            "--method", "enum", "-j", "2"]
    status, out, _ = run("check-equal", FRAG, *args)
    text = axe.check_equal(FRAG, expr=EXPR, vars=["i", "j"], replica_vars={"r": 2},
                           shape=(8, 16), method="enum", jobs=2, format="text")
    assert (status, text) == (0, out) == (0, "equal: all 128 points checked\n")
    e = axe.equal(FRAG, expr=EXPR, vars="i,j", replica_vars="r=2", shape="8,16")
    assert e and e.verdict == "equal"


def test_check_equal_undecided_and_timeout():
    r = axe.check_equal("S[(2,2):(0@x,1)]", "S[(2,2):(0,1)]", method="canon")
    status, out, _ = run("check-equal", "S[(2,2):(0@x,1)]", "S[(2,2):(0,1)]", "--method",
                         "canon", "--json")
    assert r.status == status == 3 and r.json["equal"] is None
    assert timeless(r.json) == timeless(json.loads(out)) and r.reason.startswith("undecided")
    assert not r


def test_check_equal_notes_are_the_cli_stderr():
    a, b = "S[(4,32):(32@tid,1@tid)]", "S[(4,32):(1@warpid,1@laneid)]"
    status, out, err = run("check-equal", a, b, "--json")
    r = axe.check_equal(a, b)
    assert (r.status, r.notes) == (status, err.splitlines()) and r.notes
    assert axe.check_equal(a, b, format="text") == run("check-equal", a, b)[1]
    status, out, err = run("check-equal", a, b, "--no-axis-relations", "--json")
    r = axe.check_equal(a, b, no_axis_relations=True)
    assert (r.status, r.notes) == (status, []) and err == ""
    assert not axe.equal(a, b, no_axis_relations=True) and axe.equal(a, b)
    typo = "S[(4,32):(1@warpid,1@laneId)]"
    status, _, err = run("check-equal", typo, b)
    assert axe.check_equal(typo, b).notes == err.splitlines() and "did you mean" in err


def test_check_equal_picture_equals_cli():
    status, out, _ = run("check-equal", "S[4:1]", "S[4:2]", "--format", "svg")
    picture = axe.check_equal("S[4:1]", "S[4:2]", format="svg")
    assert picture == out and picture.startswith("<?xml")
    assert axe.check_equal("S[4:1]", "S[4:2]").status == status == 1


def test_check_equal_progress_is_called_or_not_and_answers_alike():
    seen = []
    r = axe.check_equal("S[(64,64):(64,1)]", "S[(64,64):(1,64)]", method="enum",
                        progress=lambda done, total: seen.append((done, total)))
    assert r.status == 1 and all(0 <= d <= t for d, t in seen)


def test_check_equal_errors_have_positions():
    with pytest.raises(axe.LayoutError) as e:
        axe.check_equal("S[8:1]", "S[8:1]", method="fast")
    assert (e.value.file, e.value.line, e.value.column) == ("method=", 1, 1)
    with pytest.raises(axe.LayoutError) as e:
        axe.check_equal("S[8:1]", "S[8:1]", timeout="soon")
    assert (e.value.file, e.value.column) == ("timeout=", 1)
    with pytest.raises(axe.LayoutError) as e:
        axe.check_equal("S[8:1]", expr="m=4*k", vars="i", shape=(8,))
    assert (e.value.file, e.value.line, e.value.column) == ("expr=", 1, 5)
    assert e.value.hint == "did you mean 'i'?"
    with pytest.raises(axe.LayoutError) as e:
        axe.check_equal("S[8:1]", expr="m=i", vars="i", shape=(8,), dtype="f16")
    assert e.value.file == "dtype=" and "does not apply" in str(e.value)
    with pytest.raises(axe.LayoutError) as e:
        axe.check_equal(EQ + ":frag", EQ + ":nosuch")
    assert EQ in e.value.file


# --- check --------------------------------------------------------------------------

def timeless_checks(answer):
    """check's JSON without the seconds of each check and of the run."""
    return {k: [timeless(c) for c in v] if k == "checks" else v
            for k, v in answer.items() if k != "seconds"}


def test_check_json_equals_cli():
    status, out, _ = run("check", "tests/data/check/wrong.yaml", "--json")
    r = axe.check("tests/data/check/wrong.yaml")
    assert r.status == status == 1 and r.json["failed"] == 4
    assert timeless_checks(r.json) == timeless_checks(json.loads(out))


def test_check_text_verbose_strict_and_several_specs():
    specs = ["specs/tensor_core_tile.yaml", "specs/tmem.yaml"]
    status, out, _ = run("check", *specs)
    assert axe.check(specs, format="text") == out and (status, out) == (0, "16 passed, 0 failed\n")
    assert axe.check(specs).status == 0
    status, out, _ = run("check", "specs/tmem.yaml", "--verbose")
    assert axe.check("specs/tmem.yaml", verbose=True, format="text") == out
    env = dict(os.environ, NVCC="none")
    want_status, want_out, _ = run("check", "tests/data/check/emit_index.yaml", "--strict",
                                   env=env)
    os.environ["NVCC"], old = "none", os.environ.get("NVCC")
    try:
        text = axe.check("tests/data/check/emit_index.yaml", strict=True, format="text")
        strict = axe.check("tests/data/check/emit_index.yaml", strict=True)
        lax = axe.check("tests/data/check/emit_index.yaml")
    finally:
        if old is None:
            del os.environ["NVCC"]
        else:
            os.environ["NVCC"] = old
    assert (strict.status, text) == (want_status, want_out) and want_status == 1
    assert lax.status == 0


def test_check_junit(tmp_path):
    path = tmp_path / "j.xml"
    r = axe.check("tests/data/check/wrong.yaml", junit=str(path))
    assert r.status == 1 and path.read_text().startswith("<?xml")
    status, _, err = run("check", "tests/data/check/wrong.yaml", "--junit",
                         "/nonexistent/dir/j.xml")
    r = axe.check("tests/data/check/wrong.yaml", junit="/nonexistent/dir/j.xml")
    assert r.status == status == 2 and r.notes == err.splitlines()


def test_check_errors_have_positions():
    with pytest.raises(axe.LayoutError) as e:
        axe.check("tests/data/check/bad.yaml")
    assert (e.value.file, e.value.line, e.value.column) == ("tests/data/check/bad.yaml", 5, 5)
    assert e.value.hint == "did you mean 'eval'?"


# --- info ---------------------------------------------------------------------------

@pytest.mark.parametrize("operand, options", [
    ("Swizzle(3,3,3) o S[1:1] + 69", {}),
    ("specs/banks_column.yaml", {}),
    ("tests/data/operands/banks.spec:smem_128b", {}),
    ("specs/tensor_core_tile.yaml:frag", {"shape": (128,)}),
    ("S[(8,64):(64,1)]", {"dtype": "f16", "swizzle": "128B"}),
])
def test_info_equals_cli(operand, options):
    args = []
    for key, value in options.items():
        args += ["--" + key, ",".join(map(str, value)) if isinstance(value, tuple) else value]
    status, out, _ = run("info", operand, *args, "--json")
    assert status == 0 and axe.info(operand, **options) == json.loads(out)
    status, out, _ = run("info", operand, *args)
    assert axe.info(operand, format="text", **options) == out


def test_info_errors_have_positions():
    with pytest.raises(axe.LayoutError) as e:
        axe.info("S[8:1]", dtype="half")
    assert (e.value.file, e.value.line, e.value.column) == ("dtype=", 1, 1)
    assert e.value.hint == "did you mean 'f16'?"
    with pytest.raises(axe.LayoutError) as e:
        axe.info("-:x")
    assert (e.value.file, e.value.column) == ("<arg>", 2)
