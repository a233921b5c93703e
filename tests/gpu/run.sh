#!/bin/sh
# tests/gpu/run.sh [BINARY]: the emitted copy and TMA kernels on an NVIDIA GPU
# (issue 8).  For each case it emits the kernel with 'axe-layout emit-cuda',
# builds a harness around it with nvcc, runs it over many tiles, checks every
# element of every tile against positions computed by 'axe-layout eval --json'
# (not by the emitted code), and reports the achieved bandwidth against the
# device's peak (memory clock x bus width).
#
# Without nvidia-smi listing a GPU, or without nvcc, it says so and skips
# (exit 0).  AXE_GPU_COMPILE_ONLY=1 builds every harness and runs none (what
# a machine without a GPU can check).  Ends with "N passed, M failed".
#
# Status: written and compiled on machines without a GPU; the harnesses have
# not yet run on hardware, so a first run on a GPU may expose problems that
# compiling cannot.  Besides the copy and TMA tiles: a ragged last tile (the
# copy fills the rows past the tensor's end with zeros) and a 3-stage TMA
# pipeline (emit-cuda --stages 3) over 32 tiles.
bin=${1:-build/axe-layout}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL gpu: $*"; }

nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
run=1
if [ -n "$AXE_GPU_COMPILE_ONLY" ]; then
	run=0
elif ! nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
	echo "SKIP gpu: no NVIDIA GPU (nvidia-smi lists none): the copy and TMA kernels were not run"
	echo "0 passed, 0 failed"; exit 0
fi
if [ -z "$nvcc" ]; then
	echo "SKIP gpu: nvcc not found (PATH, /usr/local/cuda/bin): nothing was built"
	echo "0 passed, 0 failed"; exit 0
fi
[ -x "$bin" ] || { bad "no axe-layout binary at $bin (run make)"; echo "0 passed, 1 failed"; exit 1; }

# Positions of each point of layout "$1" (row-major, one line per point: the
# count, then the positions): m, or, for a thread layout, t*REGS + m with the
# thread index of a 1-D block (REGS = "$2").
positions() {
	"$bin" eval "$1" --all --json | awk -v regs="$2" '{
		n = split($0, img, "},{"); line = n
		for (i = 1; i <= n; i++) {
			t = 0; m = 0; s = img[i]; reg = 0
			while (match(s, /"[A-Za-z_]+":-?[0-9]+/)) {
				kv = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
				split(kv, p, ":"); key = p[1]; gsub(/"/, "", key); v = p[2] + 0
				if (key == "m") m = v
				else if (key ~ /^(laneid|lane|tx|tid|tid_in_wg)$/) { t += v; reg = 1 }
				else if (key ~ /^(warpid|warp|wid_in_wg)$/) { t += 32 * v; reg = 1 }
				else if (key == "wgid") { t += 128 * v; reg = 1 }
			}
			line = line "," (reg ? t * regs + m : m)
		}
		print line ","
	}'
}

# The harness shared by every case: data patterns, checking, timing, peak bandwidth.
cat >"$tmp/common.h" <<'EOF'
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

/* The bytes of element "x" of tile "b": distinct for neighbours, never all zero. */
static void pattern(unsigned char *out, size_t esize, long long b, long long x)
{
	unsigned long long v = (unsigned long long)(b * 1000003 + x) * 0x9E3779B97F4A7C15ULL + 1;
	memcpy(out, &v, esize);
}

/* Peak DRAM bandwidth in bytes per second: 2 transfers per memory clock. */
static double peak_bandwidth(void)
{
	int clock_khz = 0, bus_bits = 0;
	CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, 0));
	CHECK(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, 0));
	return 2.0 * clock_khz * 1e3 * bus_bits / 8;
}

static void report(const char *name, long long checked, long long bad, double bytes,
		   float ms)
{
	double bw = bytes / (ms * 1e-3), peak = peak_bandwidth();
	printf("%s %s: %lld elements checked, %lld wrong; %.1f GB/s, %.1f%% of the %.0f GB/s "
	       "peak\n", bad ? "FAIL" : "PASS", name, checked, bad, bw / 1e9, 100 * bw / peak,
	       peak / 1e9);
}
EOF

# --- copy kernels -------------------------------------------------------------
# Each case: SRC DST and options of emit-cuda --kind copy.
c=0
while IFS= read -r args; do
	c=$((c + 1)); n=copy$c
	if ! eval "\"\$bin\" emit-cuda $args --kind copy --name $n" >"$tmp/$n.cu" 2>"$tmp/err"; then
		bad "emit-cuda $args --kind copy: $(cat "$tmp/err")"; continue
	fi
	regs=$(sed -n "s/^static constexpr int ${n}_regs = \([0-9]*\);.*/\1/p" "$tmp/$n.cu")
	eval "set -- $args"
	{
		echo "static const long long src_pos[] = {"; positions "$1" "$regs"; echo "-1 };"
		echo "static const long long dst_pos[] = {"; positions "$2" "$regs"; echo "-1 };"
	} >"$tmp/$n.h"
	cat >"$tmp/$n.main.cu" <<EOF
