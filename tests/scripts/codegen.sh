#!/bin/sh
# tests/scripts/codegen.sh BINARY: `emit-cuda` end to end (issue 8).
#
# 1. Golden files: each line "NAME: ARGS" of tests/codegen/cases runs
#    'emit-cuda ARGS' and diffs the output with tests/codegen/NAME.cu.
# 2. Host agreement: the index functions of every S/R/O layout of specs/*.yaml
#    and of random layouts, compiled for the host (g++), run on every
#    coordinate and replica digit; their output must be what 'axe-layout eval
#    --all' prints, and NAME_inverse must give back each point from its images
#    and answer false exactly off the image (over the axes' whole box).  The
#    same for a template whose placeholders name those layouts.
# 3. Copy kernels: each thread's part (NAME_tile) runs on the host, thread by
#    thread; every element must land where 'eval --json' of DST says, holding
#    what SRC's position (by eval) held.  Copies with --atom run the host side
#    of the instruction: cp.async as the plain move, ldmatrix/stmatrix as what
#    the hardware gives each lane (its fragment cells, each row read from the
#    address the row's lane computes), so the address math is what is checked.
#    The host compiler is g++ (with UBSan); without it these checks are skipped.
# 4. TMA copies are emitted for nvcc (there is no host model of the copy engine;
#    tests/gpu/run.sh runs them on a GPU).
# 5. nvcc: every emitted file (goldens, index, copy, tma, template) compiles with
#    'nvcc -c -Werror all-warnings -gencode arch=compute_90a,code=sm_90a', the
#    files with TMA code and the --atom copies also for sm_100a (tcgen05 copies for
#    sm_100a only): no warning at all.  Without nvcc (PATH, then
#    /usr/local/cuda/bin) these checks are skipped, and the script says so.
# AXE_SEED picks the random layouts (default 1); AXE_CODEGEN_RANDOM their number;
# AXE_KEEP=1 keeps the work directory (emitted files, drivers) for a look.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
seed=${AXE_SEED:-1}
nrandom=${AXE_CODEGEN_RANDOM:-24}
tmp=$(mktemp -d); [ -n "$AXE_KEEP" ] || trap 'rm -rf "$tmp"' EXIT; [ -n "$AXE_KEEP" ] && echo "keeping $tmp"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL codegen: $*"; }

# --- 1. golden files --------------------------------------------------------
while IFS= read -r line; do
	case $line in ''|'#'*) continue ;; esac
	name=${line%%:*}; args=${line#*: }
	if eval "\"\$bin\" emit-cuda $args" >"$tmp/golden_$name.cu" 2>"$tmp/err"; then
		if cmp -s "tests/codegen/$name.cu" "$tmp/golden_$name.cu"; then ok; else
			bad "$name: output differs from tests/codegen/$name.cu"
			diff "tests/codegen/$name.cu" "$tmp/golden_$name.cu" | head -20
		fi
	else
		bad "$name: emit-cuda $args failed: $(cat "$tmp/err")"
	fi
done <tests/codegen/cases

# --- 2. host agreement with eval --------------------------------------------
# The layouts: "ARGS" lines (an operand and options) for emit-cuda and eval.
for spec in specs/*.yaml; do
	awk '/^layouts:/ { on = 1; next } /^[^ #]/ { on = 0 }
	     on && /^  [A-Za-z_][A-Za-z0-9_]*:/ { sub(/^  /, ""); sub(/:.*/, ""); print }' "$spec" |
	while read -r n; do echo "$spec:$n"; done
