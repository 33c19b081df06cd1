// Reads an image through a sampler the source declares (an inline sampler): unnormalized
// coordinates, CLK_ADDRESS_CLAMP, the nearest filter. Work-item (x, y) reads the texel left of
// its own, so column 0 reads the border colour.
__constant sampler_t shifted = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void imgconst(__read_only image2d_t src, __global float4 *out) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  out[y * get_global_size(0) + x] = read_imagef(src, shifted, (float2)(x - 0.5f, y + 0.5f));
}