#include "common.h"
#include "$n.cu"
#include "$n.h"

int main(void)
{
	const size_t es = sizeof(${n}_elem);
	/* Enough tiles for about 256 MiB of traffic. */
	long long tiles = (256LL << 20) / ((${n}_in_elems + ${n}_out_elems) * (long long)es);
	tiles = tiles < 1 ? 1 : tiles > 1000000 ? 1000000 : tiles;
	std::vector<unsigned char> in(tiles * ${n}_in_elems * es, 0xAB), out(tiles * ${n}_out_elems * es);
	for (long long b = 0; b < tiles; b++) {
		const long long *p = src_pos;
		for (long long x = 0; *p >= 0; x++, p += 1 + *p)
			for (long long j = 1; j <= *p; j++)
				pattern(&in[(b * ${n}_in_elems + p[j]) * es], es, b, x);
	}
	${n}_elem *din, *dout;
	CHECK(cudaMalloc(&din, in.size()));
	CHECK(cudaMalloc(&dout, out.size()));
	CHECK(cudaMemcpy(din, in.data(), in.size(), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dout, 0, out.size()));
	CHECK(${n}_launch(din, dout, (int)tiles));
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(out.data(), dout, out.size(), cudaMemcpyDeviceToHost));
	long long checked = 0, wrong = 0;
	unsigned char want[16];
	for (long long b = 0; b < tiles; b++) {
		const long long *p = dst_pos;
		for (long long x = 0; *p >= 0; x++, p += 1 + *p)
			for (long long j = 1; j <= *p; j++, checked++) {
				pattern(want, es, b, x);
				if (memcmp(&out[(b * ${n}_out_elems + p[j]) * es], want, es) != 0 &&
				    wrong++ < 5)
					printf("  tile %lld element %lld at %lld is wrong\n", b, x, p[j]);
			}
	}
	cudaEvent_t t0, t1;
	float ms = 0;
	const int reps = 20;
	CHECK(cudaEventCreate(&t0));
	CHECK(cudaEventCreate(&t1));
	CHECK(cudaEventRecord(t0));
	for (int r = 0; r < reps; r++)
		CHECK(${n}_launch(din, dout, (int)tiles));
	CHECK(cudaEventRecord(t1));
	CHECK(cudaEventSynchronize(t1));
	CHECK(cudaEventElapsedTime(&ms, t0, t1));
	/* Global traffic per launch: every tile of "in" read and of "out" written. */
	report("$n", checked, wrong, (double)(in.size() + out.size()) * reps, ms);
	return wrong != 0;
}
EOF
done <<'CASES'
specs/cuda_copy.yaml:global_tile specs/cuda_copy.yaml:smem_tile
specs/cuda_copy.yaml:smem_tile specs/cuda_copy.yaml:global_tile --direction s2g
specs/cuda_copy.yaml:global_tile specs/cuda_copy.yaml:smem_transposed --direction g2g
specs/cuda_copy.yaml:acc_smem specs/cuda_copy.yaml:acc
specs/cuda_copy.yaml:acc_warps specs/cuda_copy.yaml:acc_global --direction r2g
specs/tensor_core_tile.yaml:frag 'S[(8,16):(16,1)]' --dtype f32 --direction r2s
CASES

# --- TMA copies ---------------------------------------------------------------
# Each case: the 4096x4096 f16 matrix A and a shared tile of specs/tma_gemm.yaml,
# rows then columns; block (x, y) moves the region at rows x*R, columns y*C.
x=0
while read -r tile rows cols dir; do
	x=$((x + 1)); n=tma$x
	if ! "$bin" emit-cuda specs/tma_gemm.yaml:A "specs/tma_gemm.yaml:$tile" --kind tma \
		--direction "$dir" --name "$n" >"$tmp/$n.cu" 2>"$tmp/err"; then
		bad "emit-cuda --kind tma $tile: $(cat "$tmp/err")"; continue
	fi
	{ echo "static const long long smem_pos[] = {"; positions "specs/tma_gemm.yaml:$tile" 1
	  echo "-1 };"; } >"$tmp/$n.h"
	cat >"$tmp/$n.main.cu" <<EOF
#include "common.h"
#include "$n.cu"
#include "$n.h"

