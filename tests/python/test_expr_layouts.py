"""tests/python/test_expr_layouts.py: layouts without an S/R/O form (`expr:`
layouts) through the Python module and the CLI, every answer checked
against an evaluator written here from the other tool's own definition:

- Triton: a LinearLayout maps a hardware index to the XOR of the bases of
  its set bits (include/triton/Tools/LinearLayout.h, LinearLayout::apply);
  Axe's map is its inverse, every hardware index holding a logical point
  being one of the point's images.
- CuTe: Swizzle<B, M, S> maps an offset o to o ^ shiftr(o & yyy, S) with
  yyy = (2^B - 1) << (M + max(0, S)) (include/cute/swizzle.hpp).

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import itertools
import re

import axe_layout as axe
from clitools import cli, cli_json, run

# test_triton.c's test_linear_xor, and tests/data/expr/xor_linear.yaml:swizzled
# (the bases of Triton's SharedSwizzled2D_MaxPhaseOnly as registers and lanes).
SMALL = {"register": [[0, 1], [1, 1]], "lane": [[2, 0], [2, 2]], "warp": []}
SWIZZLED = {"register": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
            "lane": [[1, 1], [2, 2], [4, 0], [8, 0], [16, 0]], "warp": [[0, 0]]}
AXES = (("register", "reg"), ("lane", "laneid"), ("warp", "warpid"))


def linear_text(bases):
    parts = ", ".join("%s = %s" % (k, bases[k]) for k, _ in AXES)
    return "triton:#ttg.linear<{%s, block = []}>" % parts


def triton_images(bases):
    """{logical point: set of images as (axis, value) tuples}, from the XOR of bases."""
    images = {}
    named = [(name, axis) for name, axis in AXES if bases[name]]
    counts = [range(1 << len(bases[name])) for name, _ in named]
    for hw in itertools.product(*counts):
        coord = [0, 0]
        for (name, _), index in zip(named, hw):
            for bit, basis in enumerate(bases[name]):
                if index >> bit & 1:
                    coord = [c ^ b for c, b in zip(coord, basis)]
        image = tuple((axis, index) for (_, axis), index in zip(named, hw))
        images.setdefault(tuple(coord), set()).add(image)
    return images


def as_sets(rows):
    return {tuple(sorted(img.items())) for img in rows}


def test_triton_xor_eval_all_matches_triton():
    for bases in (SMALL, SWIZZLED):
        want = triton_images(bases)
        lay = axe.Layout(linear_text(bases))
        assert lay.is_expr
        got = lay.eval_all()
        assert len(got) == len(want)
        for line in got:
            assert as_sets(line["images"]) == {tuple(sorted(i)) for i in want[tuple(line["coord"])]}
        # The CLI prints the same lines.
        assert cli_json("eval", linear_text(bases), "--all", "--json", lines=True) == got


def test_triton_xor_point_inverse_count():
    want = triton_images(SWIZZLED)
    lay = axe.Layout(linear_text(SWIZZLED))
    for coord in ((5, 7), (31, 0), (17, 29)):
        assert as_sets(lay.eval(coord)) == {tuple(sorted(i)) for i in want[coord]}
    for target in ({"reg": 3, "laneid": 6}, {"laneid": 5}, {"reg": 31, "warpid": 1}):
        expect = sorted(c for c, imgs in want.items()
                        if any(all(dict(i)[k] == v for k, v in target.items()) for i in imgs))
        assert sorted(lay.inverse(**target)) == expect
    count = lay.checksum()
    assert count["points"] == len(want)
    assert count["images"] == sum(len(v) for v in want.values())
    assert count == cli_json("eval", linear_text(SWIZZLED), "--count", "--json")
    # The same checksum on several threads.
    assert lay.checksum(jobs=2) == count


def test_triton_xor_info_and_canon():
    want = triton_images(SWIZZLED)
    info = axe.info(linear_text(SWIZZLED))
    assert info["form"] == "expr" and info["size"] == len(want)
    for axis in info["axes"]:
        values = [dict(i)[axis["name"]] for imgs in want.values() for i in imgs]
        assert (axis["min"], axis["max"]) == (min(values), max(values))
    assert info["images_per_point"] == 2 and info["injective"] is True
    status, out, _ = run("canon", linear_text(SWIZZLED))
    assert status == 1 and out.startswith("no compact form: the bases mix bits")


def test_triton_xor_show_by_lanes():
    """show --by: every cell lists the logical points there, as Triton places them."""
    for bases in (SMALL, SWIZZLED):
        want = triton_images(bases)
        text = cli("show", linear_text(bases), "--by", "laneid,reg", "--width", "1000")
        rows = [line.split("|", 1)[1].split() for line in text.splitlines() if " | " in line]
        assert len(rows) == 1 << len(bases["lane"])
        for lane, row in enumerate(rows):
            for reg, cell in enumerate(row):
                points = {tuple(int(v) for v in p.split(",")) for p in cell.split("|")}
                assert points == {c for c, imgs in want.items()
                                  if any(dict(i)["reg"] == reg and dict(i)["laneid"] == lane
                                         for i in imgs)}


# A 128x256 accumulator over 4 warps whose lane bases 2 and 3 also move dim1
# (bits on two dims: an expr: layout); 32768 points, 256 registers a thread.
XOR_ACC = {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [64, 0]],
           "lane": [[0, 2], [0, 4], [1, 2], [2, 4], [4, 0]], "warp": [[16, 0], [32, 0]]}
OWNER_CELL = re.compile(r'<rect class="pc[^"]*"[^>]* data-owner="([^"]*)" data-points="([^"]*)"')


def drawn_owners(picture):
    """{owner: [points]} of the physical grid of a `show` picture, in drawing order."""
    return {owner: [tuple(int(v) for v in p.split(",")) for p in points.split("|") if p]
            for owner, points in OWNER_CELL.findall(picture)}


def owners_from_eval(text, by):
    """{owner: [points]} from `eval --all --json` alone: every owner value in
    the range of the images on the by-axes (empty or not), each holding the
    points with an image there, in row-major order."""
    where = {}
    for line in cli_json("eval", text, "--all", "--json", lines=True):
        for owner in {tuple(img[a] for a in by) for img in line["images"]}:
            where.setdefault(owner, []).append(tuple(line["coord"]))
    ranges = [range(min(o[k] for o in where), max(o[k] for o in where) + 1)
              for k in range(len(by))]
    return {",".join(map(str, owner)): sorted(where.get(owner, []))
            for owner in itertools.product(*ranges)}


def test_expr_owner_grids_match_eval_all():
    """show --format svg|html of expr: layouts: each cell of the owners' grid
    (or of shared memory) holds exactly the points that `eval --all` puts
    there, XOR-linear Triton layouts (replicated, and a 128x256 accumulator
    drawn as rectangles) and a CuTe swizzle Axe cannot express."""
    cases = [(linear_text(SWIZZLED), ("laneid", "reg"), ("svg", "html")),
             (linear_text(SWIZZLED), ("warpid", "laneid"), ("svg", "html")),
             (linear_text(SWIZZLED), ("reg",), ("svg",)),
             (linear_text(XOR_ACC), ("warpid", "laneid"), ("svg",)),
             ("cute:Sw<3,2,-3> o (32,32):(32,1)", ("m",), ("svg", "html"))]
    for text, by, formats in cases:
        assert axe.Layout(text).is_expr
        want = owners_from_eval(text, by)
        assert sum(map(len, want.values())) >= 1024
        extra = ("--dtype", "f32") if by == ("m",) else ("--by", ",".join(by))
        for fmt in formats:
            assert drawn_owners(cli("show", text, *extra, "--format", fmt)) == want, (text, by)


def cute_swizzle(b, m, s, offset):
    yyy = ((1 << b) - 1) << (m + max(0, s))
    moved = offset & yyy
    return offset ^ (moved >> s if s >= 0 else moved << -s)


def test_cute_swizzle_negative_shift_matches_cute():
    lay = axe.Layout("cute:Sw<1,2,-2> o 8:1")
    assert lay.is_expr
    for line in lay.eval_all():
        assert line["images"] == [{"m": cute_swizzle(1, 2, -2, line["coord"][0])}]
    assert lay.inverse(m=21) == [(5,)]


def test_triton_xor_emit_cuda_index_matches_triton(tmp_path):
    """emit-cuda --kind index compiled for the host: at every coordinate and
    replica digit, the functions give one of Triton's images of the point."""
    import shutil
    import subprocess
    cxx = shutil.which("c++") or shutil.which("g++")
    if not cxx:
        import pytest
        pytest.skip("no C++ compiler")
    source = cli("emit-cuda", linear_text(SWIZZLED), "--kind", "index", "--name", "sw")
    main = source + """
#include <cstdio>
int main() {
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++)
            for (int r = 0; r < 2; r++)
                std::printf("%d %d %lld %lld %lld\\n", i, j, sw_reg(i, j, r), sw_laneid(i, j, r),
                            sw_warpid(i, j, r));
}
"""
    (tmp_path / "sw.cpp").write_text(main)
    subprocess.run([cxx, "-o", str(tmp_path / "sw"), str(tmp_path / "sw.cpp")], check=True)
    out = subprocess.run([str(tmp_path / "sw")], capture_output=True, text=True, check=True)
    want = triton_images(SWIZZLED)
    got = {}
    for line in out.stdout.splitlines():
        i, j, reg, lane, warp = map(int, line.split())
        got.setdefault((i, j), set()).add((("reg", reg), ("laneid", lane), ("warpid", warp)))
    assert got == want


