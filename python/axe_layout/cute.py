"""CuTe layouts in memory and CuTe's algebra on them, with pycute's names.

    from axe_layout import cute
    A = cute.Layout((128, 256), (256, 1))       # or cute.Layout("(128,256):(256,1)")
    R = cute.composition(A, cute.Layout((128, 256), (1, 128)))
    str(R), R.shape, R.stride, R(5), R.size(), len(R), R[0]

Each operation is one call into the C library, with no text or JSON on the
way, and each result is proved by its defining property before it is
returned (as the commands prove theirs).  The semantics are CuTe's C++
(CUTLASS's include/cute/layout.hpp) where it differs from pycute; a second
operand is a Layout, an int N (N:1) or a tuple of them, a by-mode tiler
whose None keeps a mode.  Bad input raises axe_layout.LayoutError; when
CuTe has no such layout (a divisibility condition fails) the call raises
axe_layout.NoResult with the reason.  The same algebra on text, with the
proof's words and the Axe form of the result: axe_layout.compose() and the
others (Report objects), or the commands.
"""

from . import NoResult, LayoutError  # noqa: F401  (loads the library first)
from ._cute_values import (  # noqa: F401
    Layout,
    blocked_product,
    coalesce,
    complement,
    composition,
    filter,
    flat_divide,
    flat_product,
    left_inverse,
    logical_divide,
    logical_product,
    raked_product,
    right_inverse,
    tiled_divide,
    tiled_product,
    zipped_divide,
    zipped_product,
)


def size(layout):
    """size(layout): the number of its coordinates."""
    return layout.size()


def cosize(layout):
    """cosize(layout): layout(size - 1) + 1, as CuTe defines it."""
    return layout.cosize()


def rank(layout):
    """rank(layout): the number of its top-level modes."""
    return len(layout)


__all__ = ["Layout", "size", "cosize", "rank", "composition", "complement", "coalesce",
           "filter", "right_inverse", "left_inverse", "logical_divide", "zipped_divide",
           "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
           "flat_product", "blocked_product", "raked_product", "NoResult", "LayoutError"]
