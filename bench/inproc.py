"""bench/inproc.py: in-process figures of the Python module (bench/cases/inproc.sh).

Each CuTe algebra case of the issue is timed through axe_layout.cute (layouts
held in memory, proof included), through axe_layout's text API (text in, a
Report out: the figure printed for reference, with no peer), and through a
pure-Python loop written here from CuTe's
definitions (flat leaves, coalesce, composition by dividing out the stride
and keeping the size, complement by sorted strides, right_inverse by
strides matching the running product): the peer a user without the library
would write.  Before timing, the peer's answer is checked to be the same
map as the library's (crd2idx on both, every point).  Prints one line per
case: NAME OURS_SECONDS PEER_SECONDS, then REPORT_NAME SECONDS per text call.
"""

import ast
import sys
import time

import axe_layout as axe
from axe_layout import cute


# --- the peer: CuTe's algebra on flat leaves [(shape, stride), ...] ---------------------

def leaves(shape, stride):
    if isinstance(shape, int):
        return [(shape, stride)]
    return [leaf for s, d in zip(shape, stride) for leaf in leaves(s, d)]


def coalesce(flat):
    out = []
    for s, d in flat:
        if s == 1:
            continue
        if out and out[-1][0] * out[-1][1] == d:
            out[-1] = (out[-1][0] * s, out[-1][1])
        else:
            out.append((s, d))
    return out or [(1, 0)]


def compose_leaf(a, s, d):
    """A o s:d for coalesced leaves `a`: divide out d, then keep s elements."""
    if d == 0 or s == 1:
        return [(s, 0)]
    out = []
    for i, (sh, st) in enumerate(a):
        if i == len(a) - 1:
            out.append((s, st * d))
            return out
        if d >= sh:
            d //= sh
            continue
        m = min(sh // d, s)
        out.append((m, st * d))
        s //= m
        d = 1
        if s == 1:
            return out
    return out


def compose(a, b_modes):
    ca = coalesce(a)
    return [compose_leaf(ca, s, d) for mode in b_modes for s, d in mode]


def complement(a, cotarget):
    cur, out = 1, []
    for s, d in sorted((s, d) for s, d in a if d != 0 and s != 1):
        out.append((d // cur, cur))
        cur = s * d
    out.append(((cotarget + cur - 1) // cur, cur))
    return coalesce(out)


def right_inverse(a):
    weight, placed = 1, []
    for s, d in a:
        placed.append((d, s, weight))
        weight *= s
    cur, out = 1, []
    for d, s, w in sorted(placed):
        if s == 1:
            continue
        if d != cur:
            break
        out.append((s, w))
        cur *= s
    return coalesce(out)


def zipped_divide(a_modes, tiler):
    tiles, rests = [], []
    for mode, t in zip(a_modes, tiler):
        size = 1
        for s, _ in mode:
            size *= s
        comp = complement([(t, 1)], size)
        ca = coalesce(mode)
        tiles += compose_leaf(ca, t, 1)
        for s, d in comp:
            rests += compose_leaf(ca, s, d)
    return tiles + rests


# --- checking the peer against the library's answer -------------------------------------

def flat_eval(flat, idx):
    total = 0
    for i, (s, d) in enumerate(flat):
        c = idx if i == len(flat) - 1 else idx % s
        idx //= s
        total += c * d
    return total


def cute_leaves(text):
    shape, stride = text.split(":")
    return leaves(ast.literal_eval(shape), ast.literal_eval(stride))


def same_map(ours, peer):
    flat = cute_leaves(ours["cute"])
    size = 1
    for s, _ in flat:
        size *= s
    return all(flat_eval(flat, i) == flat_eval(peer, i) for i in range(size))


def per_call(fn, rounds=7):
    calls, start = 1, time.perf_counter()
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        if time.perf_counter() - start > 0.02:
            break
        calls *= 2
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls)
    return sorted(times)[rounds // 2]


ROW = ((128, 256), (256, 1))
A = cute.Layout(*ROW)
B = cute.Layout((128, 256), (1, 128))
BLOCKED = cute.Layout(((8, 16), (16, 16)), ((16, 1), (2048, 128)))
STRIDED = cute.Layout(128, 256)
SQUARE = cute.Layout((64, 64), (64, 1))
CASES = [
    ("compose", lambda: cute.composition(A, B),
     lambda: [leaf for mode in compose(leaves(*ROW), [[(128, 1)], [(256, 128)]])
              for leaf in mode]),
    ("coalesce", lambda: cute.coalesce(BLOCKED),
     lambda: coalesce(leaves(((8, 16), (16, 16)), ((16, 1), (2048, 128))))),
    ("complement", lambda: cute.complement(STRIDED, 65536),
     lambda: complement([(128, 256)], 65536)),
    ("right_inverse", lambda: cute.right_inverse(A),
     lambda: right_inverse(leaves(*ROW))),
    ("zipped_divide", lambda: cute.zipped_divide(SQUARE, (8, 16)),
     lambda: zipped_divide([[(64, 64)], [(64, 1)]], (8, 16))),
]
REPORTS = [
    ("compose", lambda: axe.compose("(128,256):(256,1)", "(128,256):(1,128)")),
    ("coalesce", lambda: axe.coalesce("((8,16),(16,16)):((16,1),(2048,128))")),
    ("complement", lambda: axe.complement("128:256", cosize=65536)),
    ("right_inverse", lambda: axe.right_inverse("(128,256):(256,1)")),
    ("zipped_divide", lambda: axe.divide("(64,64):(64,1)", "<8,16>", kind="zipped")),
]


def main():
    for name, ours, peer in CASES:
        answer = ours()
        if not same_map({"cute": str(answer)}, peer()):
            print("%s FAILED FAILED" % name)
            continue
        print("%s %.9f %.9f" % (name, per_call(ours), per_call(peer)))
    for name, ours in REPORTS:
        print("report_%s %.9f" % (name, per_call(ours)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