def test_triton_xor_thread_layout_banks():
    """banks --threads with an XOR-linear thread layout: per register (step),
    the wavefronts are the most distinct 4-byte words any bank serves, with
    every lane's element placed by Triton's bases over a row-major f32 tile."""
    bases = dict(SWIZZLED, warp=[])
    where = {}  # (lane, reg) -> logical point
    for point, imgs in triton_images(bases).items():
        for img in imgs:
            where[(dict(img)["laneid"], dict(img)["reg"])] = point
    report = axe.banks("S[(32,32):(32,1)]", threads=linear_text(bases), dtype="f32")
    assert report["shape"] == [32, 32]
    for ins in report["instructions"]:
        words = {}
        for lane in range(32):
            i, j = where[(lane, ins["step"])]
            word = 32 * i + j
            words.setdefault(word % 32, set()).add(word)
        assert ins["wavefronts"] == max(len(w) for w in words.values())


# A shared layout whose offset bases mix row bits into two column bits each
# (no Swizzle over a bit permutation: it reads as an expr: layout).
MIXED_OFFSET = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 3], [2, 6], [4, 12], [8, 24], [16, 0]]


def shared_linear_text(offset):
    return "triton:#ttg.shared_linear<{offset = %s, block = []}, alignment = 16>" % offset