done >"$tmp/layouts"
# Random layouts: 1-4 shard iters on m, laneid, warpid or q, strides -6..12,
# up to 2 replica iters, offsets; every fourth one swizzled on m alone, some
# on a flattened or regrouped shape.
awk -v seed="$seed" -v n="$nrandom" 'BEGIN {
	srand(seed); split("m laneid warpid q", ax, " ")
	for (k = 0; k < n; k++) {
		sw = (k % 4 == 3); ni = 1 + int(rand() * 4); e = ""; s = ""; size = 1
		for (i = 0; i < ni; i++) {
			ext = 1 + int(rand() * 5); size *= ext
			st = sw ? 1 + int(rand() * 16) : int(rand() * 19) - 6
			a = sw ? "m" : ax[1 + int(rand() * 4)]
			e = e (i ? "," : "") ext; s = s (i ? "," : "") st (a == "m" ? "" : "@" a)
		}
		L = (sw ? "Swizzle(" int(rand() * 2) "," 1 + int(rand() * 2) ",2) o " : "") "S[(" e "):(" s ")]"
		nr = int(rand() * 3); e = ""; s = ""
		for (i = 0; i < nr; i++) {
			a = sw ? "m" : ax[1 + int(rand() * 4)]
			e = e (i ? "," : "") 1 + int(rand() * 3)
			s = s (i ? "," : "") int(rand() * 40) - 8 (a == "m" ? "" : "@" a)
		}
		if (nr) L = L " + R[(" e "):(" s ")]"
		if (rand() < 0.5) L = L " + " int(rand() * 9) (sw ? "" : "@" ax[1 + int(rand() * 4)])
		shape = ""
		if (rand() < 0.3) shape = " --shape " size
		else if (rand() < 0.3 && size % 2 == 0) shape = " --shape 2," size / 2
		print "'\''" L "'\''" shape
	}
}' >>"$tmp/layouts"

# The driver: one function per layout, walking points and replica digits like eval.
cat >"$tmp/driver.cpp" <<'EOF'
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <vector>
typedef std::vector<long long> vec;
typedef std::function<void(const long long *, const long long *, long long *)> fwd_t;
typedef std::function<bool(const long long *, long long *)> inv_t;

/* Advance the odometer "c" over "dim" (n digits, last fastest); false after the last. */
static bool next(long long *c, const long long *dim, int n)
{
	for (int d = n - 1; d >= 0; d--) {
		if (++c[d] < dim[d])
			return true;
		c[d] = 0;
	}
	return false;
}

/* One point's distinct images (first replica digit slowest, first kept) into "img". */
static int images(const long long *c, int nrep, const long long *rep, int naxes, fwd_t &f,
		  long long (*img)[64], int max)
{
	long long r[64] = { 0 }, v[64];
	int n = 0;
	do {
		f(c, r, v);
		bool seen = false;
		for (int j = 0; j < n && !seen; j++) {
			seen = true;
			for (int a = 0; a < naxes; a++) seen = seen && img[j][a] == v[a];
		}
		if (!seen && n < max) {
			for (int a = 0; a < naxes; a++) img[n][a] = v[a];
			n++;
		}
	} while (next(r, rep, nrep));
	return n;
}

/* eval's text for every point; the inverse from each image and over the axes' box. */
static void walk(FILE *out, int rank, const long long *dim, int nrep, const long long *rep,
		 int naxes, const char *const *axis, fwd_t f, inv_t inv, const long long *lo,
		 const long long *hi)
{
	static long long img[4096][64];
	long long c[64] = { 0 }, o[64];
	std::map<vec, vec> owner;
	do {
		int n = images(c, nrep, rep, naxes, f, img, 4096);
		fprintf(out, "(");
		for (int d = 0; d < rank; d++) fprintf(out, "%s%lld", d ? ", " : "", c[d]);
		fprintf(out, ") -> ");
		for (int j = 0; j < n; j++) {
			fprintf(out, "%s{", j ? ", " : "");
			for (int a = 0; a < naxes; a++)
				fprintf(out, "%s%s: %lld", a ? ", " : "", axis[a], img[j][a]);
			fprintf(out, "}");
			owner[vec(img[j], img[j] + naxes)] = vec(c, c + rank);
			if (inv && (!inv(img[j], o) || vec(o, o + rank) != vec(c, c + rank)))
				fprintf(out, " [inverse misses this image]");
		}
		fprintf(out, "\n");
	} while (next(c, dim, rank));
	if (!inv) return;
	long long box[64], p[64], cells = 1;
	for (int a = 0; a < naxes; a++) { box[a] = hi[a] - lo[a] + 1; cells *= box[a]; p[a] = 0; }
	if (cells > 65536) return;
	do {
		long long q[64];
		for (int a = 0; a < naxes; a++) q[a] = lo[a] + p[a];
		auto it = owner.find(vec(q, q + naxes));
		bool got = inv(q, o);
		if (got != (it != owner.end()) || (got && vec(o, o + rank) != it->second))
			fprintf(out, "inverse wrong at physical point %lld...\n", q[0]);
	} while (next(p, box, naxes));
}

