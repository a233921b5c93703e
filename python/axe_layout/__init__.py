"""axe_layout: Axe layouts from Python, over the shared library libaxelayout.

A thin ctypes layer over the C API of axe.h: the same reader, algebra,
equality checker, bank and TMA analyses and code generator as the
axe-layout command, in-process.  Results that the command prints as JSON
are returned as the same JSON, decoded into Python values.

    >>> import axe_layout as axe
    >>> frag = axe.Layout("specs/tensor_core_tile.yaml:frag")
    >>> frag.eval(2, 9)
    [{'laneid': 8, 'warpid': 6, 'm': 1}, {'laneid': 8, 'warpid': 10, 'm': 1}]
    >>> bool(axe.equal("S[(4,8):(8,1)]", "lego:OrderBy(Row(4, 8)).GroupBy([(4, 8)])"))
    True

The library is found through the environment variable AXE_LAYOUT_LIBRARY
(a path), else the path `make python` or `make install` recorded in
_config.py, else the system's library path (libaxelayout.so.1).
"""

import ctypes
import ctypes.util
import html
import json
import os

__all__ = ["Layout", "LayoutError", "Equality", "layout", "equal", "canon",
           "convert", "banks", "tma", "emit_cuda", "Report", "check_equal", "check", "info"]

_MAX_RANK = 64
_VERDICTS = {0: "not equal", 1: "equal", 2: "undecided"}


class _Error(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("source", ctypes.c_char * 256),
                ("line", ctypes.c_int), ("col", ctypes.c_int), ("span", ctypes.c_int),
                ("message", ctypes.c_char * 512), ("hint", ctypes.c_char * 256),
                ("context", ctypes.c_char * 200), ("context_col", ctypes.c_int)]


class _Shape(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_size_t), ("dim", ctypes.c_int64 * _MAX_RANK)]


class _Options(ctypes.Structure):
    _fields_ = [(name, ctypes.c_char_p) for name in
                ("shape", "dtype", "swizzle", "tile", "bind", "shape_option")] + \
        [("shared", ctypes.c_int)]


_PROGRESS = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)


class _Walk(ctypes.Structure):
    _fields_ = [("jobs", ctypes.c_int), ("progress", _PROGRESS),
                ("progress_ctx", ctypes.c_void_p)]


class _EqualRequest(ctypes.Structure):
    _fields_ = [("method", ctypes.c_char_p), ("timeout", ctypes.c_char_p),
                ("no_axis_relations", ctypes.c_int), ("walk", _Walk),
                ("operand", _Options), ("expr", ctypes.c_char_p), ("vars", ctypes.c_char_p),
                ("replica_vars", ctypes.c_char_p)]


class _CheckRequest(ctypes.Structure):
    _fields_ = [("junit", ctypes.c_char_p), ("verbose", ctypes.c_int),
                ("strict", ctypes.c_int)]


class _BanksRequest(ctypes.Structure):
    _fields_ = [("access", ctypes.c_char_p), ("threads", ctypes.c_char_p),
                ("vector", ctypes.c_int), ("suggest", ctypes.c_int)]


class LayoutError(Exception):
    """Bad input, as the command reports it: FILE:LINE:COL: error: MESSAGE.

    `file` is the path of a spec, "<arg>" for the text of a layout, or the
    name of the option that was wrong ("--shape"); `line` and `column` are
    1-based (0 when unknown); `hint` is a "did you mean" or ""."""

    def __init__(self, message, file="", line=0, column=0, hint="", code=0):
        self.message, self.file, self.line, self.column = message, file, line, column
        self.hint, self.code = hint, code
        where = file
        if file and line:
            where = "%s:%d:%d" % (file, line, column) if column else "%s:%d" % (file, line)
        text = "%s: error: %s" % (where, message) if where else "error: " + message
        super().__init__(text + ("\nhint: " + hint if hint else ""))


class NoResult(LayoutError):
    """An operation that has no answer for these inputs (a shape that does
    not group the layout): not an input error; `message` says why."""


def _library_path():
    env = os.environ.get("AXE_LAYOUT_LIBRARY")
    if env:
        return env
    try:
        from . import _config
        if os.path.exists(_config.LIBRARY):
            return _config.LIBRARY
    except ImportError:
        pass
    return ctypes.util.find_library("axelayout") or "libaxelayout.so.1"


