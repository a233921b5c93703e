/*
 * axe.h: the public interface of libaxelayout.
 *
 * An Axe layout (Axe paper, section 2) maps a logical coordinate to a set of
 * physical coordinates on named hardware axes: L(x) = { D(x) + r + O : r in R }.
 * D is the shard (ordered iters), R the replica (a multiset of iters) and O a
 * per-axis offset.  This header exposes opaque handles and the functions a
 * program needs to parse, inspect and evaluate layouts; the struct layouts are
 * private to the library (src/core/layout.h).
 *
 * Conventions: inputs are borrowed and const; the caller owns what a _new,
 * _parse or _dup function returns and releases it with the matching _free
 * (which accepts NULL).  Fallible functions take `axe_error *err` last and
 * return NULL or -1; the first error recorded in `err` is kept.
 */
#ifndef AXE_H
#define AXE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Every function of this header is exported from the shared library, and
 * nothing else is: the library is built with -fvisibility=hidden.
 */
#define AXE_API __attribute__((visibility("default")))

/* Exit statuses of the command-line tool (and of `axe_verdict` results). */
enum axe_exit {
	AXE_EXIT_OK = 0,        /* done, or the property holds */
	AXE_EXIT_FALSE = 1,     /* the property does not hold */
	AXE_EXIT_INPUT = 2,     /* usage or input error */
	AXE_EXIT_UNDECIDED = 3, /* the solver gave up or timed out */
};

/* An answer, not an error: three-valued like isl_bool. */
enum axe_verdict {
	AXE_VERDICT_FALSE = 0,
	AXE_VERDICT_TRUE = 1,
	AXE_VERDICT_UNKNOWN = 2,
};

enum axe_error_code {
	AXE_ERR_NONE = 0,
	AXE_ERR_SYNTAX,   /* malformed text */
	AXE_ERR_VALUE,    /* well-formed but invalid value (extent 0, bad shape) */
	AXE_ERR_OVERFLOW, /* a product or sum left the signed 64-bit range */
	AXE_ERR_RANGE,    /* a coordinate outside the domain */
	AXE_ERR_NAME,     /* unknown layout, key or axis */
	AXE_ERR_IO,       /* a file could not be read */
	AXE_ERR_LIMIT,    /* a resource limit was reached */
	AXE_ERR_NOMEM,
};

#define AXE_MAX_RANK 64 /* logical dimensions of a shape */

/*
 * Where an error is and what it says.  `line` and `col` are 1-based (0 when
 * unknown); `span` is the length of the offending text.  `context` holds the
 * source line (or a window of it) and `context_col` the 1-based column of the
 * problem inside `context`, so that a caret line can be drawn under it.
 */
typedef struct axe_error {
	int code;             /* enum axe_error_code */
	char source[256];     /* file path, or "<arg>" for a command-line literal */
	int line, col, span;
	char message[512];
	char hint[256];       /* "did you mean ..." or empty */
	char context[200];
	int context_col;
} axe_error;

AXE_API void axe_error_init(axe_error *err);

/* A logical shape: `rank` extents, outermost first. */
typedef struct axe_shape {
	size_t rank;
	int64_t dim[AXE_MAX_RANK];
} axe_shape;

typedef struct axe_layout axe_layout;

/* Parse the compact syntax of spec-format.md section 1; NULL on error. */
AXE_API axe_layout *axe_layout_parse(const char *text, axe_error *err);
AXE_API axe_layout *axe_layout_dup(const axe_layout *layout);
AXE_API void axe_layout_free(axe_layout *layout);

/* The compact text of `layout`; the caller frees the string. */
AXE_API char *axe_layout_to_string(const axe_layout *layout);

/* The product of the shard extents, overflow-checked. */
AXE_API int axe_layout_size(const axe_layout *layout, int64_t *size, axe_error *err);

/* Number of axes the layout names, and their names in order of first appearance. */
AXE_API size_t axe_layout_axis_count(const axe_layout *layout);
AXE_API const char *axe_layout_axis_name(const axe_layout *layout, size_t axis);

/* The default shape: the shard extents. */
AXE_API void axe_layout_default_shape(const axe_layout *layout, axe_shape *shape);

