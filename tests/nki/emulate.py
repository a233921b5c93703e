"""Run an NKI kernel from `axe-layout emit-trainium --nki` in plain Python.

usage: python3 tests/nki/emulate.py KERNEL.py K,M,N A.jsonl B.jsonl C.jsonl MATMULS

A tiny stand-in for the `nki` package (nki.jit, nki.language, nki.isa) that
records and executes what the kernel does on Python lists, with exact integer
arithmetic, and checks the Tensor Engine's rules on the way: operands of
nc_matmul in SBUF, its result in PSUM within one 2 KiB bank, K <= 128
partitions shared by both operands, stationary free size <= 128, moving free
size <= 512; partition slices of step 1 and at most 128 partitions; every
slice inside its tensor; copies between views of one shape; PSUM read only
after it was written.

The kernel runs on small integer matrices a (K, M) and b (K, N); then
  - its result equals the reference a.T @ b,
  - it issued MATMULS nc_matmul calls,
  - a_sb, b_sb and C's on-chip tensor (c_ps or c_sb) hold every element at
    the place its layout gives: the A, B, C files are the output of
    `axe-layout eval LAYOUT --all --json` (one {"coord", "images"} per line),
    an oracle independent of the kernel generator.
Prints "ok: ..." and exits 0, or prints what differs and exits 1.
"""
import json
import sys
import types

PARTITIONS = 128
BANK_BYTES = 2048
SBUF_BYTES = 192 * 1024
BYTES = {"float32": 4, "tfloat32": 4, "bfloat16": 2, "float16": 2,
         "float8_e4m3": 1, "float8_e5m2": 1}


class EmulationError(Exception):
    pass


def check(cond, what):
    if not cond:
        raise EmulationError(what)


class Tensor:
    """An array in one memory: a flat list of values, None where never written."""

    def __init__(self, shape, dtype, buffer):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.buffer = buffer
        size = 1
        for d in self.shape:
            check(isinstance(d, int) and d > 0, "bad shape %r" % (shape,))
            size *= d
        self.data = [None] * size
        if buffer != "hbm":
            check(self.shape[0] <= PARTITIONS,
                  "%s tensor of %d partitions" % (buffer, self.shape[0]))

    def per_partition(self):
        n = 1
        for d in self.shape[1:]:
            n *= d
        return n

    def __getitem__(self, key):
        return View(self, key if isinstance(key, tuple) else (key,))


class View:
    """A slice of a tensor: per dimension an int or a range of indices."""

    def __init__(self, base, key):
        check(len(key) == len(base.shape), "index %r of a %d-d tensor" % (key, len(base.shape)))
        self.base = base
        self.axes = []
        for dim, (k, extent) in enumerate(zip(key, base.shape)):
            if isinstance(k, slice):
                start, stop, step = k.start or 0, k.stop, k.step or 1
                check(step > 0 and stop > start, "empty slice %r" % (k,))
                count = (stop - start + step - 1) // step
                check(start >= 0 and start + (count - 1) * step < extent,
                      "slice %d:%d:%d outside extent %d" % (start, stop, step, extent))
                if dim == 0 and base.buffer != "hbm":
                    check(step == 1, "partition slice with step %d" % step)
                self.axes.append(range(start, start + count * step, step))
            else:
                check(0 <= k < extent, "index %d outside extent %d" % (k, extent))
                self.axes.append(k)
        self.shape = tuple(len(a) for a in self.axes if isinstance(a, range))

    def coords(self):
        """Base coordinates of the view's elements, row-major in the view."""
        out = [()]
        for a in self.axes:
            out = [c + (i,) for c in out for i in (a if isinstance(a, range) else (a,))]
        return out

    def flat(self):
        res = []
        for c in self.coords():
            f = 0
            for i, extent in zip(c, self.base.shape):
                f = f * extent + i
            res.append(f)
        return res

    def read(self):
        data = self.base.data
        vals = [data[f] for f in self.flat()]
        check(all(v is not None for v in vals), "read of an unwritten %s element" % self.base.buffer)
        return vals

    def write(self, vals):
        for f, v in zip(self.flat(), vals):
            self.base.data[f] = v

    def first_partition(self):
        a = self.axes[0]
        return a.start if isinstance(a, range) else a