def _declare(lib):
    P, S, I, L, Z = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_long, ctypes.c_size_t
    E, I64 = ctypes.POINTER(_Error), ctypes.POINTER(ctypes.c_int64)
    table = {
        "axe_error_init": (None, [E]),
        "axe_string_free": (None, [P]),
        "axe_map_read": (P, [S, ctypes.POINTER(_Options), E]),
        "axe_map_read_expr": (P, [S, S, S, S, E]),
        "axe_map_free": (None, [P]),
        "axe_map_layout": (P, [P]),
        "axe_map_to_string": (P, [P]),
        "axe_map_shape": (None, [P, ctypes.POINTER(_Shape)]),
        "axe_map_dtype": (S, [P]),
        "axe_map_notation": (S, [P]),
        "axe_map_axis_count": (Z, [P]),
        "axe_map_axis_name": (S, [P, Z]),
        "axe_map_eval": (L, [P, I64, I64, Z, E]),
        "axe_map_inverse": (L, [P, S, I64, Z, Z, E]),
        "axe_map_canon": (P, [P, I, E]),
        "axe_map_show": (P, [P, I, Z, E]),
        "axe_map_group": (P, [P, S, S, Z, E]),
        "axe_map_slice": (P, [P, S, S, Z, E]),
        "axe_map_tile": (P, [P, P, S, Z, E]),
        "axe_map_tile_of": (P, [P, P, S, Z, E]),
        "axe_map_dsum": (P, [P, P, S, Z, E]),
        "axe_map_equal": (P, [P, P, ctypes.POINTER(_EqualRequest), E]),
        "axe_equality_free": (None, [P]),
        "axe_equality_verdict": (I, [P]),
        "axe_equality_method": (S, [P]),
        "axe_equality_reason": (S, [P]),
        "axe_equality_to_string": (P, [P, I]),
        "axe_report_free": (None, [P]),
        "axe_report_text": (S, [P]),
        "axe_report_status": (I, [P]),
        "axe_report_reason": (S, [P]),
        "axe_report_notes": (S, [P]),
        "axe_map_convert": (P, [P, S, I, P, E]),
        "axe_equal_report": (P, [S, S, ctypes.POINTER(_EqualRequest), I, P, E]),
        "axe_map_equal_report": (P, [P, P, ctypes.POINTER(_EqualRequest), I, P, E]),
        "axe_spec_check": (P, [ctypes.POINTER(S), Z, ctypes.POINTER(_CheckRequest), I, P, E]),
        "axe_info_report": (P, [S, ctypes.POINTER(_Options), I, P, E]),
        "axe_map_banks": (P, [P, ctypes.POINTER(_BanksRequest), I, E]),
        "axe_map_tma": (P, [P, P, S, I, S, Z, E]),
        "axe_map_emit_cuda": (P, [P, S, ctypes.c_double, E]),
    }
    for name, (restype, argtypes) in table.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = restype, argtypes
    return lib


_lib = _declare(ctypes.CDLL(_library_path()))
_TEXT, _JSON, _SVG, _HTML = 0, 1, 2, 3


def _b(text):
    return None if text is None else str(text).encode()


def _csv(value):
    """A shape or tile given as (8, 16), [8, 16] or "8,16"."""
    if value is None or isinstance(value, str):
        return value
    return ",".join(str(int(v)) for v in value)


def _bindings(value):
    if value is None or isinstance(value, str):
        return value
    return ",".join("%s=%d" % (k, v) for k, v in value.items())


def _new_error():
    err = _Error()
    _lib.axe_error_init(ctypes.byref(err))
    return err


def _raise(err):
    raise LayoutError(err.message.decode(errors="replace"), err.source.decode(errors="replace"),
                      err.line, err.col, err.hint.decode(errors="replace"), err.code)


def _take_string(ptr, err=None):
    """The library's string at "ptr" (released), or raise the error in "err"."""
    if not ptr:
        if err is not None and err.code:
            _raise(err)
        raise MemoryError("axe_layout: out of memory")
    try:
        return ctypes.string_at(ptr).decode()
    finally:
        _lib.axe_string_free(ptr)


def _take_report(ptr, err):
    """The text and exit status of the library's report at "ptr" (released),
    or raise the error in "err"."""
    if not ptr:
        _take_string(None, err)
    try:
        return _lib.axe_report_text(ptr).decode(), _lib.axe_report_status(ptr)
    finally:
        _lib.axe_report_free(ptr)