/*
 * Evaluate L(x) at `coord` (a point of `shape`).  Writes up to `max_images`
 * images of axe_layout_axis_count() values each into `images` (image-major)
 * and returns the number of distinct images, or -1 on error.
 */
AXE_API long axe_layout_eval(const axe_layout *layout, const axe_shape *shape,
		     const int64_t *coord, int64_t *images, size_t max_images,
		     axe_error *err);

/*
 * ---------------------------------------------------------------------------
 * The library API: what the command-line tool does, for compilers and for
 * Python (the module axe_layout is a thin ctypes layer over these calls).
 *
 * An axe_map is a layout as any command reads it: a compact literal
 * ("S[(8,16):(4@laneid,1)]"), FILE.yaml:NAME (or FILE.yaml holding one
 * layout), another tool's notation FORMAT:TEXT ("lego:...", and the other
 * notations `axe-layout --help` lists), or FILE.mlir:#alias; with the
 * options --shape, --dtype, --swizzle, --tile and --bind of the command
 * line, as strings.  A map is in S/R/O form (axe_map_layout() is not NULL)
 * or an `expr:` layout (index expressions; of the functions below only
 * eval, equal and convert take those, the others refuse them).
 *
 * Strings returned as `char *` are the caller's, released with
 * axe_string_free().  Text and JSON outputs are exactly what the matching
 * command prints with and without --json.  Nothing here prints or exits.
 * Errors are placed as the command places them: source "<arg>" for an
 * operand's text, the option's name ("--shape", "--region", "--to") for the
 * value of an option, a spec's path, line and column for its entries.
 * An algebra operation that has no result for these inputs (a shape that
 * does not group the layout) is not an error: it returns NULL, leaves `err`
 * unset (code AXE_ERR_NONE) and writes the reason into `why` (`why_size`
 * bytes, may be 0).  Pointer arguments are not NULL unless a comment says.
 * ---------------------------------------------------------------------------
 */

typedef struct axe_map axe_map;
typedef struct axe_report axe_report; /* see "Reports" below */

/* The qualifying options of an operand, as on the command line (NULL: none). */
typedef struct axe_map_options {
	const char *shape;   /* "8,16": the logical shape */
	const char *dtype;   /* "f16" */
	const char *swizzle; /* "none", "32B", "64B", "128B" or "M,B,S" */
	const char *tile;    /* "M,N": the tile of a cute-tv: layout */
	const char *bind;    /* "M=128,K=64": names in a lego: layout's tile sizes */
	const char *shape_option; /* the option errors in `shape` name (NULL: "--shape") */
	int shared;          /* nonzero: these options qualify several operands; one in
				no notation ignores `tile` and `bind` */
} axe_map_options;

/* Output forms of the functions that return a string. */
enum axe_output {
	AXE_OUTPUT_TEXT = 0,
	AXE_OUTPUT_JSON = 1,
	AXE_OUTPUT_SVG = 2,  /* pictures (axe_map_show): one self-contained SVG */
	AXE_OUTPUT_HTML = 3, /* pictures: one self-contained HTML page */
};

/* Release a string returned by this library (NULL is a no-op). */
AXE_API void axe_string_free(char *text);

/* Read operand `text` with `opts` (may be NULL); NULL with `err` set on error. */
AXE_API axe_map *axe_map_read(const char *text, const axe_map_options *opts,
			      axe_error *err);

/*
 * An `expr:` layout from index expressions, as check-equal's --expr, --vars,
 * --replica-vars and --shape read them ("laneid=4*i+(j/2)%4; m=j%2", "i,j",
 * "r=2" or NULL, "8,16").
 */
AXE_API axe_map *axe_map_read_expr(const char *expr, const char *vars,
				   const char *replica_vars, const char *shape,
				   axe_error *err);

AXE_API void axe_map_free(axe_map *map);

/* The layout in S/R/O form, or NULL for an `expr:` layout. */
AXE_API const axe_layout *axe_map_layout(const axe_map *map);

/* Its compact text, or the `expr:` text; the caller frees it. */
AXE_API char *axe_map_to_string(const axe_map *map);

/* The logical shape the map is read on. */
AXE_API void axe_map_shape(const axe_map *map, axe_shape *shape);

/* The element type's name, or NULL when none was given. */
AXE_API const char *axe_map_dtype(const axe_map *map);

