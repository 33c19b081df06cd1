__kernel void sg(__global int* out, __global const int* in) {
  int i = get_global_id(0);
  int x = in[i];
  int s = sub_group_reduce_add(x);
  int b = sub_group_broadcast(x, 3);
  int sh = intel_sub_group_shuffle(x, (get_sub_group_local_id() + 1) % get_sub_group_size());
  out[i] = s + b * sh;
}