class Recorder:
    def __init__(self):
        self.calls = {}
        self.sbuf_bytes = 0

    def note(self, name):
        self.calls[name] = self.calls.get(name, 0) + 1


REC = Recorder()


def as_view(t):
    return t if isinstance(t, View) else t[tuple(slice(0, d) for d in t.shape)]


def ndarray(shape, dtype, buffer):
    t = Tensor(shape, dtype, buffer)
    if buffer == "sbuf":
        REC.sbuf_bytes += t.per_partition() * BYTES[dtype]
        check(REC.sbuf_bytes <= SBUF_BYTES, "SBUF over %d bytes per partition" % SBUF_BYTES)
    if buffer == "psum":
        check(dtype == "float32", "PSUM tensor of %s" % dtype)
    return t


def dma_copy(dst, src):
    REC.note("dma_copy")
    dst, src = as_view(dst), as_view(src)
    check(dst.shape == src.shape, "dma_copy of %r into %r" % (src.shape, dst.shape))
    check("psum" not in (dst.base.buffer, src.base.buffer), "DMA touches PSUM")
    dst.write(src.read())


def dma_transpose(dst, src):
    REC.note("dma_transpose")
    dst, src = as_view(dst), as_view(src)
    check(len(src.shape) == 2 and dst.shape == src.shape[::-1],
          "dma_transpose of %r into %r" % (src.shape, dst.shape))
    rows, cols = src.shape
    vals = src.read()
    dst.write([vals[j * cols + i] for i in range(cols) for j in range(rows)])


def tensor_copy(dst, src):
    REC.note("tensor_copy")
    dst, src = as_view(dst), as_view(src)
    check(dst.shape == src.shape, "tensor_copy of %r into %r" % (src.shape, dst.shape))
    check(dst.first_partition() == src.first_partition(), "tensor_copy across partitions")
    dst.write(src.read())


def memset(dst, value):
    REC.note("memset")
    dst = as_view(dst)
    dst.write([value] * len(dst.flat()))


def bank_of(view, flat):
    per = view.base.per_partition()
    return (flat % per) * 4 // BANK_BYTES


def nc_matmul(dst, stationary, moving):
    REC.note("nc_matmul")
    dst, st, mv = as_view(dst), as_view(stationary), as_view(moving)
    check(st.base.buffer == "sbuf" and mv.base.buffer == "sbuf", "matmul operand not in SBUF")
    check(dst.base.buffer == "psum", "matmul result not in PSUM")
    check(len(st.shape) == 2 and len(mv.shape) == 2 and len(dst.shape) == 2, "matmul of non-2-D tiles")
    (k, s), (k2, v) = st.shape, mv.shape
    check(k == k2 and k <= PARTITIONS, "contraction %d vs %d partitions" % (k, k2))
    check(st.first_partition() == 0 and mv.first_partition() == 0, "operand not at partition 0")
    check(dst.first_partition() == 0, "result not at partition 0")
    check(s <= 128 and v <= 512, "stationary %d or moving %d too wide" % (s, v))
    check(dst.shape == (s, v), "result %r for %r x %r" % (dst.shape, st.shape, mv.shape))
    check(len({bank_of(dst, f) for f in dst.flat()}) == 1, "result spans PSUM banks")
    a, b, c = st.read(), mv.read(), dst.read()
    dst.write([c[i * v + j] + sum(a[kk * s + i] * b[kk * v + j] for kk in range(k))
               for i in range(s) for j in range(v)])


