#!/bin/sh
# Regenerates the real IGC dumps under this directory from src/*.cl.
#
# The committed dumps were written by IGC 1.0.12504.6 through ocloc 22.43.24595.41 (Debian
# bookworm packages `intel-opencl-icd` and `libigc1`: `apt-get install intel-opencl-icd`).
# Each kernel is compiled for tgllp (xe-lp), dg2-g10 (xe-hpg) and pvc (xe-hpc) with IGC's
# shader dumps on; the `.visaasm` file is the vISA text IGC hands to its finalizer. A kernel
# that calls a stack-call function gets a second file, `NAME_f0.visaasm`, for the function.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for pair in tgllp:xe-lp dg2-g10:xe-hpg pvc:xe-hpc; do
  device=${pair%%:*}
  platform=${pair#*:}
  mkdir -p "$here/$platform"
  for src in "$here"/src/*.cl; do
    name=$(basename "$src" .cl)
    rm -rf "$work/dump"
    # A kernel the device cannot run (double precision on tgllp and dg2-g10) fails to
    # compile and has no dump there.
    if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$work/dump" \
      ocloc compile -q -file "$src" -device "$device" -output "$work/bin" >/dev/null 2>&1; then
      echo "$name: no dump for $device"
      continue
    fi
    for f in "$work"/dump/*.visaasm; do
      case $f in
        *_f0.visaasm) cp "$f" "$here/$platform/${name}_f0.visaasm" ;;
        *) cp "$f" "$here/$platform/$name.visaasm" ;;
      esac
    done
  done
done
