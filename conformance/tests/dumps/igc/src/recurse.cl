__attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n-1) + fib(n-2); }
__kernel void rec(__global int* out) { int i = get_global_id(0); out[i] = fib(i & 15); }
