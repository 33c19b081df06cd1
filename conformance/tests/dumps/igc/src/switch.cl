__kernel void sw(__global int* out, __global const int* in) {
  int i = get_global_id(0);
  int x = in[i];
  int r;
  switch (x & 7) {
    case 0: r = x + 1; break;
    case 1: r = x * 3; break;
    case 2: r = x - 7; break;
    case 3: r = x << 2; break;
    case 4: r = x ^ 0x55; break;
    case 5: r = ~x; break;
    default: r = 0;
  }
  out[i] = r;
}
