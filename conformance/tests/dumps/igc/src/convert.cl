__kernel void cvt(__global const float* f, __global char* c, __global short* s, __global ulong* u, __global double* d) {
  int i = get_global_id(0);
  float x = f[i];
  c[i] = convert_char_sat(x);
  s[i] = convert_short_sat_rte(x * 100.0f);
  u[i] = convert_ulong_sat(x) + abs_diff((ulong)i, (ulong)7);
  d[i] = (double)x * 3.0;
}