/* splitmix64's finaliser and FNV-1a: eval --count's checksum (src/core/eval.c). */
static unsigned long long mix(unsigned long long z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static unsigned long long key(const char *name)
{
	unsigned long long h = 0xCBF29CE484222325ULL;
	for (; *name; name++) h = (h ^ (unsigned char)*name) * 0x100000001B3ULL;
	return mix(h) | 1;
}

/* eval --count's three lines for large domains; the inverse from each image. */
static void count(FILE *out, int rank, const long long *dim, int nrep, const long long *rep,
		  int naxes, const char *const *axis, fwd_t f, inv_t inv)
{
	static long long img[4096][64];
	long long c[64] = { 0 }, o[64], points = 0, total = 0, flat = 0;
	unsigned long long k[64], sum = 0;
	for (int a = 0; a < naxes; a++) k[a] = key(axis[a]);
	do {
		int n = images(c, nrep, rep, naxes, f, img, 4096);
		for (int j = 0; j < n; j++) {
			unsigned long long h = (unsigned long long)flat * 0xD6E8FEB86659FD93ULL;
			for (int a = 0; a < naxes; a++) h += (unsigned long long)img[j][a] * k[a];
			sum += mix(h);
			if (inv && (!inv(img[j], o) || vec(o, o + rank) != vec(c, c + rank)))
				fprintf(out, "inverse misses an image of point %lld\n", flat);
		}
		points++; total += n; flat++;
	} while (next(c, dim, rank));
	fprintf(out, "points: %lld\nimages: %lld\nchecksum: 0x%016llx\n", points, total, sum);
}
EOF
k=0; : >"$tmp/calls"; : >"$tmp/copycalls"; : >"$tmp/copy.cpp"; : >"$tmp/all_atoms.cu"; : >"$tmp/all_tmem.cu"
# The driver code of one layout: "$1" the function prefix, "$2" the call of axis $a.
driver_function() {
	echo "static void run_$1(FILE *out) {"
	echo "  static const long long dim[] = { $shape }, rep[] = { ${reps:-1} };"
	echo "  static const long long lo[] = { ${lo}0 }, hi[] = { ${hi}0 };"
	printf '  static const char *const axis[] = {'
	for a in $axes; do printf ' "%s",' "$a"; done; echo ' 0 };'
	echo "  fwd_t f = [](const long long *c, const long long *r, long long *v) {"
	echo "    (void)r;"
	i=0; for a in $axes; do echo "    v[$i] = $(eval "echo \"$2\"");"; i=$((i + 1)); done
	echo "  };"
	if [ "$1" = "$t" ] && grep -q "inline bool ${t}_inverse(" "$tmp/$t.cu"; then
		printf '  inv_t inv = [](const long long *v, long long *o) { return %s_inverse(' "$t"
		i=0; for a in $axes; do printf 'v[%d], ' $i; i=$((i + 1)); done
		awk -v r="$rank" 'BEGIN { for (d = 0; d < r; d++) printf "%s&o[%d]", d ? ", " : "", d }'
		echo '); };'
	else
		echo "  inv_t inv = nullptr;"
	fi
	if [ $mode = --all ]; then
		echo "  walk(out, $rank, dim, $nrep, rep, $i, axis, f, inv, lo, hi);"
	else
		echo "  (void)lo; (void)hi; count(out, $rank, dim, $nrep, rep, $i, axis, f, inv);"
	fi
	echo "}"
	echo "  if (!name || !strcmp(name, \"$1\")) run_$1(fopen(\"$tmp/$1.out\", \"w\"));" >>"$tmp/calls"
}
while IFS= read -r args; do
	k=$((k + 1)); t=t$k
	eval "\"\$bin\" emit-cuda $args --name $t" >"$tmp/$t.cu" 2>"$tmp/err"; status=$?
	if [ $status -ne 0 ]; then
		# Refused with its reason, or no layout at all (a spec of deliberate errors).
		if grep -q -e 'is an expr: layout' -e 'has no Axe compact form' "$tmp/err" ||
		   ! eval "\"\$bin\" info $args" >/dev/null 2>&1; then rm "$tmp/$t.cu"; continue; fi
		bad "emit-cuda $args: $(cat "$tmp/err")"; rm "$tmp/$t.cu"; continue
	fi
	info=$(eval "\"\$bin\" info $args --json")
	size=$(printf '%s' "$info" | sed 's/.*"size":\([0-9]*\).*/\1/')
	mode=--all; [ "$size" -gt 65536 ] && mode=--count
	eval "\"\$bin\" eval $args $mode" >"$tmp/$t.eval" 2>&1 || bad "eval $args failed"
	shape=$(printf '%s' "$info" | sed 's/.*"shape":\[\([^]]*\)\].*/\1/')
	layout=$(printf '%s' "$info" | sed 's/.*"layout":"\([^"]*\)".*/\1/')
	reps=$(printf '%s\n' "$layout" | awk '{ i = index($0, "R["); if (!i) exit
		s = substr($0, i + 2); if (s ~ /^\(/) { s = substr(s, 2); s = substr(s, 1, index(s, ")") - 1) }
		else s = substr(s, 1, index(s, ":") - 1); print s }')
	# An expr: layout's replica digits: their ranges in the emitted file's header.
	expr=; case $info in *'"form":"expr"'*) expr=1 ;; esac
	[ -n "$expr" ] && reps=$(sed -n '/^ \* shape /,/^ \*$/p' "$tmp/$t.cu" | tr -d '\n' |
		grep -o 'r[0-9]* in \[0, [0-9]*)' | sed 's/.*, //; s/)//' | paste -sd, -)
	axes=$(printf '%s' "$info" | grep -o '"name":"[^"]*"' | cut -d'"' -f4 | tr '\n' ' ')
	lo=$(printf '%s' "$info" | grep -o '"min":-\{0,1\}[0-9]*' | cut -d: -f2 | tr '\n' ',')
	hi=$(printf '%s' "$info" | grep -o '"max":-\{0,1\}[0-9]*' | cut -d: -f2 | tr '\n' ',')
	rank=$(echo "$shape" | awk -F, '{ print NF }')
	nrep=$(echo "$reps" | awk -F, '{ print NF }')
	i=0; for a in $axes; do i=$((i + 1)); done
	callargs=$(awk -v r="$rank" -v n="$nrep" 'BEGIN { for (d = 0; d < r; d++) printf "%sc[%d]", d ? ", " : "", d
		for (t = 0; t < n; t++) printf ", r[%d]", t }')
	echo "#include \"$t.cu\"" >>"$tmp/driver.cpp"
	driver_function "$t" "\${t}_\$a($callargs)" >>"$tmp/driver.cpp"
	# The same layout through a template, for spec layouts with small domains
	# (templates take layouts in S/R/O form).
	case $args in *.yaml:*) ;; *) continue ;; esac
	[ -z "$expr" ] || continue
	[ $mode = --all ] || continue
	name=${args##*:}
	{
		echo "/* $name through its placeholders */"
		for a in $axes; do
			echo "static long long tpl${k}_$a(const long long *c, const long long *r)"
			echo "{ (void)r; return {{ $name.$a($callargs) }}; }"
		done
	} >"$tmp/tpl$k.cu.in"
	if "$bin" emit-cuda "$args" --template "$tmp/tpl$k.cu.in" -o "$tmp/tpl$k.cu" 2>"$tmp/err"; then
		echo "#include \"tpl$k.cu\"" >>"$tmp/driver.cpp"
		t=tpl$k; driver_function "tpl$k" "tpl${k}_\$a(c, r)" >>"$tmp/driver.cpp"
		cp "$tmp/t$k.eval" "$tmp/tpl$k.eval"
	else
		bad "emit-cuda $args --template: $(cat "$tmp/err")"
	fi
done <"$tmp/layouts"

# --- 3. copy kernels, thread by thread on the host ----------------------------
# Each case: SRC DST and options.  Element types the host has (f16 tiles run as i16).
cat >"$tmp/copies" <<'CASES'
specs/cuda_copy.yaml:global_tile specs/cuda_copy.yaml:smem_tile --dtype i16
specs/cuda_copy.yaml:smem_tile specs/cuda_copy.yaml:global_tile --dtype i16 --direction s2g
specs/cuda_copy.yaml:global_tile specs/cuda_copy.yaml:smem_transposed --dtype i16 --direction g2g
specs/cuda_copy.yaml:acc_smem specs/cuda_copy.yaml:acc
specs/cuda_copy.yaml:acc_warps specs/cuda_copy.yaml:acc_global --direction r2g
specs/tensor_core_tile.yaml:frag 'S[(8,16):(16,1)]' --dtype f64 --direction r2s
'S[(8,8):(8,1)]' 'S[(8,8):(8,1)] + R[2:64]' --dtype u8 --direction g2g --block 4
'S[(16,16):(16,1)]' 'S[(16,16):(1,16)]' --dtype i32 --direction s2s --threads 'S[(16,2,8):(1@tx,16@tx,1)]'
'S[(6,10):(10,1)]' 'S[(6,10):(16,1)] + 5' --dtype f32 --block 7
specs/copy_atoms.yaml:a_smem_128B specs/copy_atoms.yaml:a_k64 --dtype i16 --atom ldmatrix.x4
specs/copy_atoms.yaml:a_smem_rows specs/copy_atoms.yaml:a_k64 --dtype i16 --atom ldmatrix.x1
specs/copy_atoms.yaml:a_smem_colmajor specs/copy_atoms.yaml:a_k64 --dtype i16 --atom ldmatrix.x2.trans
specs/copy_atoms.yaml:tile_smem specs/copy_atoms.yaml:wgmma_a --dtype i16 --atom auto
specs/copy_atoms.yaml:a_k64 specs/copy_atoms.yaml:a_smem_128B --dtype i16 --atom stmatrix.x4
specs/copy_atoms.yaml:a_k64 specs/copy_atoms.yaml:a_smem_colmajor --dtype i16 --atom stmatrix.x1.trans
specs/cuda_copy.yaml:global_tile specs/cuda_copy.yaml:smem_tile --dtype i16 --atom cp.async.16
specs/cuda_copy.yaml:global_tile specs/cuda_copy.yaml:smem_tile --dtype i16 --atom cp.async.4
specs/copy_atoms.yaml:tile_smem specs/copy_atoms.yaml:wgmma_a --dtype i16 --atom ld.shared.b32
specs/cuda_copy.yaml:acc_smem specs/cuda_copy.yaml:acc --atom ld.shared.v2.b32
specs/copy_atoms.yaml:tmem_acc specs/copy_atoms.yaml:acc_regs --dtype i32 --atom tcgen05.ld.32x32b.x4
specs/copy_atoms.yaml:acc_regs specs/copy_atoms.yaml:tmem_acc --dtype i32 --atom tcgen05.st.32x32b.x64
specs/copy_atoms.yaml:tmem_c16 specs/copy_atoms.yaml:c16_regs --dtype i32 --atom tcgen05.ld.16x256b.x1
specs/copy_atoms.yaml:c16_regs specs/copy_atoms.yaml:tmem_c16 --dtype i32 --atom auto
CASES
c=0
while IFS= read -r args; do
	c=$((c + 1)); n=c$c
	if ! eval "\"\$bin\" emit-cuda $args --kind copy --name $n" >"$tmp/$n.cu" 2>"$tmp/err"; then
		bad "emit-cuda $args --kind copy: $(cat "$tmp/err")"; rm -f "$tmp/$n.cu"; continue
	fi
	case $args in
	*--atom\ tcgen05*|*tmem_c16*) echo "#include \"$tmp/$n.cu\"" >>"$tmp/all_tmem.cu" ;;
	*--atom*) echo "#include \"$tmp/$n.cu\"" >>"$tmp/all_atoms.cu" ;;
	esac
	regs=$(sed -n "s/^static constexpr int ${n}_regs = \([0-9]*\);.*/\1/p" "$tmp/$n.cu")
	tcols=$(sed -n "s/^static constexpr long long ${n}_tmem_cols = \([0-9]*\);.*/\1/p" "$tmp/$n.cu")
	eval "set -- $args"
	for side in 1 2; do
		[ $side = 1 ] && op=$1 || op=$2
		# Positions of each point (row-major order) on that side: m, or t*REGS + m.
		"$bin" eval "$op" --all --json | awk -v regs="$regs" -v tcols="${tcols:-0}" '{
			n = split($0, img, "},{"); line = ""
			for (i = 1; i <= n; i++) {
				t = 0; m = 0; s = img[i]; reg = 0; tm = 0; tl = 0; tc = 0
				while (match(s, /"[A-Za-z_]+":-?[0-9]+/)) {
					kv = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
					split(kv, p, ":"); key = p[1]; gsub(/"/, "", key); v = p[2] + 0
					if (key == "m") m = v
					else if (key == "TLane") { tl = v; tm = 1 }
					else if (key == "TCol") { tc = v; tm = 1 }
					else if (key ~ /^(laneid|lane|tx|tid|tid_in_wg)$/) { t += v; reg = 1 }
					else if (key ~ /^(warpid|warp|wid_in_wg)$/) { t += 32 * v; reg = 1 }
					else if (key == "wgid") { t += 128 * v; reg = 1 }
				}
				line = line "," (tm ? tl * tcols + tc : reg ? t * regs + m : m)
			}
			print n line ","
		}' >"$tmp/$n.pos$side" || bad "eval $op"
	done
	regside=0
	grep -q "^ \* SRC (registers)" "$tmp/$n.cu" && regside=1
	grep -q "^ \* DST (registers)" "$tmp/$n.cu" && regside=2
	{
		echo "#include \"$n.cu\""
		echo "static int run_$n() {"
		echo "  static const long long src[] = {"; cat "$tmp/$n.pos1"; echo "  -1 };"
		echo "  static const long long dst[] = {"; cat "$tmp/$n.pos2"; echo "  -1 };"
		echo "  return copy_check(src, dst, ${n}_in_elems, ${n}_out_elems, ${n}_block_threads, ${n}_regs, $regside,"
		echo "    [](const void *s, void *d) { ${n}_tile((const ${n}_elem *)s, (${n}_elem *)d); }, sizeof(${n}_elem));"
		echo "}"
	} >>"$tmp/copy.cpp"
	printf '  if (!name || !strcmp(name, "%s")) printf("%%s %%d\\n", "%s", run_%s());\n' \
		"$n" "$n" "$n" >>"$tmp/copycalls"
