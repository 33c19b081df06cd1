// Writes every pixel of three images from its coordinates: an RGBA colour (launched as
// rgba8_unorm), one float (r32_float) and four unsigned integers (rgba32_uint or
// rgba8_uint). conformance/tests/launch_images.rs checks the launch against these values.
__kernel void imgwrite(__write_only image2d_t color, __write_only image2d_t level,
                       __write_only image2d_t count) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  write_imagef(color, (int2)(x, y), (float4)(x * 0.25f, y * 0.5f, (x + y) * 0.125f, 1.0f));
  write_imagef(level, (int2)(x, y), (float4)(x + 10.0f * y, 0.0f, 0.0f, 1.0f));
  write_imageui(count, (int2)(x, y), (uint4)(x, y, x * y, 7));
}