def _why_buffer():
    return ctypes.create_string_buffer(1024)


class Layout:
    """A layout read from any notation the command line takes: a compact
    literal "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid]",
    FILE.yaml:NAME, another tool's notation FORMAT:TEXT ("lego:..."), or
    FILE.mlir:#alias; `shape`, `dtype`, `swizzle`, `tile` and `bind` are the
    command's options (a shape as (8, 16) or "8,16", bind as a dict)."""

    def __init__(self, text, *, shape=None, dtype=None, swizzle=None, tile=None, bind=None):
        opts = _Options(_b(_csv(shape)), _b(dtype), _b(swizzle), _b(_csv(tile)),
                        _b(_bindings(bind)))
        err = _new_error()
        self._map = _lib.axe_map_read(_b(text), ctypes.byref(opts), ctypes.byref(err))
        if not self._map:
            _raise(err)

    @classmethod
    def from_expr(cls, expr, *, shape, vars=None, replica_vars=None):
        """An `expr:` layout from index expressions over the variables `vars`
        ("i,j"; default i0, i1, ...), e.g. "laneid=4*i+(j/2)%4; m=j%2";
        `replica_vars` as "r=2" or {"r": 2}."""
        err = _new_error()
        if vars is not None and not isinstance(vars, str):
            vars = ",".join(vars)
        ptr = _lib.axe_map_read_expr(_b(expr), _b(vars), _b(_bindings(replica_vars)),
                                     _b(_csv(shape)), ctypes.byref(err))
        if not ptr:
            _raise(err)
        return cls._wrap(ptr)

    @classmethod
    def _wrap(cls, ptr):
        self = cls.__new__(cls)
        self._map = ptr
        return self

    def __del__(self):
        ptr, self._map = getattr(self, "_map", None), None
        if ptr and _lib is not None:
            _lib.axe_map_free(ptr)

    # --- what it is --------------------------------------------------------
    @property
    def text(self):
        """Its compact text, or "axis=EXPR; ..." for an `expr:` layout."""
        return _take_string(_lib.axe_map_to_string(self._map))

    @property
    def shape(self):
        s = _Shape()
        _lib.axe_map_shape(self._map, ctypes.byref(s))
        return tuple(s.dim[d] for d in range(s.rank))

    @property
    def axes(self):
        return tuple(_lib.axe_map_axis_name(self._map, a).decode()
                     for a in range(_lib.axe_map_axis_count(self._map)))

    @property
    def dtype(self):
        d = _lib.axe_map_dtype(self._map)
        return d.decode() if d else None

    @property
    def notation(self):
        """The notation it was read from ("lego", ...), or None for Axe's own."""
        n = _lib.axe_map_notation(self._map)
        return n.decode() if n else None

    @property
    def is_expr(self):
        return not _lib.axe_map_layout(self._map)

    def __repr__(self):
        return "Layout(%r, shape=%r)" % (self.text, self.shape)

    def __str__(self):
        return self.text

    # --- the map -------------------------------------------------------------
    def eval(self, *coord):
        """L(x) at the logical point `coord`: its images, as dicts axis -> value."""
        if len(coord) == 1 and isinstance(coord[0], (tuple, list)):
            coord = tuple(coord[0])
        axes, err = self.axes, _new_error()
        if len(coord) != len(self.shape):
            raise LayoutError("a point of shape rank %d needs %d coordinates, not %d"
                              % (len(self.shape), len(self.shape), len(coord)))
        c = (ctypes.c_int64 * max(1, len(coord)))(*coord)
        room = 64
        while True:
            out = (ctypes.c_int64 * (room * max(1, len(axes))))()
            n = _lib.axe_map_eval(self._map, c, out, room, ctypes.byref(err))
            if n < 0:
                _raise(err)
            if n <= room:
                break
            room = n
        k = len(axes)
        return [dict(zip(axes, out[i * k:(i + 1) * k])) for i in range(n)]

    def __call__(self, *coord):
        return self.eval(*coord)

    def inverse(self, point=None, *, limit=0, **axes):
        """Every logical coordinate whose image contains the physical point
        (laneid=8, warpid=6, or "laneid=8,warpid=6"; axes left out are free)."""
        if point is None:
            point = ",".join("%s=%d" % kv for kv in axes.items())
        elif isinstance(point, dict):
            point = ",".join("%s=%d" % kv for kv in point.items())
        rank, err, room = len(self.shape), _new_error(), 256
        while True:
            out = (ctypes.c_int64 * (room * max(1, rank)))()
            n = _lib.axe_map_inverse(self._map, _b(point), out, room, limit, ctypes.byref(err))
            if n < 0:
                _raise(err)
            if n <= room:
                break
            room = n
        return [tuple(out[i * rank:(i + 1) * rank]) for i in range(n)]

    def canon(self):
        """The canonical form and the rules that fired (canon --json)."""
        err = _new_error()
        return json.loads(_take_string(_lib.axe_map_canon(self._map, _JSON, ctypes.byref(err)),
                                       err))

    def show(self, width=100):
        """The picture of the forward map, as `show` draws it."""
        err = _new_error()
        return _take_string(_lib.axe_map_show(self._map, _TEXT, width, ctypes.byref(err)), err)

    def svg(self):
        """The picture of `show --format svg`: one self-contained SVG document."""
        err = _new_error()
        return _take_string(_lib.axe_map_show(self._map, _SVG, 0, ctypes.byref(err)), err)

    def html(self):
        """The picture of `show --format html`: one self-contained page."""
        err = _new_error()
        return _take_string(_lib.axe_map_show(self._map, _HTML, 0, ctypes.byref(err)), err)

    def _repr_html_(self):
        # A notebook shows the explorer's page; a layout it cannot draw, its text.
        try:
            return self.html()
        except LayoutError as e:
            return "<pre>%s</pre>" % html.escape("%s\n(%s)" % (self.text, e.message))

    # --- algebra ---------------------------------------------------------------
    def _derived(self, ptr, err, why):
        if ptr:
            return Layout._wrap(ptr)
        if err.code:
            _raise(err)
        raise NoResult(why.value.decode())

    def group(self, shape):
        """The layout refined into one block of iters per dimension of `shape`."""
        err, why = _new_error(), _why_buffer()
        return self._derived(_lib.axe_map_group(self._map, _b(_csv(shape)), why, len(why),
                                                ctypes.byref(err)), err, why)

    def slice(self, region):
        """The layout on a region, "1:3,0:8" or ((1, 3), (0, 8))."""
        if not isinstance(region, str):
            region = ",".join("%d:%d" % (b, e) for b, e in region)
        err, why = _new_error(), _why_buffer()
        return self._derived(_lib.axe_map_slice(self._map, _b(region), why, len(why),
                                                ctypes.byref(err)), err, why)

    def _pair(self, fn, other):
        other = _as_layout(other)
        err, why = _new_error(), _why_buffer()
        return self._derived(fn(self._map, other._map, why, len(why), ctypes.byref(err)),
                             err, why)

    def tile(self, inner):
        """This layout tiled by `inner` (Axe paper, Appendix C)."""
        return self._pair(_lib.axe_map_tile, inner)

    def tile_of(self, inner):
        """The outer layout C with tile(C, inner) == self (Appendix D)."""
        return self._pair(_lib.axe_map_tile_of, inner)

    def dsum(self, other):
        """The direct sum on the tiling domain (Appendix F)."""
        return self._pair(_lib.axe_map_dsum, other)

    # --- questions -----------------------------------------------------------
    def equal(self, other, *, method=None, timeout=10.0, jobs=0, axis_relations=True,
              progress=None):
        return equal(self, other, method=method, timeout=timeout, jobs=jobs,
                     axis_relations=axis_relations, progress=progress)

    def convert(self, to):
        """This layout in notation `to` (convert --to TO --json)."""
        err = _new_error()
        text, _ = _take_report(_lib.axe_map_convert(self._map, _b(to), _JSON, None,
                                                    ctypes.byref(err)), err)
        return json.loads(text)

    def banks(self, *, access=None, threads=None, vector=0, suggest=False):
        """Bank conflicts of this shared-memory tile (banks --json)."""
        if isinstance(threads, Layout):
            threads = threads.text
        req = _BanksRequest(_b(access), _b(threads), int(vector), int(bool(suggest)))
        err = _new_error()
        return json.loads(_take_string(_lib.axe_map_banks(self._map, ctypes.byref(req), _JSON,
                                                          ctypes.byref(err)), err))

    def tma(self, smem, region=None):
        """The TMA plan of a copy from this global layout to `smem` (emit-tma
        --json); {"possible": false, ...} with the rule and a fix if none."""
        smem = _as_layout(smem)
        if region is not None and not isinstance(region, str):
            region = ",".join("%d:%d" % (b, e) for b, e in region)
        err, why = _new_error(), _why_buffer()
        return json.loads(_take_string(_lib.axe_map_tma(self._map, smem._map, _b(region),
                                                        _JSON, why, len(why),
                                                        ctypes.byref(err)), err))

    def emit_cuda(self, name=None, timeout=10.0):
        """CUDA source of this layout's index functions (emit-cuda)."""
        err = _new_error()
        return _take_string(_lib.axe_map_emit_cuda(self._map, _b(name), float(timeout),
                                                   ctypes.byref(err)), err)


