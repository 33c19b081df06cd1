__kernel void hist(__global const uchar* data, __global uint* bins, __global int* mn, __local uint* lb) {
  int lid = get_local_id(0);
  if (lid < 16) lb[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar d = data[get_global_id(0)];
  atomic_inc(&lb[d & 15]);
  atomic_min(mn, (int)d - 100);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 16) atomic_add(&bins[lid], lb[lid]);
}
