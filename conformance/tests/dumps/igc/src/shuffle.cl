__kernel void shuf(__global int4* out, __global const int4* in) {
  int i = get_global_id(0);
  int4 v = in[i];
  out[i] = v.wzyx + (int4)(sub_group_scan_inclusive_max(v.x), sub_group_any(v.y > 3), sub_group_all(v.z < 0), get_sub_group_id());
}