int main(void)
{
	const long long N = 4096, R = $rows, C = $cols, gx = N / R, gy = N / C;
	const bool load = $( [ "$dir" = g2s ] && echo true || echo false );
	std::vector<unsigned short> a(N * N), buf(gx * gy * ${n}_smem_elems, 0);
	for (long long i = 0; i < N * N; i++)
		pattern((unsigned char *)&a[i], 2, 0, i);
	if (!load) /* the shared images hold element (i, j) of each region at its SMEM position */
		for (long long b = 0; b < gx * gy; b++) {
			const long long *p = smem_pos, r0 = (b % gx) * R, c0 = (b / gx) * C;
			for (long long e = 0; *p >= 0; e++, p += 1 + *p)
				pattern((unsigned char *)&buf[b * ${n}_smem_elems + p[1]], 2, 1,
					(r0 + e / C) * N + c0 + e % C);
		}
	void *dglobal, *dbuf;
	CHECK(cudaMalloc(&dglobal, a.size() * 2));
	CHECK(cudaMalloc(&dbuf, buf.size() * 2));
	CHECK(cudaMemcpy(dglobal, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dbuf, buf.data(), buf.size() * 2, cudaMemcpyHostToDevice));
	CUtensorMap map;
	CUresult enc = ${n}_encode(&map, dglobal);
	if (enc != CUDA_SUCCESS) {
		printf("FAIL $n: cuTensorMapEncodeTiled returned %d\n", (int)enc);
		return 1;
	}
	const dim3 grid((unsigned)gx, (unsigned)gy);
	CHECK(${n}_launch(&map, (${n}_elem *)dbuf, grid));
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(buf.data(), dbuf, buf.size() * 2, cudaMemcpyDeviceToHost));
	std::vector<unsigned short> g(N * N);
	CHECK(cudaMemcpy(g.data(), dglobal, g.size() * 2, cudaMemcpyDeviceToHost));
	long long checked = 0, wrong = 0;
	for (long long b = 0; b < gx * gy; b++) {
		const long long *p = smem_pos, r0 = (b % gx) * R, c0 = (b / gx) * C;
		for (long long e = 0; *p >= 0; e++, p += 1 + *p, checked++) {
			long long at = (r0 + e / C) * N + c0 + e % C;
			unsigned short want, got = load ? buf[b * ${n}_smem_elems + p[1]] : g[at];
			pattern((unsigned char *)&want, 2, load ? 0 : 1, load ? at : at);
			if (got != want && wrong++ < 5)
				printf("  block %lld element %lld: %u, not %u\n", b, e, got, want);
		}
	}
	cudaEvent_t t0, t1;
	float ms = 0;
	const int reps = 20;
	CHECK(cudaEventCreate(&t0));
	CHECK(cudaEventCreate(&t1));
	CHECK(cudaEventRecord(t0));
	for (int r = 0; r < reps; r++)
		CHECK(${n}_launch(&map, (${n}_elem *)dbuf, grid));
	CHECK(cudaEventRecord(t1));
	CHECK(cudaEventSynchronize(t1));
	CHECK(cudaEventElapsedTime(&ms, t0, t1));
	/* Per launch: the whole matrix through TMA, and the shared images through the threads. */
	report("$n ($tile, $dir)", checked, wrong,
	       (double)(a.size() * 2 + buf.size() * 2) * reps, ms);
	return wrong != 0;
}
EOF
done <<'CASES'
A_tile 64 64 g2s
A_atoms 64 128 g2s
A_wide 64 128 g2s
A_tile 64 64 s2g
CASES

# --- a ragged last tile and a multi-stage pipeline -----------------------------
# ragged: a 200x4096 f16 matrix, its last 128-row tile (rows 128..255): rows 200
# and up are outside the tensor, and the copy must fill them with zeros.
# pipeline: 32 consecutive 128x64 tiles of a 4096x4096 f16 matrix through 3
# buffers (emit-cuda --stages 3), each checked where the consumer copied it.
SW='Swizzle(3,3,3) o S[(128,64):(64,1)]'
"$bin" emit-cuda 'S[(200,4096)]' "$SW" --kind tma --dtype f16 --global-shape 200,4096 \
	--smem-shape 128,64 --region 128:256,0:64 --name ragged >"$tmp/ragged.cu" 2>"$tmp/err" ||
	bad "emit-cuda ragged: $(cat "$tmp/err")"
"$bin" emit-cuda 'S[(4096,4096)]' "$SW" --kind tma --dtype f16 --smem-shape 128,64 \
	--stages 3 --name pipe >"$tmp/pipe.cu" 2>"$tmp/err" || bad "emit-cuda pipe: $(cat "$tmp/err")"
{ echo "static const long long smem_pos[] = {"; positions "$SW" 1; echo "-1 };"; } >"$tmp/smem128.h"
cat >"$tmp/ragged.main.cu" <<'EOF'
#include "common.h"
#include "ragged.cu"
#include "smem128.h"