def triton_offsets(offset):
    """{logical point: its offset}: offset o holds the XOR of the bases of its set bits."""
    where = {}
    for o in range(1 << len(offset)):
        coord = [0, 0]
        for bit, basis in enumerate(offset):
            if o >> bit & 1:
                coord = [c ^ b for c, b in zip(coord, basis)]
        where[tuple(coord)] = o
    return where


def bank_wavefronts(word_of_lane):
    """One 4-byte access per lane, one phase of 32 lanes: the most distinct
    words one bank serves (semantics.md "Bank conflicts")."""
    words = {}
    for word in word_of_lane:
        words.setdefault(word % 32, set()).add(word)
    return max(len(w) for w in words.values())


def test_expr_shared_layout_banks_match_triton_offsets():
    """banks with an XOR-linear shared layout (an expr: SMEM): lane l reads
    (l, step); its f32 word is Triton's offset of the point."""
    smem = axe.Layout(shared_linear_text(MIXED_OFFSET))
    assert smem.is_expr
    where = triton_offsets(MIXED_OFFSET)
    report = axe.banks(shared_linear_text(MIXED_OFFSET), threads="S[(32,32):(1@laneid,1)]",
                       vector=4, dtype="f32")
    assert report["shape"] == [32, 32] and len(report["instructions"]) == 32
    for ins in report["instructions"]:
        want = bank_wavefronts([where[(lane, ins["step"])] for lane in range(32)])
        assert ins["wavefronts"] == want
    assert report["total"]["wavefronts"] == sum(
        bank_wavefronts([where[(lane, j)] for lane in range(32)]) for j in range(32))