/* The notation it was read from ("cute", "lego", ...), or NULL for Axe's own. */
AXE_API const char *axe_map_notation(const axe_map *map);

/* The axes it names, in its order (the order of eval's image values). */
AXE_API size_t axe_map_axis_count(const axe_map *map);
AXE_API const char *axe_map_axis_name(const axe_map *map, size_t axis);

/*
 * L(x) at `coord` (rank of its shape values): writes up to `max_images`
 * distinct images of axe_map_axis_count() values each into `images` and
 * returns how many there are, or -1 on error (a coordinate out of range).
 */
AXE_API long axe_map_eval(const axe_map *map, const int64_t *coord, int64_t *images,
			  size_t max_images, axe_error *err);

/*
 * Every logical coordinate whose image contains the physical point `point`
 * ("laneid=8,warpid=6"; axes left out are free), in row-major order: writes
 * up to `max_coords` of them (rank values each) into `coords` and returns
 * how many there are, or -1 on error; more than `limit` of them (0: 1000000,
 * eval --inverse's default) is an AXE_ERR_LIMIT error.
 */
AXE_API long axe_map_inverse(const axe_map *map, const char *point, int64_t *coords,
			     size_t max_coords, size_t limit, axe_error *err);

/* The canonical form and the rules that fired, as `canon` prints it. */
AXE_API char *axe_map_canon(const axe_map *map, enum axe_output form, axe_error *err);

/* The picture `show` draws of the forward map, `width` columns wide (0: 80). */
AXE_API char *axe_map_show(const axe_map *map, enum axe_output form, size_t width,
			   axe_error *err);

/*
 * The algebra (Axe paper, Appendices B-F), each returning a new map (the
 * result's layout on the result's shape, as the command of the same name
 * prints them): group by `shape` ("4,8"; NULL: the map's own
 * shape); tile `outer` by `inner`; tile-of: the outer layout C with
 * tile(C, inner) = `tile`; slice `map` to `region` ("0:4,8:16"); the direct
 * sum of `left` and `right` on the tiling domain.  Each operand is taken on
 * its own shape.
 */
AXE_API axe_map *axe_map_group(const axe_map *map, const char *shape, char *why,
			       size_t why_size, axe_error *err);
AXE_API axe_map *axe_map_tile(const axe_map *outer, const axe_map *inner, char *why,
			      size_t why_size, axe_error *err);
AXE_API axe_map *axe_map_tile_of(const axe_map *tile, const axe_map *inner, char *why,
				 size_t why_size, axe_error *err);
AXE_API axe_map *axe_map_slice(const axe_map *map, const char *region, char *why,
			       size_t why_size, axe_error *err);
AXE_API axe_map *axe_map_dsum(const axe_map *left, const axe_map *right, char *why,
			      size_t why_size, axe_error *err);

/*
 * `map` in notation `to` ("axe", "cute", "lego", ...) as `convert --to`
 * prints it: the text (checked by reading it back and proving it equal), or
 * the reason no such form exists (status FALSE, or UNDECIDED when the proof
 * gave up).  NULL on an error (an unknown notation).  Reports: see below.
 */
AXE_API axe_report *axe_map_convert(const axe_map *map, const char *to, enum axe_output form,
				    FILE *out, axe_error *err);

/*
 * Shared-memory bank conflicts of the tile `smem` (with a dtype), as
 * `banks` prints them: read by `access` (ldmatrix.x1|x2|x4, stmatrix.x1|x2|x4)
 * or by the thread layout `threads` (an operand text); `vector` bytes per
 * lane (0: the default); nonzero `suggest` ranks swizzles and paddings.
 */
typedef struct axe_banks_request {
	const char *access;  /* or NULL */
	const char *threads; /* or NULL */
	int vector;
	int suggest;
} axe_banks_request;

AXE_API char *axe_map_banks(const axe_map *smem, const axe_banks_request *req,
			    enum axe_output form, axe_error *err);

/*
 * The TMA plan (cuTensorMapEncodeTiled and the copies) of a copy between
 * the global layout `global` and the shared-memory layout `smem`, as
 * `emit-tma` prints it; `region` ("0:64,0:128") or NULL for the whole
 * tensor.  When no TMA copy does it, the string is emit-tma's refusal (the
 * failing rule and a fix) and `why` holds it in one line; else `why` is "".
 */
