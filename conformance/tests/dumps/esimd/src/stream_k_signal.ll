; One hardware thread of XeTLA's stream-K epilogue, the path of a work-group that does not
; finish its tile (include/group/epilogue/impl/stream_k_op_xe.hpp): the partial sums are
; added atomically into D, a fence makes them visible, the work-group meets at its named
; barrier, and each of 16 flags is incremented for the peer that finishes the tile.
; arguments: d (global f32 pointer), flags (global u32 pointer), first_group_idx

declare void @llvm.genx.raw.sends2.noresult.v16i1.v16i64.v16i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <16 x i64>, <16 x i32>)
declare void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8, i8, <16 x i1>, i8, i8, i32, i32, <16 x i32>)
declare void @llvm.genx.lsc.fence.v16i1(<16 x i1>, i8, i8, i8)
declare void @llvm.genx.nbarrier(i8, i8, i8)

define dllexport spir_kernel void @stream_k_signal(i8 addrspace(1)* "VCArgumentIOKind"="0" %d, i8 addrspace(1)* "VCArgumentIOKind"="0" %flags, i32 "VCArgumentIOKind"="0" %first_group_idx) #0 {
entry:
  %pd = ptrtoint i8 addrspace(1)* %d to i64
  %pf = ptrtoint i8 addrspace(1)* %flags to i64
  %lanes = add <16 x i32> zeroinitializer, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  ; tile_store of the accumulator row through the atomic payload:
  ; xetla_tatomic_store_global<float, 16, uncached, write_back, fadd>: channel offsets lane * 4
  %doff = shl <16 x i32> %lanes, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %doff64 = zext <16 x i32> %doff to <16 x i64>
  %dbase.i = insertelement <16 x i64> undef, i64 %pd, i32 0
  %dbase = shufflevector <16 x i64> %dbase.i, <16 x i64> undef, <16 x i32> zeroinitializer
  %daddr = add <16 x i64> %dbase, %doff64
  ; the partial sums: lane i holds i + 0.5
  %lf = uitofp <16 x i32> %lanes to <16 x float>
  %part = fadd <16 x float> %lf, <float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5>
  %parti = bitcast <16 x float> %part to <16 x i32>
  ; Desc 0x4040593: op 0x13 (atomic fadd), a64, d32, L1 uc L2 wb (2), mlen 2; exec size 16
  call void @llvm.genx.raw.sends2.noresult.v16i1.v16i64.v16i32(i8 0, i8 4, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 2, i8 1, i8 15, i32 0, i32 67372435, <16 x i64> %daddr, <16 x i32> %parti)
  ; xetla_fence<untyped_global, evict, tile>
  call void @llvm.genx.lsc.fence.v16i1(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 1, i8 2)
  ; nbarrier.arrive (SFID 3, ExDesc 3, Desc 0x2000004) and wait, barrier 0, one producer and one consumer
  %nbar = insertelement <16 x i32> zeroinitializer, i32 16842752, i32 2
  call void @llvm.genx.raw.send2.noresult.v16i1.v16i32(i8 0, i8 0, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 3, i32 3, i32 33554436, <16 x i32> %nbar)
  call void @llvm.genx.nbarrier(i8 0, i8 0, i8 0)
  ; the signal: flag_offsets = (lane + first_group_idx) * 4;
  ; xetla_tatomic_store_global<uint32_t, 16, uncached, write_back, iadd> of 1
  %fgi.i = insertelement <16 x i32> undef, i32 %first_group_idx, i32 0
  %fgi = shufflevector <16 x i32> %fgi.i, <16 x i32> undef, <16 x i32> zeroinitializer
  %fidx = add <16 x i32> %lanes, %fgi
  %foff = shl <16 x i32> %fidx, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %foff64 = zext <16 x i32> %foff to <16 x i64>
  %fbase.i = insertelement <16 x i64> undef, i64 %pf, i32 0
  %fbase = shufflevector <16 x i64> %fbase.i, <16 x i64> undef, <16 x i32> zeroinitializer
  %faddr = add <16 x i64> %fbase, %foff64
  ; Desc 0x404058c: op 0x0c (atomic iadd), a64, d32, L1 uc L2 wb (2), mlen 2
  call void @llvm.genx.raw.sends2.noresult.v16i1.v16i64.v16i32(i8 0, i8 4, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 2, i8 1, i8 15, i32 0, i32 67372428, <16 x i64> %faddr, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>)
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