done <"$tmp/copies"

{
	cat <<'DRIVER'
/* The host stand-ins of what a copy file's NAME_tile reads from CUDA. */
struct { unsigned x; } threadIdx;
typedef std::function<void(const void *, void *)> tile_t;

/*
 * Run "tile" for every thread on buffers of "esize"-byte elements; each
 * point's value is its row-major index + 1 at every SRC position; return the
 * number of DST positions that do not hold their point's value.  "src" and
 * "dst" list, point by point, a count and that many positions, then -1.
 */
static int copy_check(const long long *src, const long long *dst, long long in_elems,
		      long long out_elems, int threads, int regs, int regside, tile_t tile,
		      size_t esize)
{
	unsigned char *in = (unsigned char *)aligned_alloc(16, (in_elems * esize + 15) / 16 * 16);
	unsigned char *out = (unsigned char *)aligned_alloc(16, (out_elems * esize + 15) / 16 * 16);
	int bad = 0;
	memset(in, 0, in_elems * esize);
	memset(out, 0, out_elems * esize);
	for (size_t x = 0; *src >= 0; x++, src += 1 + *src)
		for (long long j = 1; j <= *src; j++) {
			unsigned long long v = x + 1;
			memcpy(in + src[j] * esize, &v, esize);
		}
	for (int t = 0; t < threads; t++) {
		threadIdx.x = t;
		tile(in + (regside == 1 ? (size_t)t * regs * esize : 0),
		     out + (regside == 2 ? (size_t)t * regs * esize : 0));
	}
	for (size_t x = 0; *dst >= 0; x++, dst += 1 + *dst)
		for (long long j = 1; j <= *dst; j++) {
			unsigned long long v = 0, want = esize < 8 ? (x + 1) & ((1ULL << (8 * esize)) - 1) : x + 1;
			memcpy(&v, out + dst[j] * esize, esize);
			if (v != want && bad++ < 3)
				fprintf(stderr, "  point %zu at DST position %lld holds %llu\n", x, dst[j], v);
		}
	free(in);
	free(out);
	return bad;
}
DRIVER
	cat "$tmp/copy.cpp"
	echo 'int main(int argc, char **argv) {'
	echo '  const char *name = argc > 1 ? argv[1] : 0;'
	cat "$tmp/calls" "$tmp/copycalls"
	echo '  return 0;'
	echo '}'
} >>"$tmp/driver.cpp"
if ! command -v g++ >/dev/null; then
	echo "SKIP codegen: g++ not found: the index functions and copy kernels did not run on the host"
