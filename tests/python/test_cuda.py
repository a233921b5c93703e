"""tests/python/test_cuda.py: emit_cuda, the library's `emit-cuda`, from
Python: every kind and option against the source the axe-layout command
writes (the CLI given in $AXE_CLI), its refusals (NoResult with the
command's exit status and reason) and its errors with their positions.

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import pytest

import axe_layout as axe
from clitools import FRAG, run
COPY = "specs/cuda_copy.yaml:"
TMA = "specs/tma_gemm.yaml:"


def cli(*args):
    """What `axe-layout emit-cuda ARGS` writes: (status, stdout, stderr)."""
    return run("emit-cuda", *args)


def source(*args):
    status, out, err = cli(*args)
    assert status == 0, err
    return out


def test_index_of_text_and_layout():
    assert axe.emit_cuda(FRAG) == source(FRAG)
    assert axe.Layout(FRAG).emit_cuda(name="f", timeout=0) == source(FRAG, "--name", "f",
                                                                     "--timeout", "0")
    assert axe.emit_cuda("S[(2,4):(4,1)]", name="tiny", kind="index") == \
        source("S[(2,4):(4,1)]", "--name", "tiny")


def test_copy():
    g, s = axe.Layout(COPY + "global_tile"), axe.Layout(COPY + "smem_tile")
    assert g.emit_cuda(s, kind="copy", name="g2s") == \
        source(COPY + "global_tile", COPY + "smem_tile", "--kind", "copy", "--name", "g2s")
    # OTHER as a text: the method reads it and keeps it alive during the call.
    assert g.emit_cuda(COPY + "smem_tile", kind="copy", name="g2s") == \
        g.emit_cuda(s, kind="copy", name="g2s")
    assert axe.emit_cuda(COPY + "global_tile", COPY + "smem_transposed", kind="copy",
                         direction="g2g", block=64) == \
        source(COPY + "global_tile", COPY + "smem_transposed", "--kind", "copy",
               "--direction", "g2g", "--block", "64")
    threads = "S[(16,2,8):(1@tx,16@tx,1)]"
    args = ["S[(16,16):(16,1)]", "S[(16,16):(1,16)]"]
    assert axe.emit_cuda(*args, kind="copy", dtype="i32", direction="s2s", threads=threads) == \
        source(*args, "--kind", "copy", "--dtype", "i32", "--direction", "s2s",
               "--threads", threads)
    assert axe.emit_cuda(COPY + "global_tile", COPY + "smem_tile", kind="copy",
                         atom="cp.async.16") == \
        source(COPY + "global_tile", COPY + "smem_tile", "--kind", "copy", "--atom",
               "cp.async.16")


def test_tma():
    assert axe.emit_cuda(TMA + "A", TMA + "A_tile", kind="tma", name="tile") == \
        source(TMA + "A", TMA + "A_tile", "--kind", "tma", "--name", "tile")
    got = axe.emit_cuda("S[(4096,4096)]", "S[(128,64)]", kind="tma", dtype="f16",
                        swizzle="128B", region=((4090, 4218), (0, 64)), l2_promotion="none",
                        oob_fill="nan", stages=3)
    assert got == source("S[(4096,4096)]", "S[(128,64)]", "--kind", "tma", "--dtype", "f16",
                         "--swizzle", "128B", "--region", "4090:4218,0:64", "--l2-promotion",
                         "none", "--oob-fill", "nan", "--stages", "3")
    got = axe.emit_cuda("S[(64,1000)]", "S[(64,64)]", kind="tma", global_shape=(64, 1000),
                        smem_shape="64,64", dtype="f32", box=(32, 64),
                        smem_region=((0, 64), (0, 64)))
    assert got == source("S[(64,1000)]", "S[(64,64)]", "--kind", "tma", "--global-shape",
                         "64,1000", "--smem-shape", "64,64", "--dtype", "f32", "--box",
                         "32,64", "--smem-region", "0:64,0:64")
    assert "box[2] = {64u, 32u}" in got
    assert axe.Layout(TMA + "A").emit_cuda(axe.Layout(TMA + "A_tile"), kind="tma",
                                           direction="s2g") == \
        source(TMA + "A", TMA + "A_tile", "--kind", "tma", "--direction", "s2g")


def test_template():
    tpl = "tests/codegen/frag_gather.cu.in"
    assert axe.emit_cuda("specs/tensor_core_tile.yaml", template=tpl) == \
        source("specs/tensor_core_tile.yaml", "--template", tpl)
    tpl = "tests/codegen/frag_inverse.cu.in"
    assert axe.Layout(FRAG).emit_cuda(template=tpl) == source(FRAG, "--template", tpl)


def test_refusals_keep_the_status():
    status, out, err = cli(TMA + "A", TMA + "A_transposed", "--kind", "tma")
    with pytest.raises(axe.NoResult) as e:
        axe.emit_cuda(TMA + "A", TMA + "A_transposed", kind="tma")
    assert status == e.value.status == 1 and out == ""
    assert err == "axe-layout emit-cuda: %s\n" % e.value.message
    args = ["specs/copy_atoms.yaml:a_smem_rows", "specs/copy_atoms.yaml:a_k64"]
    status, _, err = cli(*args, "--kind", "copy", "--atom", "ldmatrix.x4.trans")
    with pytest.raises(axe.NoResult) as e:
        axe.Layout(args[0]).emit_cuda(axe.Layout(args[1]), kind="copy",
                                      atom="ldmatrix.x4.trans")
    assert status == e.value.status == 1
    assert err == "axe-layout emit-cuda: %s\n" % e.value.message


def error_of(*args, **options):
    with pytest.raises(axe.LayoutError) as e:
        axe.emit_cuda(*args, **options)
    return e.value


def test_errors_are_placed():
    e = error_of("S[(2,4):(4,1)]", name="1x")
    assert (e.file, e.line, e.column) == ("name=", 1, 1) and "C identifier" in e.message
    e = error_of("S[(2,4):(4,1)]", "S[(2,4):(4,1)]", kind="copy", dtype="f32", direction="g2x")
    assert (e.file, e.line, e.column) == ("direction=", 1, 1)
    assert e.message.startswith("unknown direction 'g2x'")
    e = error_of(COPY + "acc_smem", COPY + "global_tile", kind="copy")
    assert (e.file, e.line, e.column) == ("specs/cuda_copy.yaml", 9, 3)
    e = error_of(TMA + "A", TMA + "A_tile", kind="tma", l2_promotion="32B")
    assert (e.file, e.line) == ("l2_promotion=", 1)
    e = error_of(TMA + "A", TMA + "A_tile", kind="tma", shape="64,64")
    assert e.file == "shape=" and "--global-shape" in e.message
    e = error_of("S[(2,4):(4,1)]", kind="cuda")
    assert "unknown --kind 'cuda'" in e.message
    e = error_of("S[(2,4):(4,1)]", region="0:2")
    assert "go with --kind tma" in e.message


def test_template_error_at_its_placeholder(tmp_path):
    tpl = tmp_path / "t.cu.in"
    tpl.write_text("x = {{ fragg.laneid(i, j) }};\n")
    e = error_of("specs/tensor_core_tile.yaml", template=str(tpl))
    assert (e.file, e.line, e.column) == (str(tpl), 1, 8)
    assert e.message == "unknown layout 'fragg'"
