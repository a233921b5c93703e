/*
 * dsum.c: the direct sum on the tiling domain, Axe paper Appendix F.2: per
 * dimension, the left block followed by the right block, replicas joined,
 * offsets added.  It is tile.c's interleaving without the span scaling
 * (Appendix F.3), so the construction lives there once.
 *
 * Example (Appendix F.4): S[(2,2):(8,2)] (+) S[(2,2):(4,1)] on their default
 * shapes (2, 2) interleaves to (2:8, 2:4, 2:2, 2:1), which canonicalizes to
 * S[16:1] on shape (4, 4).  The paper groups both by the rank-1 shape (4),
 * which gives S[(2,2,2,2):(8,2,4,1)] on (16); swapping its two middle digits
 * (the paper's "benign reordering" of the domain) gives S[16:1] again.
 */
#include "dsum.h"
#include "tile.h"

int axe_layout_dsum(const axe_layout *left, const axe_shape *left_shape,
		    const axe_layout *right, const axe_shape *right_shape,
		    axe_algebra_result *out, axe_reason *why, axe_error *err)
{
	static const char *const names[2] = { "left", "right" };

	return axe_layout_interleave(left, left_shape, right, right_shape, false, names, out,
				     why, err);
}
