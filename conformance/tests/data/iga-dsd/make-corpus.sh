#!/bin/sh
# Regenerates corpus.txt: a spread of LSC send descriptors decoded by Intel's IGA
# (`iga64 -Xdsd`, Debian's libigc-tools), one line per descriptor:
#
#   PLATFORM SFID EXDESC DESC syntax=MESSAGE addr=SURFACE mlen=N rlen=N errors=N
#
# MESSAGE is the message's syntax as iga64 prints it (`load.ugm.d32x2t.a64.uc.uc`),
# SURFACE its address form (`[A]`, `bti[5][A]`), mlen and rlen the descriptor fields iga64
# reads (Desc[28:25], Desc[24:20]), errors the lines iga64 reports as errors or warnings
# about the descriptor. The descriptors are drawn by a fixed-seed generator (awk's srand(7)),
# so the corpus is reproducible. conformance/tests/lsc_cross_check.rs compares the model's
# decoder (visa_model::ir::send::decode) with every line, and reruns iga64 when installed.
#
# usage: make-corpus.sh [IGA64] > corpus.txt
set -eu
IGA=${1:-iga64}
for platform in 12p71 12p72; do
  for sfid in ugm slm; do
    awk -v seed=7 -v sfid="$sfid" -v platform="$platform" 'BEGIN {
      srand(seed + (platform == "12p72") * 2 + (sfid == "slm"));
      n = split("0 0 0 0 2 4 4 4 6 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 31 1 3 5 27", ops, " ");
      for (i = 0; i < 120; i++) {
        op = ops[1 + int(rand() * n)];
        as = 1 + int(rand() * 3);
        ds = int(rand() * 7);
        if (rand() < 0.5) ds = 2;
        vs = int(rand() * 8);
        if (rand() < 0.4) vs = 0;
        tr = (rand() < 0.3) ? 1 : 0;
        if (op == 2 || op == 6) { vs = 1 + int(rand() * 15); tr = int(vs / 8); vs = vs % 8 }
        cache = int(rand() * 8);
        at = (sfid == "ugm" && rand() < 0.3) ? 3 : 0;
        mlen = 1 + int(rand() * 4);
        rlen = int(rand() * 8);
        if (op == 31) { as = 0; ds = int(rand() * 8); vs = int(rand() * 8); tr = 0; cache = 0; at = 0; mlen = 1; rlen = int(rand() * 2) }
        desc = op + as * 2^7 + ds * 2^9 + vs * 2^12 + tr * 2^15 + cache * 2^17 + rlen * 2^20 + mlen * 2^25 + at * 2^29;
        exdesc = (at == 3) ? int(rand() * 256) * 2^24 : 0;
        printf "0x%08x 0x%08x\n", exdesc, desc;
      }
    }' | while read -r exdesc desc; do
      out=$("$IGA" -Xdsd -p="$platform" "$sfid" "$exdesc" "$desc" 2>&1 || true)
      line=$(printf '%s\n' "$out" | awk '/^[a-z_0-9]+\.[a-z0-9]/ && !/ \.\. / { print $1, $2; exit }')
      syntax=${line%% *}
      addr=${line#* }
      mlen=$(printf '%s\n' "$out" | awk '$2 == "Mlen" { print $3; exit }')
      rlen=$(printf '%s\n' "$out" | awk '$2 == "Rlen" { print $3; exit }')
      errors=$(printf '%s\n' "$out" | awk 'BEGIN { n = 0 } /^DESCRIPTOR FIELDS/ { exit } /: / { n++ } END { print n }')
      echo "$platform $sfid $exdesc $desc syntax=${syntax:--} addr=${addr:--} mlen=${mlen:--} rlen=${rlen:--} errors=$errors"
    done
  done
done