def install():
    nki = types.ModuleType("nki")
    nl = types.ModuleType("nki.language")
    nisa = types.ModuleType("nki.isa")
    nki.jit = lambda f: f
    nki.language, nki.isa = nl, nisa
    nl.ndarray = ndarray
    nl.sbuf, nl.psum, nl.shared_hbm = "sbuf", "psum", "hbm"
    for name in BYTES:
        setattr(nl, name, name)

    def counted(name):
        def r(n):
            REC.note(name)
            return range(n)
        return r
    nl.affine_range = counted("affine_range")
    nl.sequential_range = counted("sequential_range")
    for f in (dma_copy, dma_transpose, tensor_copy, memset, nc_matmul):
        setattr(nisa, f.__name__, f)
    sys.modules.update({"nki": nki, "nki.language": nl, "nki.isa": nisa})


def hbm(rows, cols, seed):
    t = Tensor((rows, cols), "float32", "hbm")
    t.data = [(seed * i + 3 * j + 1) % 11 - 5 for i in range(rows) for j in range(cols)]
    return t


def run_kernel(path, a, b):
    """Call the kernel; return its result and the locals it ended with."""
    src = open(path).read()
    scope = {}
    exec(compile(src, path, "exec"), scope)
    (fn,) = [v for v in scope.values() if isinstance(v, types.FunctionType)]
    seen = {}

    def profile(frame, event, arg):
        if event == "return" and frame.f_code is fn.__code__:
            seen.update(frame.f_locals)
    sys.setprofile(profile)
    try:
        c = fn(a, b)
    finally:
        sys.setprofile(None)
    return c, seen


def check_placement(name, tensor, path, value):
    """Every line of `axe-layout eval --all --json` at "path": tensor[place] == value(coord)."""
    n = 0
    for line in open(path):
        point = json.loads(line)
        (image,) = point["images"]
        place = [image.get("P", 0)]
        if len(tensor.shape) == 3:
            place.append(image.get("Bank", 0))
        place.append(image.get("F", 0))
        f = 0
        for i, extent in zip(place, tensor.shape):
            check(0 <= i < extent, "%s place %r outside %r" % (name, place, tensor.shape))
            f = f * extent + i
        got, want = tensor.data[f], value(*point["coord"])
        check(got == want, "%s%r at %r holds %r, not %r" % (name, tuple(point["coord"]), place, got, want))
        n += 1
    return n


def main(argv):
    path, dims, fa, fb, fc, matmuls = argv[1:7]
    K, M, N = (int(x) for x in dims.split(","))
    install()
    a, b = hbm(K, M, 7), hbm(K, N, 5)
    c, local = run_kernel(path, a, b)
    check(isinstance(c, Tensor) and c.shape == (M, N), "the kernel returned no (%d, %d) tensor" % (M, N))
    ref = [sum(a.data[k * M + m] * b.data[k * N + n] for k in range(K)) for m in range(M) for n in range(N)]
    for i, (got, want) in enumerate(zip(c.data, ref)):
        check(got == want, "c[%d, %d] = %r, not %r" % (i // N, i % N, got, want))
    check(REC.calls.get("nc_matmul", 0) == int(matmuls),
          "%d nc_matmul calls, not %s" % (REC.calls.get("nc_matmul", 0), matmuls))
    cname = "c_ps" if "c_ps" in local else "c_sb"
    places = check_placement("a_sb", local["a_sb"], fa, lambda k, m: a.data[k * M + m])
    places += check_placement("b_sb", local["b_sb"], fb, lambda k, n: b.data[k * N + n])
    places += check_placement(cname, local[cname], fc, lambda m, n: ref[m * N + n])
    print("ok: c = a.T @ b (%dx%dx%d), %d nc_matmul calls, %d places as the layouts say"
          % (K, M, N, REC.calls["nc_matmul"], places))


if __name__ == "__main__":
    try:
        main(sys.argv)
    except EmulationError as e:
        print("emulation failed: %s" % e)
        sys.exit(1)