def _as_layout(x, **options):
    if isinstance(x, Layout):
        return x
    return Layout(x, **options)


class Equality:
    """The answer of `equal`: truthy when the layouts induce the same map.

    `verdict` is "equal", "not equal" or "undecided"; `method` the route
    that answered ("canon", "enum", "smt"); `counterexample` None or a dict
    {"coord": (...), "a": [images], "b": [images]}; `json` what check-equal
    --json prints."""

    def __init__(self, ptr):
        try:
            self.verdict = _VERDICTS[_lib.axe_equality_verdict(ptr)]
            self.method = _lib.axe_equality_method(ptr).decode()
            self.reason = _lib.axe_equality_reason(ptr).decode()
            self.json = json.loads(_take_string(_lib.axe_equality_to_string(ptr, _JSON)))
        finally:
            _lib.axe_equality_free(ptr)
        cx = self.json.get("counterexample")
        self.counterexample = None if cx is None else dict(cx, coord=tuple(cx["coord"]))

    def __bool__(self):
        return self.verdict == "equal"

    def __repr__(self):
        return "<Equality %s by %s%s>" % (self.verdict, self.method,
                                         ", counterexample at %r" % (self.counterexample["coord"],)
                                         if self.counterexample else "")


def layout(text, **options):
    """Layout(text, **options)."""
    return Layout(text, **options)


