# Enumeration against a kernel's index arithmetic: check-equal --method enum
# with an --expr side, compiled (invariant parts hoisted, divisions by
# constants made shifts or reciprocals), beside eval --count on the same
# domain; a short Python loop doing the same check as the peer a user
# without the tool would write (on 2^20 points, once); and the same checks
# on 1 and 2 threads without pinning (the scaling on this machine).
N=16777216
ROW='S[(4096,4096):(4096,1)]'
ROW_EXPR='m=4096*i + j'
SW='Swizzle(3,3,3) o S[(4096,4096):(4096,1)]'
SW_EXPR='m=4096*i + 8*((j/8) ^ ((j/64)%8)) + j%8'
report "eval --count, row-major 2^24" $N "$(median_seconds "$bin" eval "$ROW" --count)" 3e8 points
report "check-equal --expr, row-major 2^24, enum" $N \
	"$(median_seconds "$bin" check-equal "$ROW" --expr "$ROW_EXPR" --vars i,j --shape 4096,4096 \
		--method enum)" 2e8 points
report "eval --count, 128B swizzle 2^24" $N "$(median_seconds "$bin" eval "$SW" --count)" 1e8 points
report "check-equal --expr, 128B swizzle 2^24, enum" $N \
	"$(median_seconds "$bin" check-equal "$SW" --expr "$SW_EXPR" --vars i,j --shape 4096,4096 \
		--method enum)" 2e8 points
if command -v python3 >/dev/null 2>&1; then
	PEER=$(python3 - <<'PY'
import time
def swz(m):
    x = m >> 3
    return ((x ^ ((x >> 3) & 7)) << 3) | (m & 7)
n = 1024
t = time.perf_counter()
ok = all(swz(1024*i + j) == 1024*i + 8*((j//8) ^ ((j//64) % 8)) + j % 8
         for i in range(n) for j in range(n))
print("%.4f" % (time.perf_counter() - t) if ok else "FAILED")
PY
)
	report "peer: Python loop, 128B swizzle, 2^20" 1048576 "$PEER" 0 points
fi
saved_pin=$pin; pin=""
for j in 1 2; do
	report "check-equal --expr, swizzle 2^24, -j $j" $N \
		"$(median_seconds "$bin" check-equal "$SW" --expr "$SW_EXPR" --vars i,j \
			--shape 4096,4096 --method enum -j $j)" 2e8 points
	report "eval --count, 4 iters 2^24, -j $j" $N \
		"$(median_seconds "$bin" eval 'S[(256,256,16,16):(16,4096,1048576,1)]' --count -j $j)" \
		3e8 points
done
pin=$saved_pin
