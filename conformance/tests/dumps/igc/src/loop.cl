__kernel void collatz(__global uint* out, __global const uint* in) {
  int i = get_global_id(0);
  uint v = in[i]; uint steps = 0;
  while (v != 1 && steps < 1000) { v = (v & 1) ? 3*v+1 : v >> 1; steps++; }
  out[i] = steps;
}
