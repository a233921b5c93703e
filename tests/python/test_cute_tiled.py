"""tests/python/test_cute_tiled.py: the pictures of whole CuTe TiledMMA and
TiledCopy dumps (show cute-mma:FILE, show cute-copy:FILE) against CuTe's own
print_latex of the same TiledMMA / TiledCopy (CUTLASS 7107b0553,
tests/data/cute_tiled/*.print_latex.tex, printed by harness.cu there): every
cell of every part holds the T<thread> V<value> CuTe draws, both in the
engine's first image (eval --all --json) and in the picture's cell labels.

Run by tests/scripts/python.sh (make check)."""

import re

import pytest

from clitools import cli, cli_json

DATA = "tests/data/cute_tiled/"
NODE = re.compile(r"\\node\[fill=[^\]]*\] at \((-?\d+),(-?\d+)\) "
                  r"\{\\shortstack\{T(\d+) \\\\ V(\d+)\}\};")


def latex_cells(name, kind, tile):
    """CuTe's cells: {part: {(row, col): (thread, value)}}, undoing
    print_latex_mma's placement (C at (m, n), A at (m, k-K-1), B at
    (k-K-1, n)) or print_latex_copy's (S at (m, n), D at (m, n+N+3))."""
    parts = {p: {} for p in ("ABC" if kind == "mma" else "SD")}
    with open(DATA + name + ".print_latex.tex", encoding="utf-8") as f:
        for x, y, t, v in NODE.findall(f.read()):
            x, y, tv = int(x), int(y), (int(t), int(v))
            if kind == "mma":
                _, _, k = tile
                if x >= 0 and y >= 0:
                    parts["C"][(x, y)] = tv
                elif y < 0:
                    parts["A"][(x, y + k + 1)] = tv
                else:
                    parts["B"][(y, x + k + 1)] = tv
            else:
                _, n = tile
                parts["S" if y < n else "D"][(x, y - (n + 3) if y >= n else y)] = tv
    return parts


CASES = [("sm80_2x2", "mma", (32, 16, 16)), ("ldsm_x4_A", "copy", (16, 16))]


@pytest.mark.parametrize("name,kind,tile", CASES)
def test_first_image_is_cutes_label(name, kind, tile):
    for part, want in latex_cells(name, kind, tile).items():
        rows = cli_json("eval", f"cute-{kind}:{DATA}{name}.dump:{part}", "--all", "--json",
                        lines=True)
        got = {tuple(r["coord"]): (r["images"][0]["tid"], r["images"][0].get("reg", 0))
               for r in rows}
        assert len(want) == len(got) and want == got, part


@pytest.mark.parametrize("name,kind,tile", CASES)
def test_picture_cells_are_cutes_labels(name, kind, tile):
    svg = cli("show", f"cute-{kind}:{DATA}{name}.dump", "--format", "svg")
    for part, want in latex_cells(name, kind, tile).items():
        panel = svg.split(f'data-part="{part}"', 1)[1].split("data-part=", 1)[0]
        got = {tuple(int(c) for c in coord.split(",")): (int(t), int(v))
               for coord, t, v in re.findall(
                   r'data-coord="(\d+,\d+)"[^>]*data-label="T(\d+)V(\d+)"', panel)}
        assert want == got, part


# Permutations and tilers of layouts (tests/data/cute_tiled/PROVENANCE): for each
# (thread, value), the tile coordinate CuTe's own partition_A/B/C (TiledMMA) or
# partition_S/D (TiledCopy) of an identity tensor gives it, CUTLASS 7107b0553.
POINTS = ["sm80_2x2_permN", "sm80_2x2_permMNK", "sm90_rs_2x1_permMN",
          "universal_C_permMNK", "ldsm_x4_A_permMNK", "universal_tilerN_2x2",
          "universal_C_atom_permN", "universal_C_atom_permMNK", "universal_C_atom_sm90",
          "cotiled_128b"]


def cute_points(name):
    """{part: {(row, col, thread, value)}} of NAME.points, and the threads it
    lists (None: all of them)."""
    parts, threads = {}, None
    with open(DATA + name + ".points", encoding="utf-8") as f:
        for line in f:
            if line.startswith("# threads:"):
                threads = {int(t) for t in line.split(":")[1].split("(")[0].split()}
            if line.startswith("#"):
                continue
            part, t, v, row, col = line.split()
            parts.setdefault(part, set()).add((int(row), int(col), int(t), int(v)))
    return parts, threads


@pytest.mark.parametrize("name", POINTS)
def test_every_thread_value_is_where_cute_partitions_it(name):
    parts, threads = cute_points(name)
    kind = "mma" if len(parts) == 3 else "copy"
    assert set(parts) == set("ABC" if kind == "mma" else "SD")
    for part, want in parts.items():
        rows = cli_json("eval", f"cute-{kind}:{DATA}{name}.dump:{part}", "--all", "--json",
                        lines=True)
        got = {(r["coord"][0], r["coord"][1], i["tid"], i.get("reg", 0))
               for r in rows for i in r["images"] if threads is None or i["tid"] in threads}
        assert len(got) == len(want) and got == want, part
