// Harness for axe-layout issues 25/28 (tiled dumps): for each TiledMMA / TiledCopy, its
// print() dump, the tiled TV layouts CuTe computes, and print_latex's picture.
// Built against CUTLASS 7107b0553 (include/ copied in ../include).
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm70.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/util/print_latex.hpp>
#include <cstdio>
#include <cstring>
using namespace cute;

static FILE *open_to(const char *name, const char *what) {
  char path[256]; snprintf(path, sizeof path, "out/%s.%s", name, what);
  return freopen(path, "w", stdout);
}

template <class MMA> void mma_case(const char *name, const char *expr, MMA const &mma) {
  open_to(name, "dump"); print(mma); printf("\n"); fflush(stdout);
  open_to(name, "expected");
  printf("# CUTLASS 7107b0553, %s\n", expr);
  printf("tile_size_mnk: (%d,%d,%d)\n", int(tile_size<0>(mma)), int(tile_size<1>(mma)), int(tile_size<2>(mma)));
  printf("get_layoutA_TV: "); print(mma.get_layoutA_TV()); printf("\n");
  printf("get_layoutB_TV: "); print(mma.get_layoutB_TV()); printf("\n");
  printf("get_layoutC_TV: "); print(mma.get_layoutC_TV()); printf("\n");
  fflush(stdout);
  open_to(name, "tex"); print_latex(mma); fflush(stdout);
}

template <class Copy> void copy_case(const char *name, const char *expr, Copy const &copy) {
  open_to(name, "dump"); print(copy); printf("\n"); fflush(stdout);
  open_to(name, "expected");
  printf("# CUTLASS 7107b0553, %s\n", expr);
  printf("Tiler_MN: "); print(typename Copy::Tiler_MN{}); printf("\n");
  printf("get_layoutS_TV: "); print(copy.get_layoutS_TV()); printf("\n");
  printf("get_layoutD_TV: "); print(copy.get_layoutD_TV()); printf("\n");
  fflush(stdout);
  open_to(name, "tex"); print_latex(copy); fflush(stdout);
}

#define MMA(name, ...) mma_case(name, #__VA_ARGS__, __VA_ARGS__)
#define COPY(name, ...) copy_case(name, #__VA_ARGS__, __VA_ARGS__)

int main() {
  MMA("sm80_1x1", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}));
  MMA("sm80_2x2", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}));
  MMA("sm80_2x2_tile64x32x32", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_64,_32,_32>{}));
  MMA("sm80_2x2_permN", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>,_16>{}));
  MMA("sm80_2x2_nrow", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>,Stride<_2,_1>>{}));
  MMA("sm80_tf32_1x2", make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_1,_2>>{}));
  MMA("sm70_1x1", make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}));
  COPY("universal_16x8", make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}));
  COPY("ldsm_x4_A", make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})));
  COPY("ldsm_x2_B_2x2", make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N,half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{})));
  COPY("ldsm_t_x4_B_permN", make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T,half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>,_16>{})));
  COPY("universal_C_1x1", make_tiled_copy_C(Copy_Atom<UniversalCopy<float>,float>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})));
  return 0;
}