def test_cute_negative_shift_swizzle_banks_match_cute():
    """banks with a CuTe swizzle Axe cannot express (a negative shift) over a
    row-major 32x32 f32 tile, read a row per step: addresses from
    Swizzle<3,2,-3>'s definition."""
    text = "cute:Sw<3,2,-3> o (32,32):(32,1)"
    report = axe.banks(text, threads="S[(32,32):(1,1@laneid)]", vector=4, dtype="f32")
    for ins in report["instructions"]:
        i = ins["step"]
        want = bank_wavefronts([cute_swizzle(3, 2, -3, 32 * i + lane) for lane in range(32)])
        assert ins["wavefronts"] == want


def vector_legal(addresses_of_lane, width):
    """Whether every lane's registers, taken `width` at a time, are `width`
    consecutive addresses, the first a multiple of `width` (an aligned vector)."""
    for regs in addresses_of_lane:
        for k in range(0, len(regs), width):
            run = regs[k:k + width]
            if run[0] % width or run != list(range(run[0], run[0] + width)):
                return False
    return True


def atom_row(report, name):
    return next(a for a in report["atoms"] if a["name"] == name)


def test_atoms_triton_xor_thread_layout_matches_triton():
    """atoms from a row-major f32 tile into an XOR-linear Triton thread
    layout: the per-lane word is legal and costs, per register, the most
    words one bank serves; wider vectors are legal exactly when Triton's
    placement makes every lane's register runs contiguous and aligned."""
    bases = dict(SWIZZLED, warp=[])
    where = {}  # (lane, reg) -> logical point
    for point, imgs in triton_images(bases).items():
        for img in imgs:
            where[(dict(img)["laneid"], dict(img)["reg"])] = point
    address = {lane: [32 * where[(lane, r)][0] + where[(lane, r)][1] for r in range(32)]
               for lane in range(32)}
    report = axe.atoms("S[(32,32):(32,1)]", linear_text(bases), dtype="f32")
    word = atom_row(report, "ld.shared.b32")
    assert word["legal"] and word["instructions"] == 32
    assert word["smem_wavefronts"] == sum(
        bank_wavefronts([address[lane][r] for lane in range(32)]) for r in range(32))
    for name, width in (("ld.shared.v2.b32", 2), ("ld.shared.v4.b32", 4)):
        assert atom_row(report, name)["legal"] == vector_legal(address.values(), width)


def test_atoms_expr_shared_layout_matches_triton_offsets():
    """atoms from an XOR-linear Triton shared layout (an expr: SMEM) into
    lane-per-row registers: the words are Triton's offsets of the points."""
    where = triton_offsets(MIXED_OFFSET)
    address = {lane: [where[(lane, j)] for j in range(32)] for lane in range(32)}
    report = axe.atoms(shared_linear_text(MIXED_OFFSET), "S[(32,32):(1@laneid,1)]", dtype="f32")
    assert report["best"] == "ld.shared.b32"
    word = atom_row(report, "ld.shared.b32")
    assert word["smem_wavefronts"] == sum(
        bank_wavefronts([address[lane][j] for lane in range(32)]) for j in range(32))
    for name, width in (("ld.shared.v2.b32", 2), ("ld.shared.v4.b32", 4)):
        assert atom_row(report, name)["legal"] == vector_legal(address.values(), width)
    # The bulk-tensor copy needs a tensor map (S/R/O strides): excluded, saying so.
    g2s = axe.atoms("S[(32,32):(32,1)]", shared_linear_text(MIXED_OFFSET), dtype="f32")
    bulk = atom_row(g2s, "cp.async.bulk.tensor")
    assert not bulk["legal"] and bulk["rule"] == "tma"
