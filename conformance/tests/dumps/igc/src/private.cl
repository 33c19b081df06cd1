__kernel void priv(__global int* out, __global const int* idx) {
  int tmp[32];
  int i = get_global_id(0);
  for (int k = 0; k < 32; k++) tmp[k] = k * i;
  out[i] = tmp[idx[i] & 31] + tmp[(idx[i] >> 5) & 31];
}
