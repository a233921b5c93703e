"""tests/python/test_audit.py: axe_layout.audit against the axe-layout
command's `audit --json` on the Triton lit-test modules of
tests/data/triton (the CLI given in $AXE_CLI).

Run by tests/scripts/python.sh (make check) with PYTHONPATH=build/python."""

import json

import pytest

import axe_layout as axe
from clitools import cli, cli_json, run

HOPPER = "tests/data/triton/hopper_matmul.mlir"
BLACKWELL = "tests/data/triton/blackwell_matmul.mlir"
ATTENTION = "tests/data/triton/attention_fwd.mlir"


@pytest.mark.parametrize("path", [HOPPER, BLACKWELL, ATTENTION])
def test_audit_equals_cli(path):
    got = axe.audit(path)
    lines = cli_json("audit", path, "--json", lines=True)
    assert got["ops"] == lines[:-1]
    assert got["summary"] == lines[-1]["summary"]
    assert got.status == 0


def test_audit_options_equal_cli():
    got = axe.audit(HOPPER, arch="sm_90", max_conflicts=0, deny=["registers"])
    status, out, _ = run("audit", HOPPER, "--arch", "sm_90", "--max-conflicts", "0",
                         "--deny", "registers", "--json")
    assert got.status == status
    assert got["summary"] == json.loads(out.splitlines()[-1])["summary"]


def test_audit_text_and_html():
    assert axe.audit(HOPPER, format="text") == cli("audit", HOPPER)
    page = axe.audit(HOPPER, format="html")
    assert page.startswith("<!DOCTYPE html>") and "bank grid" in page


def test_audit_bad_input_raises():
    with pytest.raises(axe.LayoutError) as caught:
        axe.audit(HOPPER, arch="sm_75")
    assert "--arch" in caught.value.message
    with pytest.raises(axe.LayoutError) as caught:
        axe.audit("tests/data/triton/no_such_module.mlir")
    assert "cannot read" in caught.value.message
