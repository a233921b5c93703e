"""tests/python/test_analysis.py: the [analysis] family of the Python module
(Layout.banks, banks, atoms) against the axe-layout command's output on
the examples of tests/cli/banks.t and atoms.t (the CLI given in $AXE_CLI).

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import json

import pytest

import axe_layout as axe
from clitools import cli, cli_json, run

COLUMN = "specs/banks_column.yaml"
ATOMS = "specs/copy_atoms.yaml"
ROWS = ("S[(8,64):(64,1)]", "--dtype", "f16")
THREADS = "S[(8,64):(1@laneid,1)]"


# --- banks ---------------------------------------------------------------------

def test_banks_every_option_equals_cli():
    rows = axe.Layout(ROWS[0], dtype="f16")
    got = rows.banks(threads=THREADS, vector=2, step=0)
    assert got == cli_json("banks", *ROWS, "--threads", THREADS, "--vector", "2", "--step", "0",
                           "--json")
    assert got.status == 0 and got.reason == ""
    got = rows.banks(threads=axe.Layout(THREADS), warp=0, step=7, grid=True, jobs=2)
    assert got == cli_json("banks", *ROWS, "--threads", THREADS, "--warp", "0", "--step", "7",
                           "--grid", "--json")
    assert got["grid"]["step"] == 7


def test_banks_max_conflicts_status():
    smem = ("S[(64,64):(64,1)]", "--dtype", "f16", "--access", "ldmatrix.x4", "--step", "0")
    for limit, status in ((27, 1), (28, 0)):
        got = axe.banks(smem[0], dtype="f16", access="ldmatrix.x4", step=0,
                        max_conflicts=limit)
        returncode, out, _ = run("banks", *smem, "--max-conflicts", str(limit), "--json")
        assert got == json.loads(out)
        assert got.status == returncode == status
    assert got.reason == ""
    got = axe.banks(smem[0], dtype="f16", access="ldmatrix.x4", step=0, max_conflicts=27)
    assert got.reason == "28 conflicts, more than --max-conflicts 27"


def test_banks_of_a_spec_access_without_smem():
    access = COLUMN + ":col_read"
    got = axe.banks(None, access=access, swizzle="128B", grid=True)
    assert got == cli_json("banks", "--access", access, "--swizzle", "128B", "--grid", "--json")
    assert got["total"]["wavefronts"] == 1
    got = axe.banks(None, access=access, suggest=True)
    assert got == cli_json("banks", "--access", access, "--suggest", "--json")
    assert got["suggest"]["best"] == "128B"


def test_banks_text_and_pictures_equal_cli():
    access = COLUMN + ":col_read"
    assert axe.banks(None, access=access, format="text") == cli("banks", "--access", access)
    for form in ("svg", "html"):
        assert axe.banks(None, access=access, format=form) == cli(
            "banks", "--access", access, "--format", form)
    with pytest.raises(ValueError):
        axe.banks(None, access=access, format="png")


def test_banks_errors_placed_as_the_cli_places_them():
    rows = axe.Layout(ROWS[0], dtype="f16")
    with pytest.raises(axe.LayoutError) as e:
        rows.banks(threads=THREADS, vector=32)
    assert (e.value.file, e.value.line, e.value.column) == ("vector=", 1, 1)
    assert e.value.message == "a vector is 1, 2, 4, 8 or 16 bytes, not 32"
    with pytest.raises(axe.LayoutError) as e:
        rows.banks(access="ldmatrix.x3")
    assert e.value.file == "access=" and e.value.hint == "did you mean 'ldmatrix.x1'?"
    with pytest.raises(axe.LayoutError) as e:
        axe.banks(None, access=COLUMN + ":colread")
    assert (e.value.file, e.value.line, e.value.column) == (COLUMN, 28, 3)
    with pytest.raises(axe.LayoutError) as e:
        rows.banks(access="ldmatrix.x1", step=99)
    assert "no instruction matches" in e.value.message
    with pytest.raises(axe.LayoutError) as e:
        rows.banks(access="ldmatrix.x1", warp=-1)
    assert e.value.file == "warp="


def test_banks_suggest_several_accesses_equals_cli():
    writer = "S[(16,4,8,8):(8,8@laneid,1@laneid,1)]"
    got = axe.Layout("S[(64,64):(64,1)]", dtype="f16").banks(
        threads=[writer], access=["ldmatrix.x4"], suggest=True)
    assert got == cli_json("banks", "S[(64,64):(64,1)]", "--dtype", "f16", "--threads", writer,
                           "--access", "ldmatrix.x4", "--suggest", "--json")
    assert got["suggest"]["best"] == "128B"


# --- atoms -----------------------------------------------------------------------

def test_atoms_equals_cli():
    got = axe.atoms(ATOMS + ":tile_global", ATOMS + ":tile_smem", arch="sm_80")
    assert got == cli_json("atoms", ATOMS + ":tile_global", ATOMS + ":tile_smem",
                           "--arch", "sm_80", "--json")
    assert got["best"] == "cp.async.16" and got.status == 0
    src, dst = "S[(16,16):(16,1)]", "S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]"
    got = axe.atoms(src, dst, dtype="f16", swizzle="32B")
    assert got == cli_json("atoms", src, dst, "--dtype", "f16", "--swizzle", "32B", "--json")
    assert got["best"] == "ldmatrix.x4"
    got = axe.atoms("S[(8,8):(8,1)]", "S[(8,4,2):(4@laneid,1@laneid,1)]", direction="s2r",
                    dtype="f16", arch="sm_90", suggest=True)
    assert got == cli_json("atoms", "S[(8,8):(8,1)]", "S[(8,4,2):(4@laneid,1@laneid,1)]",
                           "--direction", "s2r", "--dtype", "f16", "--arch", "sm_90",
                           "--suggest", "--json")


def test_atoms_status_and_text():
    src, dst = ATOMS + ":tmem_acc", ATOMS + ":acc_regs"
    status, out, _ = run("atoms", src, dst, "--arch", "sm_90")
    assert axe.atoms(src, dst, arch="sm_90", format="text") == out
    got = axe.atoms(src, dst, arch="sm_90")
    assert got.status == status == 1
    assert got.reason == "no atom can move this tile"


def test_atoms_errors():
    with pytest.raises(axe.LayoutError) as e:
        axe.atoms("S[(8,8):(8,1)]", "S[(8,8):(8,1)]", arch="sm_70")
    assert (e.value.file, e.value.line, e.value.column) == ("arch=", 1, 1)
    with pytest.raises(axe.LayoutError) as e:
        axe.atoms("S[(8,8):(8,1)]", "S[(8,8):(8,1)]", dtype="f16", direction="s2q")
    assert e.value.file == "direction=" and "unknown direction 's2q'" in e.value.message
    with pytest.raises(axe.LayoutError) as e:
        axe.atoms("S[(8,8):(8,1)]", "S[(8,4):(4,1)]", dtype="f16", shape="8,4")
    assert e.value.file == "shape="
    with pytest.raises(axe.LayoutError) as e:
        axe.atoms(ATOMS + ":tile_smem", ATOMS + ":nosuch")
    assert e.value.file == ATOMS and "unknown layout 'nosuch'" in e.value.message
    with pytest.raises(TypeError):
        axe.atoms(axe.Layout("S[(8,8):(8,1)]"), "S[(8,8):(8,1)]")