elif g++ -std=c++17 -O1 -Wall -Wextra -Werror -fno-strict-aliasing -fsanitize=undefined \
	-fno-sanitize-recover=all -I"$tmp" -o "$tmp/driver" "$tmp/driver.cpp" 2>"$tmp/err"; then
	ok
	if "$tmp/driver" >"$tmp/copy.out"; then ok; else bad "the host driver failed"; fi
	for e in "$tmp"/t[0-9]*.eval "$tmp"/tpl*.eval; do
		[ -f "$e" ] || continue
		t=$(basename "$e" .eval); num=${t#t}; num=${num#pl}
		if cmp -s "$e" "$tmp/$t.out"; then ok; else
			bad "$t ($(sed -n "${num}p" "$tmp/layouts")): the functions differ from eval"
			diff "$e" "$tmp/$t.out" | head -6
		fi
	done
	while read -r n count; do
		if [ "$count" = 0 ]; then ok; else
			bad "copy $(sed -n "${n#c}p" "$tmp/copies"): $count elements misplaced"
		fi
	done <"$tmp/copy.out"
	[ "$(grep -c '^c[0-9]* ' "$tmp/copy.out")" = "$c" ] || bad "some copy cases did not run"
else
	bad "the host driver does not compile:"; head -30 "$tmp/err"
fi

# --- 4. TMA copies, for nvcc ---------------------------------------------------
x=0
while IFS= read -r args; do
	x=$((x + 1))
	eval "\"\$bin\" emit-cuda $args --kind tma --name tma$x" >"$tmp/x_tma$x.cu" 2>"$tmp/err" &&
		ok || bad "emit-cuda $args --kind tma: $(cat "$tmp/err")"
done <<'CASES'
specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_tile
specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_wide
specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_atoms --direction s2g
'S[(1024,64):(64,1)]' 'S[(32,64):(64,1)]' --dtype f32 --swizzle 128B --region 64:96,0:64
'S[(4096,4096)]' 'S[(128,64)]' --dtype f16 --swizzle 128B --region 4090:4218,0:64 --oob-fill nan
'S[(4096,4096)]' 'S[(128,64)]' --dtype bf16 --swizzle 128B --stages 4 --l2-promotion 256B
'S[(64,1000)]' 'S[(64,64)]' --global-shape 64,1000 --smem-shape 64,64 --dtype f32 --swizzle 128B --stages 2
'S[(2,256,4,64)]' 'S[(64,4,64):(64,4096,1)]' --smem-shape 64,4,64 --dtype f16 --swizzle 128B --region 1:2,0:64,0:4,0:64 --direction s2g
CASES

# --- 5. nvcc ------------------------------------------------------------------
nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ -z "$nvcc" ]; then
	echo "SKIP codegen: nvcc not found (PATH, /usr/local/cuda/bin): the emitted CUDA was not compiled"
else
	# Two translation units, each including many files (their names differ).
	for f in "$tmp"/golden_*.cu "$tmp"/x_*.cu; do [ -f "$f" ] && echo "#include \"$f\""; done \
		>"$tmp/all_files.cu"
	for f in "$tmp"/t[0-9]*.cu "$tmp"/tpl*.cu "$tmp"/c[0-9]*.cu; do
		[ -f "$f" ] && ! grep -q "\"$f\"" "$tmp/all_tmem.cu" && echo "#include \"$f\""
	done >"$tmp/all_index.cu"
	for u in all_files all_index; do
		arch="-gencode arch=compute_90a,code=sm_90a"
		[ "$u" = all_files ] && arch="$arch -gencode arch=compute_100a,code=sm_100a"
		if "$nvcc" -c -Werror all-warnings $arch -o "$tmp/$u.o" "$tmp/$u.cu" \
			>"$tmp/err" 2>&1 && [ ! -s "$tmp/err" ]; then ok
		else bad "nvcc: $u.cu:"; head -20 "$tmp/err"; fi
	done
	# Copies with a chosen atom (cp.async, ldmatrix, stmatrix): sm_90a and sm_100a, no warning.
	for arch in 90a 100a; do
		if "$nvcc" -c -Werror all-warnings -gencode arch=compute_$arch,code=sm_$arch \
			-o "$tmp/atoms_$arch.o" "$tmp/all_atoms.cu" 2>"$tmp/err"; then ok; else
			bad "nvcc sm_$arch: all_atoms.cu:"; head -20 "$tmp/err"; fi
	done
	# tcgen05 copies exist on sm_100a only.
	if "$nvcc" -c -Werror all-warnings -gencode arch=compute_100a,code=sm_100a \
		-o "$tmp/tmem.o" "$tmp/all_tmem.cu" 2>"$tmp/err"; then ok; else
		bad "nvcc sm_100a: all_tmem.cu:"; head -20 "$tmp/err"; fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
