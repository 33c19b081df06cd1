__kernel void dbl(__global double* out, __global const double* in, __global const long* l) {
  int i = get_global_id(0);
  double x = in[i];
  out[i] = fma(x, x, (double)l[i]) / (x + 1.0) + fmax(x, 0.5) + trunc(x);
}
