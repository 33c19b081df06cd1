int helper(int a, int b) { return a > b ? a - b : b * a; }
__kernel void mixed(__global long* out, __global const short* in, __global const uchar* c, int n) {
  int i = get_global_id(0);
  long acc = 0;
  for (int k = 0; k < n; k++) {
    short s = in[i * n + k];
    acc += (long)helper(s, c[k]) << (k & 7);
    acc ^= mul_hi(acc, (long)0x12345678);
  }
  out[i] = rotate(acc, (long)3) + popcount(acc) + clz((int)acc);
}
