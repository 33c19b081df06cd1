// Sub-group block reads and writes of 2D images (cl_intel_subgroups, cl_intel_subgroups_short,
// cl_intel_subgroups_char), which IGC writes as MEDIA_LD and MEDIA_ST. Each work-group is one
// SIMD16 sub-group; group (g0, g1) reads and writes:
// - `src`/`dst` (r32_uint): the block of 16 pixels by 2 rows at pixel (16*g0, 2*g1); lane i
//   gets pixel (16*g0 + i, 2*g1) in .s0 and the pixel below in .s1, and writes them back
//   plus 1 and plus 2;
// - `src16`/`dst16` (r16_uint): 16 pixels of row g1 from pixel 16*g0, times 3 (mod 2^16);
// - `src8`/`dst8` (r8_unorm, read as bytes): 16 pixels of row g1 from pixel 16*g0, xor 0x5a.
// conformance/tests/launch.rs checks the launch against these values.
__attribute__((intel_reqd_sub_group_size(16)))
__kernel void mblock(__read_only image2d_t src, __write_only image2d_t dst,
                     __read_only image2d_t src16, __write_only image2d_t dst16,
                     __read_only image2d_t src8, __write_only image2d_t dst8) {
  int g0 = get_group_id(0);
  int g1 = get_group_id(1);
  int2 c32 = (int2)(g0 * 64, g1 * 2);
  uint2 v = intel_sub_group_block_read2(src, c32);
  intel_sub_group_block_write2(dst, c32, v + (uint2)(1, 2));
  int2 c16 = (int2)(g0 * 32, g1);
  ushort s = intel_sub_group_block_read_us(src16, c16);
  intel_sub_group_block_write_us(dst16, c16, (ushort)(s * 3));
  int2 c8 = (int2)(g0 * 16, g1);
  uchar b = intel_sub_group_block_read_uc(src8, c8);
  intel_sub_group_block_write_uc(dst8, c8, (uchar)(b ^ 0x5a));
}