AXE_API char *axe_map_tma(const axe_map *global, const axe_map *smem, const char *region,
			  enum axe_output form, char *why, size_t why_size, axe_error *err);

/*
 * CUDA source of the index functions `name` (a C identifier; NULL: the
 * spec entry's name, else "layout") of `map`, as `emit-cuda` writes them;
 * `timeout` bounds the proof that the code computes the map (seconds; 0: no
 * limit).  A refuted or undecided proof is an error.
 */
AXE_API char *axe_map_emit_cuda(const axe_map *map, const char *name, double timeout,
				axe_error *err);

/*
 * ---------------------------------------------------------------------------
 * Reports: what a command prints, and the exit status it returns.
 *
 * A function that returns an axe_report does what the command of the same
 * name does.  Its output (text, JSON, SVG or HTML as `form` asks) goes to
 * `out` as it is produced when `out` is not NULL (the command-line tool
 * passes stdout or the -o file), else it is kept in the report
 * (axe_report_text).  The status is the command's exit status (enum
 * axe_exit): OK, or FALSE when the property does not hold (a conflict over
 * the limit, a failed check, no form in a notation), or UNDECIDED.  Errors
 * are not reports: those functions return NULL with `err` set.
 * ---------------------------------------------------------------------------
 */

AXE_API void axe_report_free(axe_report *report);

/* The output kept in the report ("" when it was written to a stream). */
AXE_API const char *axe_report_text(const axe_report *report);

/* enum axe_exit: the command's exit status for this answer. */
AXE_API int axe_report_status(const axe_report *report);

/* Why the status is not OK, in one line ("" when it is OK). */
AXE_API const char *axe_report_reason(const axe_report *report);

/* Warnings the command prints on stderr (lines ending in newlines), or "". */
AXE_API const char *axe_report_notes(const axe_report *report);

/*
 * How a walk over a whole domain runs: `jobs` threads (0: the cores
 * available; the answer is the same for any number) and an optional
 * progress callback, called on the calling thread about ten times a second
 * with the points done and their total.
 */
typedef void (*axe_progress_callback)(void *ctx, int64_t done, int64_t total);

typedef struct axe_walk {
	int jobs;
	axe_progress_callback progress; /* or NULL */
	void *progress_ctx;
} axe_walk;

/*
 * An error as the command-line tool prints it on stderr: the position,
 * "error: ", the message, the source line with carets under the problem,
 * and the hint; `program` names the tool in errors without a position.
 */
AXE_API char *axe_error_to_string(const axe_error *err, const char *program);

