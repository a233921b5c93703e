# check-equal, each a whole CLI run, start-up included.  The
# canonical route never starts Z3; enumeration walks with odometers, no
# division per point (by runs where both sides are linear or share their
# swizzle; point by point otherwise, as with an identity swizzle against
# none); Z3 decides the swizzled pairs over bit-vectors; the
# non-power-of-two pair goes to one integer query per axis (auto).
FRAG='S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid'
FRAG2='S[(8,2,2,2,1,2):(4@laneid,1@warpid,2@laneid,1@laneid,3,1)] + R[2:-4@warpid] + 9@warpid'
report_time "check-equal, canonical route" \
	"$(median_seconds "$bin" check-equal "$FRAG" "$FRAG2" --shape 8,16)" 0.005
report_time "check-equal --method enum, 2^24 points" \
	"$(median_seconds "$bin" check-equal 'S[(4096,4096):(1,4096)]' \
		'S[(4096,64,64):(1,262144,4096)]' --method enum)" 0.3
report_time "check-equal --method enum, swizzled 2^24" \
	"$(median_seconds "$bin" check-equal 'Swizzle(3,3,3) o S[(4096,4096):(4096,1)]' \
		'Swizzle(3,3,3) o S[(4096,64,64):(4096,64,1)]' --method enum)" 0.3
report_time "check-equal --method enum, 2^24, per point" \
	"$(median_seconds "$bin" check-equal 'Swizzle(3,0,3) o S[(4096,4096):(4096,1)]' \
		'S[(4096,64,64):(4096,64,1)]' --method enum)" 0.3
report_time "check-equal, Z3, swizzled 2^20 vs expr" \
	"$(median_seconds "$bin" check-equal 'Swizzle(3,3,3) o S[(1024,1024):(1024,1)]' \
		--expr 'm=1024*i + 8*((j/8) ^ ((j/64)%8)) + j%8' --vars i,j --shape 1024,1024)" 0.1
report_time "check-equal, Z3, swizzled 2^24 vs expr" \
	"$(median_seconds "$bin" check-equal 'Swizzle(3,3,3) o S[(4096,4096):(4096,1)]' \
		--expr 'm=4096*i + 8*((j/8) ^ ((j/64)%8)) + j%8' --vars i,j --shape 4096,4096)" 0.1
report_time "check-equal, (224,35,128) 10^6 vs expr" \
	"$(median_seconds "$bin" check-equal 'S[(224,35,128):(1,224,7840)]' --shape 1003520 \
		--expr 'm=f/4480 + 224*((f%4480)/128) + 7840*(f%128)' --vars f)" 0.5
report_time "check-equal --method enum, that 10^6 pair" \
	"$(median_seconds "$bin" check-equal 'S[(224,35,128):(1,224,7840)]' --shape 1003520 \
		--expr 'm=f/4480 + 224*((f%4480)/128) + 7840*(f%128)' --vars f --method enum)" 0.5
