#!/bin/sh
# Regenerates corpus.txt: a spread of send descriptors decoded by Intel's IGA
# (`iga64 -Xdsd`, Debian's libigc-tools), one line per descriptor: LSC on UGM and SLM
# (xe-hpg 12p71, xe-hpc 12p72), then the legacy data cache DC0 and DC1 (gen9 9, gen11 11,
# xe-lp 12p1; before xe-lp iga64 reads the SFID from ExDesc[3:0]):
#
#   PLATFORM SFID EXDESC DESC syntax=MESSAGE addr=SURFACE mlen=N rlen=N errors=N
#
# MESSAGE is the message's syntax as iga64 prints it (`load.ugm.d32x2t.a64.uc.uc`),
# SURFACE its address form (`[A]`, `bti[5][A]`; `-` for the legacy messages, whose syntax
# names the surface), mlen and rlen the descriptor fields iga64
# reads (Desc[28:25], Desc[24:20]), errors the lines iga64 reports as errors or warnings
# about the descriptor. The descriptors are drawn by a fixed-seed generator (awk's srand, seeds 7 and 11),
# so the corpus is reproducible. conformance/tests/lsc_cross_check.rs compares the model's
# decoder (visa_model::ir::send::decode) with every line, and reruns iga64 when installed.
#
# usage: make-corpus.sh [IGA64] > corpus.txt
set -eu
IGA=${1:-iga64}

# describe PLATFORM UNIT EXDESC DESC: the corpus line of one descriptor.
describe() {
  platform=$1 sfid=$2 exdesc=$3 desc=$4
  case $platform in
    9|11) out=$("$IGA" -Xdsd -p="$platform" "$exdesc" "$desc" 2>&1 || true) ;;
    *) out=$("$IGA" -Xdsd -p="$platform" "$sfid" "$exdesc" "$desc" 2>&1 || true) ;;
  esac
  printf '%s\n' "$out" | awk -v p="$platform" -v s="$sfid" -v e="$exdesc" -v d="$desc" '
    BEGIN { n = 0; fields = 0; syntax = ""; addr = ""; mlen = ""; rlen = "" }
    /^DESCRIPTOR FIELDS/ { fields = 1 }
    !fields && /: / { n++ }
    $2 == "Mlen" && mlen == "" { mlen = $3 }
    $2 == "Rlen" && rlen == "" { rlen = $3 }
    syntax == "" && /^[a-z_0-9]+\.[a-z0-9]/ && !/ \.\. / { syntax = $1; addr = $2 }
    END {
      if (addr !~ /^(\[|bti\[)/) addr = "";
      printf "%s %s %s %s syntax=%s addr=%s mlen=%s rlen=%s errors=%d\n", p, s, e, d,
        syntax == "" ? "-" : syntax, addr == "" ? "-" : addr, mlen == "" ? "-" : mlen,
        rlen == "" ? "-" : rlen, n
    }'
}

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
      describe "$platform" "$sfid" "$exdesc" "$desc"
    done
  done
done
# XeTLA's block 2D descriptors (conformance/tests/dumps/esimd/README.md) on xe-hpc's UGM:
# prefetch, load, VNNI load, transposed load, store.
for desc in 0x02080203 0x02480203 0x02880283 0x02888403 0x020e0407; do
  describe 12p72 ugm 0x00000000 "$desc"
done
# The legacy data cache: the message types of DC0 (oword block read, unaligned read and
# write, dword and byte scattered read and write, the fence) and DC1 (untyped surface read
# and write, untyped atomic, typed surface read and write, a64 scattered), SLM, stateless
# and binding-table surfaces, the header bit mostly as each message wants it.
for platform in 9 11 12p1; do
  for sfid in dc0 dc1; do
    awk -v seed=11 -v sfid="$sfid" -v platform="$platform" 'BEGIN {
      srand(seed + (platform == "11") * 2 + (platform == "12p1") * 4 + (sfid == "dc1"));
      if (sfid == "dc0") n = split("0 1 8 4 4 12 12 3 11 7 5", types, " ");
      else n = split("1 1 9 9 2 2 2 5 13 17", types, " ");
      m = split("254 255 253 254 255 3", btis, " ");
      for (i = 0; i < 80; i++) {
        t = types[1 + int(rand() * n)];
        bti = btis[1 + int(rand() * m)];
        block = (sfid == "dc0" && (t == 0 || t == 1 || t == 8));
        header = block ? (rand() < 0.9) : (rand() < 0.1);
        ctrl = int(rand() * 64);
        if (sfid == "dc0" && !block && rand() < 0.7) ctrl = int(rand() * 4) * 4 + int(rand() * 2);
        if (block && rand() < 0.7) ctrl = int(rand() * 5);
        if (sfid == "dc1" && (t == 1 || t == 9) && rand() < 0.7) ctrl = (1 + int(rand() * 2)) * 16 + int(rand() * 15);
        if (sfid == "dc1" && t == 2 && rand() < 0.7) ctrl = 32 + 16 * int(rand() * 2) + int(rand() * 16);
        mlen = 1 + int(rand() * 4);
        rlen = int(rand() * 5);
        desc = mlen * 2^25 + rlen * 2^20 + header * 2^19 + t * 2^14 + ctrl * 2^8 + bti;
        exdesc = (platform == "12p1") ? 0 : ((sfid == "dc0") ? 10 : 12);
        printf "0x%08x 0x%08x\n", exdesc, desc;
      }
    }' | while read -r exdesc desc; do
      describe "$platform" "$sfid" "$exdesc" "$desc"
    done
  done
done