def _equal_request(method, timeout, jobs, axis_relations, progress, expr=None, vars=None,
                   replica_vars=None, **options):
    """check-equal's request, and the callback the library holds during the call."""
    callback = _PROGRESS(lambda ctx, done, total: progress(done, total)) if progress \
        else _PROGRESS()
    if vars is not None and not isinstance(vars, str):
        vars = ",".join(vars)
    opts = _Options(*(_b(v) for v in (_csv(options.get("shape")), options.get("dtype"),
                                      options.get("swizzle"), _csv(options.get("tile")),
                                      _bindings(options.get("bind")))))
    timeout = timeout if isinstance(timeout, str) else repr(float(timeout or 0))
    req = _EqualRequest(_b(method), _b(timeout), int(not axis_relations),
                        _Walk(int(jobs), callback, None), opts, _b(expr), _b(vars),
                        _b(_bindings(replica_vars)))
    return req, callback


def _sides(a, b, expr, vars, replica_vars, options):
    """The Layouts of `a` and `b`, or of `a` and the expr: layout of `expr`."""
    a = _as_layout(a, **options)
    if expr is not None:
        if b is not None:
            raise ValueError("give b or expr, not both")
        return a, Layout.from_expr(expr, shape=options.get("shape"), vars=vars,
                                   replica_vars=replica_vars)
    return a, _as_layout(b, **options)


def equal(a, b=None, *, expr=None, vars=None, replica_vars=None, method=None, timeout=10.0,
          jobs=0, axis_relations=True, progress=None, **options):
    """Whether `a` and `b` (Layouts, or texts read with the options `shape`,
    `dtype`, `swizzle`, `tile` and `bind`), or `a` and the index expressions
    `expr` over `vars`, induce the same map (check-equal): an Equality,
    truthy when they do.  `timeout` in seconds (0 or None: no limit), `jobs`
    threads (0: every core), `progress(done, total)` during an enumeration."""
    a, b = _sides(a, b, expr, vars, replica_vars, options)
    req, keep = _equal_request(method, timeout, jobs, axis_relations, progress)
    err = _new_error()
    ptr = _lib.axe_map_equal(a._map, b._map, ctypes.byref(req), ctypes.byref(err))
    del keep
    if not ptr:
        _raise(err)
    return Equality(ptr)


