#!/bin/sh
# Regenerates the real IGC dumps under this directory from src/*.cl.
#
# The committed dumps were written by IGC 1.0.12504.6 through ocloc 22.43.24595.41 (Debian
# bookworm packages `intel-opencl-icd` and `libigc1`: `apt-get install intel-opencl-icd`).
# Each kernel is compiled for skl (gen9), tgllp (xe-lp), dg2-g10 (xe-hpg) and pvc (xe-hpc)
# with IGC's shader dumps on; `regen.sh skl:gen9` regenerates one platform's. Beside each kernel the dump holds:
# - `NAME.visaasm`: the vISA text IGC hands to its finalizer. When IGC tries SIMD32 and falls
#   back to SIMD16, the dump holds both texts; the one IGC kept is the one with a `.cos`
#   listing beside it, and that is the one copied. A kernel that calls a stack-call function
#   gets a second file, `NAME_f0.visaasm`, for the function.
# - `NAME.progbin`: the program binary with its patch tokens (the kernel's interface:
#   `visa-conform launch --interface NAME.progbin`), and `NAME.cos`, IGC's listing of those
#   tokens, for humans.
# - for the kernels in $zebin_kernels, `NAME.zebin`: the same kernel compiled to zebin (an
#   ELF whose `.ze_info` section describes the interface), which this IGC writes when asked
#   (`IGC_EnableZEBinary=1` and `-ze-enable-zebin`); its vISA text is the same.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zebin_kernels="saxpy loop reduce"
pairs=${*:-skl:gen9 tgllp:xe-lp dg2-g10:xe-hpg pvc:xe-hpc}
for pair in $pairs; do
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
    set -- "$work"/dump/*.cos
    if [ $# -ne 1 ] || [ ! -f "$1" ]; then
      echo "$name: expected one .cos listing for $device" >&2
      exit 1
    fi
    kept=${1%.cos}
    cp "$kept.visaasm" "$here/$platform/$name.visaasm"
    if [ -f "${kept}_f0.visaasm" ]; then
      cp "${kept}_f0.visaasm" "$here/$platform/${name}_f0.visaasm"
    fi
    cp "$kept.cos" "$here/$platform/$name.cos"
    cp "$work"/dump/*.progbin "$here/$platform/$name.progbin"
    case " $zebin_kernels " in
      *" $name "*)
        rm -rf "$work/zdump"
        IGC_EnableZEBinary=1 IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$work/zdump" \
          ocloc compile -q -file "$src" -device "$device" -output "$work/zbin" \
          -internal_options -ze-enable-zebin >/dev/null 2>&1
        # The zebin's kernel is the same vISA text.
        cmp -s "$work"/zdump/"$(basename "$kept")".visaasm "$here/$platform/$name.visaasm"
        cp "$work"/zdump/*.progbin "$here/$platform/$name.zebin"
        ;;
    esac
  done
done