int main(void)
{
	const long long M = 200, N = 4096, R = 128, C = 64, r0 = 128;
	std::vector<unsigned short> a(M * N), buf(ragged_smem_elems, 0xffff);
	for (long long i = 0; i < M * N; i++)
		pattern((unsigned char *)&a[i], 2, 0, i);
	void *dglobal, *dbuf;
	CHECK(cudaMalloc(&dglobal, a.size() * 2));
	CHECK(cudaMalloc(&dbuf, buf.size() * 2));
	CHECK(cudaMemcpy(dglobal, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
	CUtensorMap map;
	if (ragged_encode(&map, dglobal) != CUDA_SUCCESS) {
		printf("FAIL ragged: cuTensorMapEncodeTiled failed\n");
		return 1;
	}
	CHECK(ragged_launch(&map, (ragged_elem *)dbuf, dim3(1, 1)));
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(buf.data(), dbuf, buf.size() * 2, cudaMemcpyDeviceToHost));
	long long checked = 0, wrong = 0;
	const long long *p = smem_pos;
	for (long long e = 0; *p >= 0; e++, p += 1 + *p, checked++) {
		long long row = r0 + e / C, at = row * N + e % C;
		unsigned short want = 0, got = buf[p[1]];
		if (row < M)
			pattern((unsigned char *)&want, 2, 0, at);
		if (got != want && wrong++ < 5)
			printf("  element %lld (row %lld): %u, not %u\n", e, row, got, want);
	}
	report("ragged (rows 200..255 filled with zeros)", checked, wrong, (double)R * C * 2, 1);
	return wrong != 0;
}
EOF
cat >"$tmp/pipe.main.cu" <<'EOF'
#include "common.h"
#include "pipe.cu"
#include "smem128.h"

int main(void)
{
	const long long N = 4096, C = 64, R = 128;
	const int iters = 32;
	std::vector<unsigned short> a(N * N), buf(iters * pipe_smem_elems, 0);
	for (long long i = 0; i < N * N; i++)
		pattern((unsigned char *)&a[i], 2, 0, i);
	void *dglobal, *dbuf;
	CHECK(cudaMalloc(&dglobal, a.size() * 2));
	CHECK(cudaMalloc(&dbuf, buf.size() * 2));
	CHECK(cudaMemcpy(dglobal, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
	CUtensorMap map;
	if (pipe_encode(&map, dglobal) != CUDA_SUCCESS) {
		printf("FAIL pipe: cuTensorMapEncodeTiled failed\n");
		return 1;
	}
	cudaEvent_t t0, t1;
	float ms = 0;
	CHECK(cudaEventCreate(&t0));
	CHECK(cudaEventCreate(&t1));
	CHECK(cudaEventRecord(t0));
	CHECK(pipe_pipeline_launch(&map, (pipe_elem *)dbuf, iters));
	CHECK(cudaEventRecord(t1));
	CHECK(cudaEventSynchronize(t1));
	CHECK(cudaEventElapsedTime(&ms, t0, t1));
	CHECK(cudaMemcpy(buf.data(), dbuf, buf.size() * 2, cudaMemcpyDeviceToHost));
	long long checked = 0, wrong = 0;
	for (int i = 0; i < iters; i++) {
		const long long *p = smem_pos;
		for (long long e = 0; *p >= 0; e++, p += 1 + *p, checked++) {
			long long at = (i * R + e / C) * N + e % C;
			unsigned short want, got = buf[i * pipe_smem_elems + p[1]];
			pattern((unsigned char *)&want, 2, 0, at);
			if (got != want && wrong++ < 5)
				printf("  iteration %d element %lld: %u, not %u\n", i, e, got, want);
		}
	}
	report("pipe (3 stages, 32 tiles)", checked, wrong, (double)iters * R * C * 2 * 2, ms);
	return wrong != 0;
}
EOF

# --- build (one nvcc call per harness, in parallel) and run --------------------
for f in "$tmp"/*.main.cu; do
	n=$(basename "$f" .main.cu)
	( "$nvcc" -O2 -std=c++17 -gencode arch=compute_90a,code=sm_90a -I"$tmp" -o "$tmp/$n" "$f" \
		2>"$tmp/$n.err"; echo $? >"$tmp/$n.status" ) &
done
wait
for f in "$tmp"/*.main.cu; do
	n=$(basename "$f" .main.cu)
	if [ "$(cat "$tmp/$n.status")" != 0 ]; then
		bad "$n does not build:"; head -20 "$tmp/$n.err"; continue
	fi
	ok
	[ $run = 1 ] || continue
	if "$tmp/$n" >"$tmp/$n.out" 2>&1; then ok; cat "$tmp/$n.out"; else
		bad "$n:"; cat "$tmp/$n.out"
	fi
done
[ $run = 1 ] || echo "SKIP gpu: AXE_GPU_COMPILE_ONLY is set: the harnesses were built, not run"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
