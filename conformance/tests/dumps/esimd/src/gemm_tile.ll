; C (8x16 f32) = A (8 x 32 f16, row-major) x B (32 x 16 f16, the first 16 columns of a
; row-major 32 x 32 matrix: a block 2D surface is at least 64 bytes wide) on one hardware thread,
; K looped by 16, the shape of XeTLA's GEMM main loop (include/group/gemm/impl/default_xmx_xe.hpp).
; arguments: a, b, c (global pointers), inner_loop_count (K / 16)

declare <128 x i16> @llvm.genx.raw.send2.v128i16.v16i1.v16i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <16 x i32>, <128 x i16>)
declare <256 x i16> @llvm.genx.raw.send2.v256i16.v16i1.v16i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <16 x i32>, <256 x i16>)
declare void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8, i8, <16 x i1>, i8, i8, i32, i32, <16 x i32>)
declare void @llvm.genx.raw.sends2.noresult.v16i1.v16i32.v128i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <16 x i32>, <128 x i32>)
declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.nbarrier(i8, i8, i8)

define internal <16 x i32> @tdesc(i64 %base, i32 %wm1, i32 %hm1, i32 %pm1, i32 %x, i32 %y, i32 %blk) alwaysinline {
  %v0 = bitcast <16 x i32> zeroinitializer to <8 x i64>
  %v1 = insertelement <8 x i64> %v0, i64 %base, i32 0
  %v2 = bitcast <8 x i64> %v1 to <16 x i32>
  %v3 = insertelement <16 x i32> %v2, i32 %wm1, i32 2
  %v4 = insertelement <16 x i32> %v3, i32 %hm1, i32 3
  %v5 = insertelement <16 x i32> %v4, i32 %pm1, i32 4
  %v6 = insertelement <16 x i32> %v5, i32 %x, i32 5
  %v7 = insertelement <16 x i32> %v6, i32 %y, i32 6
  %v8 = insertelement <16 x i32> %v7, i32 %blk, i32 7
  ret <16 x i32> %v8
}

