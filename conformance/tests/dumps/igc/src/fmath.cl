__kernel void fm(__global float* out, __global const float* in, __global half* h) {
  int i = get_global_id(0);
  float x = in[i];
  out[i] = native_sqrt(x) + native_exp2(x) + native_log2(x) + native_sin(x) + floor(x) + fma(x, x, 1.0f) + (float)h[i];
  h[i] = (half)(x * 0.5f);
}
