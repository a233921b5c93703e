# tma: planning rank-5 TMA copies, start-up included (target: under 10 ms each).
# A plan over five region dimensions, one over runs with many divisors (360,
# 720, 240), and a refusal that exhausts the box search.
T5P='S[(8,16,32,64,128)]'
T5S='S[(2,4,8,16,64)]'
report_time "emit-tma rank 5, 128B swizzle: a plan" "$(median_seconds "$bin" emit-tma "$T5P" "$T5S" --dtype f16 --swizzle 128B --region 1:3,4:8,8:16,16:32,64:128)" 0.010
T5G='S[(6,10,12,360,720)]'
T5D='S[(6,10,12,24,240)]'
report_time "emit-tma rank 5, many divisors: a plan" "$(median_seconds "$bin" emit-tma "$T5G" "$T5D" --dtype f32 --region 0:6,0:10,0:12,0:24,0:240)" 0.010
T5R='S[(6,10,12,24,240):(69120,6912,576,24,1)]'
report_time "emit-tma rank 5: a refusal after the search" "$(median_seconds sh -c "\"$bin\" emit-tma '$T5G' '$T5R' --dtype f32 --region 0:6,0:10,0:12,0:24,0:240; test \$? = 1")" 0.010
# emit-cuda --kind tma with a cute: GLOBAL of 4096 x 4096: the import is checked
# over the region the copy moves, not the 2^24 points of the tensor (target: 50 ms).
report_time "emit-cuda --kind tma, cute: 4096x4096 global" "$(median_seconds "$bin" emit-cuda 'cute:(4096,4096):(4096,1)' 'S[(128,64)]' --kind tma --dtype f16 --swizzle 128B)" 0.050