define dllexport spir_kernel void @gemm_tile(i8 addrspace(1)* "VCArgumentIOKind"="0" %a, i8 addrspace(1)* "VCArgumentIOKind"="0" %b, i8 addrspace(1)* "VCArgumentIOKind"="0" %c, i32 "VCArgumentIOKind"="0" %inner_loop_count) #0 {
entry:
  %pa = ptrtoint i8 addrspace(1)* %a to i64
  %pb = ptrtoint i8 addrspace(1)* %b to i64
  %pc = ptrtoint i8 addrspace(1)* %c to i64
  ; xetla_get_tdesc: width, height and pitch minus one, in bytes and rows;
  ; block (w-1) | (h-1) << 8 | (array_len-1) << 16
  ; A: 32 f16 wide (63), 8 rows (7), pitch 63, block 16x8 (0x70f)
  %ta0 = call <16 x i32> @tdesc(i64 %pa, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1807)
  ; B: 32 f16 wide (63), 32 rows (31), pitch 63, block 16x16 (0xf0f)
  %tb0 = call <16 x i32> @tdesc(i64 %pb, i32 63, i32 31, i32 63, i32 0, i32 0, i32 3855)
  ; xetla_nbarrier_t::init_nbarrier(0, producer_consumer) with one producer, one consumer
  %nbar = insertelement <16 x i32> zeroinitializer, i32 16842752, i32 2
  ; prologue prefetch (stages = 1): xetla_tprefetch_global<f16, cached, cached>
  ; Desc 0x2080203: op 3 (load_block2d), d16, L1 cached L2 cached (4), mlen 1, rlen 0
  call void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 15, i32 0, i32 34079235, <16 x i32> %ta0)
  call void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 15, i32 0, i32 34079235, <16 x i32> %tb0)
  %pfa0 = insertelement <16 x i32> %ta0, i32 16, i32 5
  %pfb0 = insertelement <16 x i32> %tb0, i32 16, i32 6
  %go = icmp ugt i32 %inner_loop_count, 0
  br i1 %go, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %inext, %loop ]
  %ta = phi <16 x i32> [ %ta0, %entry ], [ %tan, %loop ]
  %tb = phi <16 x i32> [ %tb0, %entry ], [ %tbn, %loop ]
  %pfa = phi <16 x i32> [ %pfa0, %entry ], [ %pfan, %loop ]
  %pfb = phi <16 x i32> [ %pfb0, %entry ], [ %pfbn, %loop ]
  %acc = phi <128 x float> [ zeroinitializer, %entry ], [ %accn, %loop ]
  ; xetla_nbarrier_t::arrive: SFID 3 (gateway), ExDesc 3, Desc 0x2000004 (mlen 1)
  call void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 3, i32 3, i32 33554436, <16 x i32> %nbar)
  ; tile_load of B, VNNI (transform): Desc 0x2880283: op 3, transform, d16, cached cached, rlen 8, mlen 1
  %bv = call <256 x i16> @llvm.genx.raw.send2.v256i16.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 8, i8 15, i32 0, i32 42467971, <16 x i32> %tb, <256 x i16> undef)
  ; tile_load of A: Desc 0x2480203: op 3, d16, cached cached, rlen 4, mlen 1
  %av = call <128 x i16> @llvm.genx.raw.send2.v128i16.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 4, i8 15, i32 0, i32 38273539, <16 x i32> %ta, <128 x i16> undef)
  ; tile_prefetch of the next A and B blocks
  call void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 15, i32 0, i32 34079235, <16 x i32> %pfa)
  call void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 15, i32 0, i32 34079235, <16 x i32> %pfb)
  ; update_tdesc: A moves 16 columns right, B 16 rows down
  %ax = extractelement <16 x i32> %ta, i32 5
  %ax1 = add i32 %ax, 16
  %tan = insertelement <16 x i32> %ta, i32 %ax1, i32 5
  %by = extractelement <16 x i32> %tb, i32 6
  %by1 = add i32 %by, 16
  %tbn = insertelement <16 x i32> %tb, i32 %by1, i32 6
  %pax = extractelement <16 x i32> %pfa, i32 5
  %pax1 = add i32 %pax, 16
  %pfan = insertelement <16 x i32> %pfa, i32 %pax1, i32 5
  %pby = extractelement <16 x i32> %pfb, i32 6
  %pby1 = add i32 %pby, 16
  %pfbn = insertelement <16 x i32> %pfb, i32 %pby1, i32 6
  ; tile_mma: dpas 8x8, f16 x f16 (precision 10) into f32
  %bi = bitcast <256 x i16> %bv to <128 x i32>
  %ai = bitcast <128 x i16> %av to <64 x i32>
  %accn = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc, <128 x i32> %bi, <64 x i32> %ai, i32 10, i32 10, i32 8, i32 8, i32 1, i32 1)
  ; xetla_nbarrier_t::wait: named_barrier_wait(0)
  call void @llvm.genx.nbarrier(i8 0, i8 0, i8 0)
  %inext = add i32 %i, 1
  %more = icmp ult i32 %inext, %inner_loop_count
  br i1 %more, label %loop, label %done

done:
  %res = phi <128 x float> [ zeroinitializer, %entry ], [ %accn, %loop ]
  ; C: 16 f32 wide (63), 8 rows (7), pitch 63, block 16x8
  %tc = call <16 x i32> @tdesc(i64 %pc, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1807)
  ; tile_store: xetla_tstore_global<f32, 128, write_back, write_back>
  ; Desc 0x20e0407: op 7 (store_block2d), d32, L1 wb L2 wb (7), mlen 1; Src1 8 registers
  %ri = bitcast <128 x float> %res to <128 x i32>
  call void @llvm.genx.raw.sends2.noresult.v16i1.v16i32.v128i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 8, i8 15, i32 0, i32 34472967, <16 x i32> %tc, <128 x i32> %ri)
  ret void
}

attributes #0 = { nounwind "VCFunction" "VCNamedBarrierCount"="1" "VCSLMSize"="0" }

!spirv.Source = !{!0}
!opencl.spir.version = !{!1}
!opencl.ocl.version = !{!2}
!opencl.used.extensions = !{!3}
!opencl.used.optional.core.features = !{!3}
!spirv.Generator = !{!4}
!0 = !{i32 0, i32 100000}
!1 = !{i32 1, i32 2}
!2 = !{i32 1, i32 0}
!3 = !{}
!4 = !{i16 6, i16 14}
