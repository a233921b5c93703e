"""The module behaves as Python code expects (issue 28): equality and hashing of
Layouts, a Report that shows its data, errors that are ValueErrors placed on the
keyword argument, integers never truncated or wrapped, one version story, and
error text that is valid UTF-8 from every reader."""

import pytest

import axe_layout as axe
from clitools import run

ROWS = "S[(4,8):(8,1)]"


def test_layouts_compare_by_what_is_written():
    a, b = axe.Layout(ROWS, shape=(4, 8)), axe.Layout(ROWS, shape=(4, 8))
    assert a == b and not a != b and hash(a) == hash(b) and len({a, b}) == 1
    # The same map on another shape, or with a dtype, is another layout.
    assert a != axe.Layout(ROWS, shape=(2, 16))
    assert a != axe.Layout(ROWS, shape=(4, 8), dtype="f16")
    # Two texts of one map differ here; equal() proves them the same map.
    d = axe.Layout("S[32:1]", shape=(4, 8))
    assert a.text != d.text and a != d and bool(axe.equal(a, d))
    assert a != ROWS and (a == ROWS) is False


def test_report_repr_shows_the_data():
    report = axe.info(ROWS, shape=(4, 8))
    text = repr(report)
    assert text.startswith("Report(status=0, {") and "'injective': True" in text
    no = axe.group("S[(2,3):(10,1)]", "3,2")  # (3, 2) does not group it
    assert repr(no).startswith("Report(status=1, reason=") and "'layout': None" in repr(no)
    picture = axe.info(ROWS, shape=(4, 8), format="text")
    assert isinstance(picture, str)


def test_errors_are_value_errors_placed_on_the_keyword():
    assert issubclass(axe.LayoutError, ValueError)
    with pytest.raises(ValueError) as e:
        axe.Layout(ROWS, shape="4,x")
    assert (e.value.file, e.value.column) == ("shape=", 3)
    assert str(e.value) == "shape=: expected extent but found 'x' (column 3)"
    assert e.value.diagnostic.splitlines() == [str(e.value), "  4,x", "    ^"]
    with pytest.raises(axe.LayoutError) as e:
        axe.tile("S[4:1]", "S[2:1]", outer_shape="2,3")
    assert e.value.file == "outer_shape=" and "--outer-shape" not in str(e.value)


@pytest.mark.parametrize("call, name", [
    (lambda: axe.banks(ROWS, shape=(4, 8), bogus=1), "banks"),
    (lambda: axe.Layout(ROWS, shape=(4, 8)).svg(bogus=1), "Layout.svg"),
    (lambda: axe.emit_cuda(ROWS, shape=(4, 8), kindd="index"), "emit_cuda"),
    (lambda: axe.compose(ROWS, "4:1", shap=(4, 8)), "compose"),
])
def test_a_wrong_keyword_names_the_public_function(call, name):
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value).startswith("%s() got an unexpected keyword argument" % name)


@pytest.mark.parametrize("call, keyword, what", [
    (lambda: axe.Layout(ROWS, shape=[2.4]), "shape=", "2.4 is not an integer"),
    (lambda: axe.Layout(ROWS, shape=(4, True)), "shape=", "True is not an integer"),
    (lambda: axe.Layout(ROWS, shape=(4, 8)).eval(2 ** 64 + 1, 2), "coordinate=",
     "18446744073709551617 does not fit in a 64-bit integer"),
    (lambda: axe.Layout(ROWS, shape=(4, 8)).eval(1.5, 2), "coordinate=", "1.5 is not an integer"),
    (lambda: axe.Layout(ROWS, shape=(4, 8)).inverse(m=1.5), "m=", "1.5 is not an integer"),
    (lambda: axe.Layout(ROWS, shape=(4, 8)).inverse({"m": 2 ** 63}), "m=",
     "does not fit in a 64-bit integer"),
    (lambda: axe.Layout(ROWS, shape=(4, 8)).evaluate(limit=2.5), "limit=", "is not an integer"),
    (lambda: axe.slice(ROWS, [(0, 2.5), (0, 8)], shape=(4, 8)), "region=", "is not an integer"),
])
def test_integers_are_never_truncated_or_wrapped(call, keyword, what):
    with pytest.raises(axe.LayoutError) as e:
        call()
    assert e.value.file == keyword and what in e.value.message


def test_integers_of_numpy_kind_are_taken():
    class Index:  # what numpy's integers offer: __index__
        def __index__(self):
            return 8
    assert axe.Layout(ROWS, shape=(4, Index())).shape == (4, 8)


def test_one_version_story():
    assert axe.__version__ == axe.version()
    assert run("--version")[1] == "axe-layout %s (libaxelayout %s)\n" % (
        axe.version(), axe.library_version())


@pytest.mark.parametrize("text", ["cute:(4,é):(1,4)", "cute-tv:(4,é):(1,4)",
                                  "tileas:<(4,é),(1,4)>", "lego:Row(4,é)", "S[(4,é)]"])
def test_reader_errors_quote_whole_characters(text):
    with pytest.raises(axe.LayoutError) as e:
        axe.info(text)
    assert "found 'é'" in e.value.message
    e.value.diagnostic.encode("utf-8")  # a str from valid UTF-8: no surrogates