/* Record an error of `code` with no position (the first error recorded stays). */
AXE_API void axe_error_set_message(axe_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- Family sections: each family's declarations live in its own block. ---- */

/* [map] eval (whole domain), inverse, show */

/* [verify] check-equal reports, spec checks (check), info */

/*
 * check-equal's options, as on its command line; a zeroed request (or NULL)
 * is the command's defaults.  axe_map_equal and axe_map_equal_report read
 * only the first four fields (their maps carry their own options);
 * axe_equal_report reads its operands with the others.  A bad `method` or
 * `timeout` is an error placed on "--method" or "--timeout".
 */
typedef struct axe_equal_request {
	const char *method;       /* --method: "auto" (NULL), "canon", "enum" or "smt" */
	const char *timeout;      /* --timeout: seconds ("0.5"); NULL: "10"; "0": no limit */
	int no_axis_relations;    /* --no-axis-relations: compare thread axes as named */
	axe_walk walk;            /* -j and the progress of an enumeration */
	axe_map_options operand;  /* --shape, --dtype, --swizzle, --tile, --bind: both
				     operands (`shared` is implied) */
	const char *expr;         /* --expr: B as index expressions ("m=8*i+j"), or NULL */
	const char *vars;         /* --vars: their variables ("i,j"), or NULL */
	const char *replica_vars; /* --replica-vars: replica variables ("r=2"), or NULL */
} axe_equal_request;

/* 0 when the options of `req` are valid, else -1 with `err` placed on the option. */
AXE_API int axe_equal_request_check(const axe_equal_request *req, axe_error *err);

typedef struct axe_equality axe_equality;

/*
 * Whether `a` and `b` induce the same map (semantics.md, "Equality"): the
 * answer, or NULL on an error.  Not equal and undecided are answers.
 */
AXE_API axe_equality *axe_map_equal(const axe_map *a, const axe_map *b,
				    const axe_equal_request *req, axe_error *err);
AXE_API void axe_equality_free(axe_equality *eq);

/* enum axe_verdict: TRUE equal, FALSE not equal, UNKNOWN undecided. */
AXE_API int axe_equality_verdict(const axe_equality *eq);

/* The route that answered: "canon", "enum" or "smt". */
AXE_API const char *axe_equality_method(const axe_equality *eq);

/* Why it is undecided or not equal without a counterexample, or "". */
AXE_API const char *axe_equality_reason(const axe_equality *eq);

/*
 * The counterexample: writes its coordinate (up to AXE_MAX_RANK values) into
 * `coord` and returns its rank, or 0 when there is none.
 */
AXE_API size_t axe_equality_counterexample(const axe_equality *eq, int64_t *coord);

/*
 * The images at the counterexample of side `side` (0: a, 1: b): writes up
 * to `max_images` rows of axe_equality_axis_count() values and returns how
 * many there are.
 */
AXE_API size_t axe_equality_images(const axe_equality *eq, int side, int64_t *images,
				   size_t max_images);

/* The axes of those rows: a's, then b's others. */
AXE_API size_t axe_equality_axis_count(const axe_equality *eq);
AXE_API const char *axe_equality_axis_name(const axe_equality *eq, size_t axis);

/* The answer as check-equal prints it (text or JSON). */
AXE_API char *axe_equality_to_string(const axe_equality *eq, enum axe_output form);

/*
 * `check-equal A B`: the answer as text, JSON, or the SVG or HTML picture
 * of A and B side by side; status OK (equal), FALSE (not equal) or
 * UNDECIDED.  The notes are check-equal's lines on stderr: the thread-axis
 * relations it applied, and a NOT equal whose sides spell an axis alike.
 * axe_equal_report reads the operand texts `a` and `b` (`b` NULL with
 * req->expr) as the command does; axe_map_equal_report takes maps.
 */
AXE_API axe_report *axe_equal_report(const char *a, const char *b, const axe_equal_request *req,
				     enum axe_output form, FILE *out, axe_error *err);
AXE_API axe_report *axe_map_equal_report(const axe_map *a, const axe_map *b,
					 const axe_equal_request *req, enum axe_output form,
					 FILE *out, axe_error *err);

/* `check`'s options; zeroed (or NULL): the defaults. */
typedef struct axe_check_request {
	const char *junit; /* --junit FILE: also write the results as JUnit XML, or NULL */
	int verbose;       /* --verbose: a line for passing checks too (text only) */
	int strict;        /* --strict: a skipped check fails */
} axe_check_request;

/*
 * `check SPEC...`: run the `checks:` of the `npaths` spec files `paths`,
 * in order: a line per failing (skipped; with verbose, passing) check and
 * the totals, or (AXE_OUTPUT_JSON) one object with every check.  Status OK,
 * or FALSE when a check fails (or is skipped, with strict).  A malformed
 * spec or check is an error at its position (the lines of the specs before
 * it were streamed already).  A JUnit file that cannot be written leaves
 * the results as they are, with status AXE_EXIT_INPUT and a note.
 */
AXE_API axe_report *axe_spec_check(const char *const *paths, size_t npaths,
				   const axe_check_request *req, enum axe_output form,
				   FILE *out, axe_error *err);

/*
 * `info LAYOUT` with `opts` (may be NULL): size, per-axis range and span,
 * axis kinds, replication, injectivity, swizzle and admitted shapes; an
 * import with only an `expr:` form says why; a spec file of several
 * layouts (or none) lists them.  Status OK.
 */
AXE_API axe_report *axe_info_report(const char *layout, const axe_map_options *opts,
				    enum axe_output form, FILE *out, axe_error *err);

/* [algebra] group, tile, tile-of, slice, dsum reports; CuTe algebra */

/* [analysis] banks, atoms */

/* [codegen] emit-tma, emit-desc, emit-cuda, emit-trainium */

#ifdef __cplusplus
}
#endif
#endif
