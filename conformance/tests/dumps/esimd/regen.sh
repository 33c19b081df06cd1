#!/bin/sh
# Regenerates the vISA dumps under this directory from src/*.ll through IGC's vector compiler
# (VC), the backend that compiles ESIMD (and so XeTLA) kernels.
#
# The committed dumps were written by IGC 1.0.12504.6 through ocloc 22.43.24595.41 (Debian
# bookworm packages `intel-opencl-icd` and `libigc1`) from LLVM 14 IR assembled by `llvm-as-14`
# (package `llvm-14`): `ocloc compile -llvm_input -options -vc-codegen`, with IGC's shader
# dumps on. Each kernel is compiled for pvc (xe-hpc), the one platform whose block 2D messages
# XeTLA's raw sends reach. Beside each kernel the dump holds:
# - `NAME.visaasm`: the vISA text VC hands to the finalizer;
# - `NAME.progbin`: the program binary with its patch tokens (the kernel's interface), the
#   device binary section of the container ocloc writes, and `NAME.cos`, IGC's listing of
#   those tokens, for humans.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$here/xe-hpc"
for src in "$here"/src/*.ll; do
  name=$(basename "$src" .ll)
  rm -rf "$work/dump"
  llvm-as-14 "$src" -o "$work/$name.bc"
  IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$work/dump" \
    ocloc compile -q -llvm_input -file "$work/$name.bc" -device pvc -options -vc-codegen \
    -output "$work/$name" -output_no_suffix >/dev/null
  set -- "$work"/dump/*_"$name".visaasm
  if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "$name: expected one .visaasm dump" >&2
    exit 1
  fi
  cp "$1" "$here/xe-hpc/$name.visaasm"
  cp "${1%.visaasm}.cos" "$here/xe-hpc/$name.cos"
  # The container's sections: the build options, the LLVM module, the device binary.
  section=$(readelf -S -W "$work/$name" | awk '/OpenCL Device Binary/ { print $(NF-5), $(NF-4) }')
  offset=$((0x${section%% *}))
  size=$((0x${section#* }))
  tail -c +$((offset + 1)) "$work/$name" | head -c "$size" >"$here/xe-hpc/$name.progbin"
done