class Report:
    """What a command printed, as the library reports it: `text` (its
    output), `status` (its exit status: 0, 1 false, 3 undecided), `reason`
    (why not 0, in one line) and `notes` (its warnings on stderr, a list of
    lines); `json` is `text` decoded when the output is JSON."""

    def __init__(self, ptr, err, json_output):
        if not ptr:
            _take_string(None, err)
        try:
            self.text = _lib.axe_report_text(ptr).decode()
            self.status = _lib.axe_report_status(ptr)
            self.reason = _lib.axe_report_reason(ptr).decode()
            self.notes = _lib.axe_report_notes(ptr).decode().splitlines()
        finally:
            _lib.axe_report_free(ptr)
        self.json = json.loads(self.text) if json_output else None

    def __bool__(self):
        return self.status == 0

    def __repr__(self):
        return "<Report status %d%s>" % (self.status, ": " + self.reason if self.reason else "")


_FORMATS = {"text": _TEXT, "json": _JSON, "svg": _SVG, "html": _HTML}


def _form(format):
    if format not in _FORMATS:
        raise ValueError("format is text, json, svg or html, not %r" % (format,))
    return _FORMATS[format]


def check_equal(a, b=None, *, expr=None, vars=None, replica_vars=None, method=None,
                timeout=10.0, jobs=0, axis_relations=True, progress=None, format="json",
                **options):
    """`check-equal` as the command runs it, with the options of `equal`:
    a Report of the answer in `format` ("json", "text", or the "svg" or
    "html" picture); texts are read exactly as the command reads them."""
    req, keep = _equal_request(method, timeout, jobs, axis_relations, progress, expr, vars,
                               replica_vars, **options)
    err = _new_error()
    if isinstance(a, str) and (b is None or isinstance(b, str)):
        ptr = _lib.axe_equal_report(_b(a), _b(b), ctypes.byref(req), _form(format), None,
                                    ctypes.byref(err))
    else:
        a, b = _sides(a, b, expr, vars, replica_vars, options)
        ptr = _lib.axe_map_equal_report(a._map, b._map, ctypes.byref(req), _form(format),
                                        None, ctypes.byref(err))
    del keep
    return Report(ptr, err, format == "json")


def check(paths, *, junit=None, verbose=False, strict=False, format="json"):
    """`check SPEC...`: run the `checks:` of the spec file(s) `paths`; a
    Report whose `json` has every check and the totals (format "json") or
    whose `text` has the command's lines (format "text")."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    argv = (ctypes.c_char_p * len(paths))(*(_b(os.fspath(p)) for p in paths))
    req = _CheckRequest(_b(junit), int(bool(verbose)), int(bool(strict)))
    err = _new_error()
    return Report(_lib.axe_spec_check(argv, len(paths), ctypes.byref(req), _form(format), None,
                                      ctypes.byref(err)), err, format == "json")


def info(x, *, format="json", **options):
    """`info LAYOUT`: size, per-axis range and span, axis kinds, replication,
    injectivity, swizzle and admitted shapes (decoded JSON, or the text with
    format="text"); a spec file of several layouts lists them."""
    opts = _Options(_b(_csv(options.get("shape"))), _b(options.get("dtype")),
                    _b(options.get("swizzle")), _b(_csv(options.get("tile"))),
                    _b(_bindings(options.get("bind"))))
    err = _new_error()
    r = Report(_lib.axe_info_report(_b(x), ctypes.byref(opts), _form(format), None,
                                    ctypes.byref(err)), err, format == "json")
    return r.json if format == "json" else r.text


def canon(x, **options):
    return _as_layout(x, **options).canon()


def convert(x, to, **options):
    return _as_layout(x, **options).convert(to)


def banks(smem, *, access=None, threads=None, vector=0, suggest=False, **options):
    return _as_layout(smem, **options).banks(access=access, threads=threads, vector=vector,
                                             suggest=suggest)


def tma(global_layout, smem, region=None, **options):
    return _as_layout(global_layout, **options).tma(_as_layout(smem, **options), region)


def emit_cuda(x, name=None, timeout=10.0, **options):
    return _as_layout(x, **options).emit_cuda(name, timeout)
