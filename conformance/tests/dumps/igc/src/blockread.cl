__attribute__((intel_reqd_sub_group_size(16)))
__kernel void blockread(__global uint* out, __global const uint* in) {
  int g = get_group_id(0);
  uint v = intel_sub_group_block_read((const __global uint*)(in + g * 16));
  uint2 w = intel_sub_group_block_read2((const __global uint*)(in + g * 32));
  intel_sub_group_block_write(out + g * 16, v + w.x + w.y);
}
