__kernel void reduce(__global const int* in, __global int* out, __local int* tmp) {
  int lid = get_local_id(0); int gid = get_global_id(0);
  tmp[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0)/2; s > 0; s >>= 1) {
    if (lid < s) tmp[lid] += tmp[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) atomic_add(out, tmp[0]);
}
