; XeTLA's atomic tile store (include/subgroup/tile/impl/store_xe.hpp, the atomic payload's
; tile_store, as the split-K and stream-K epilogues use it): a 4 x 16 f32 tile added into
; D (16 floats wide) row by row, one xetla_tatomic_store_global<float, 16, uncached,
; write_back, fadd> a row at base + (row + offset_y) * pitch + channel offsets lane * 4.
; arguments: d (global f32 pointer), offset_y (rows), pitch_in_bytes

declare void @llvm.genx.raw.sends2.noresult.v16i1.v16i64.v16i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <16 x i64>, <16 x i32>)

define internal void @store_row(i64 %row_base, <16 x float> %data) alwaysinline {
  %lanes = add <16 x i32> zeroinitializer, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %off = shl <16 x i32> %lanes, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %off64 = zext <16 x i32> %off to <16 x i64>
  %b.i = insertelement <16 x i64> undef, i64 %row_base, i32 0
  %b = shufflevector <16 x i64> %b.i, <16 x i64> undef, <16 x i32> zeroinitializer
  %addr = add <16 x i64> %b, %off64
  %di = bitcast <16 x float> %data to <16 x i32>
  ; Desc 0x4040593: op 0x13 (atomic fadd), a64, d32, L1 uc L2 wb (2), mlen 2, rlen 0; SIMD16
  call void @llvm.genx.raw.sends2.noresult.v16i1.v16i64.v16i32(i8 0, i8 4, <16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 2, i8 1, i8 15, i32 0, i32 67372435, <16 x i64> %addr, <16 x i32> %di)
  ret void
}

define dllexport spir_kernel void @atomic_tile_store(i8 addrspace(1)* "VCArgumentIOKind"="0" %d, i32 "VCArgumentIOKind"="0" %offset_y, i32 "VCArgumentIOKind"="0" %pitch_in_bytes) #0 {
entry:
  %pd = ptrtoint i8 addrspace(1)* %d to i64
  %pitch = zext i32 %pitch_in_bytes to i64
  ; the tile: element (r, i) is r + i / 4
  %lanes = uitofp <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15> to <16 x float>
  %quarter = fmul <16 x float> %lanes, <float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25>
  br label %row

row:
  %r = phi i32 [ 0, %entry ], [ %rn, %row ]
  %rf.i = uitofp i32 %r to float
  %rf.v = insertelement <16 x float> undef, float %rf.i, i32 0
  %rf = shufflevector <16 x float> %rf.v, <16 x float> undef, <16 x i32> zeroinitializer
  %data = fadd <16 x float> %quarter, %rf
  %y = add i32 %r, %offset_y
  %y64 = zext i32 %y to i64
  %yoff = mul i64 %y64, %pitch
  %base = add i64 %pd, %yoff
  call void @store_row(i64 %base, <16 x float> %data)
  %rn = add i32 %r, 1
  %more = icmp ult i32 %rn, 4
  br i1 %more, label %row, label %done

done:
  ret void
}

attributes #0 = { nounwind "VCFunction" "VCNamedBarrierCount"="0" "VCSLMSize"="0" }

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
