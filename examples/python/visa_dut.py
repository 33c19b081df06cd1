#!/usr/bin/env python3
"""A minimal visa-dut/1 implementation in Python (standard library only).

It executes MOV, ADD, AND, OR and XOR whose operands are all D or UD: general
variables with any legal region, or immediates; predication, execution masks and
.sat (MOV and ADD). Everything else is answered `unsupported`: an implementation
never guesses. See docs/protocol.md and docs/certify.md.

    visa-conform certify --impl 'python3 examples/python/visa_dut.py' --only mov,add,and,or,xor
"""
import json
import re
import sys

PROTOCOL = "visa-dut/1"
GRF_BYTES = {"xe-lp": 32, "xe-hpg": 32, "xe-hpc": 64, "xe2": 64}
SOURCES = {"mov": 1, "add": 2, "and": 2, "or": 2, "xor": 2}
RANGE = {"d": (-(1 << 31), (1 << 31) - 1), "ud": (0, (1 << 32) - 1)}

DECL = re.compile(r"\.decl (\S+) v_type=([GP])(?: type=(\w+))? num_elts=(\d+)$")
INSN = re.compile(r"(?:\((!?)(\w+)(\.any|\.all)?\) )?(\w+)((?:\.\w+)*) \(M(\d)(_NM)?, (\d+)\) (.+)")
DST = re.compile(r"(\w+)\((\d+),(\d+)\)<(\d+)>")
SRC = re.compile(r"(\w+)\((\d+),(\d+)\)<(\d+);(\d+),(\d+)>")
IMM = re.compile(r"0x([0-9a-f]+):(d|ud)")


class Unsupported(Exception):
    pass


def signed(bits, ty):
    return bits - (1 << 32) if ty == "d" and bits >> 31 else bits


def run(case, observe):
    if case.get("profile") or any(r != "resolved" for r in case.get("errata", {}).values()):
        raise Unsupported("numeric profiles and literal errata readings")
    init = case.get("init", {})
    grf = GRF_BYTES[case["platform"]]
    vars, types, preds, insns = {}, {}, {}, []
    for line in case["program"].splitlines():
        line = line.strip()
        if not line:
            continue
        m = DECL.fullmatch(line)
        if m:
            name, cls, ty, n = m.groups()
            if cls == "P":
                preds[name] = int(init.get("preds", {}).get(name, "0x0"), 16)
            elif ty in RANGE:
                data = bytes.fromhex(init.get("vars", {}).get(name, "00" * 4 * int(n)))
                vars[name], types[name] = bytearray(data), ty
            else:
                raise Unsupported(f"type {ty}")
            continue
        m = INSN.fullmatch(line)
        if not m or m.group(4) not in SOURCES:
            raise Unsupported(f"instruction `{line}`")
        insns.append(m.groups())
    emask = int(init.get("emask", "0xffffffff"), 16)
    for invert, pred, combine, op, mods, group, nomask, size, operands in insns:
        size, offset = int(size), 4 * (int(group) - 1)
        mods = [m for m in mods.split(".") if m]
        if mods not in ([], ["sat"]) or (mods and op not in ("mov", "add")):
            raise Unsupported(f"modifiers {mods}")
        words = operands.split()
        if len(words) != 1 + SOURCES[op]:
            raise Unsupported("operand count")
        enabled = [nomask or emask >> (offset + i) & 1 for i in range(size)]
        if pred:
            bits = [preds[pred] >> (offset + i) & 1 for i in range(size)]
            if combine == ".any":
                bits = [any(bits)] * size
            elif combine == ".all":
                bits = [all(bits)] * size
            enabled = [e and (b != bool(invert)) for e, b in zip(enabled, bits)]
        srcs = [read(w, size, vars, types, grf) for w in words[1:]]
        m = DST.fullmatch(words[0])
        if not m or m.group(1) not in vars:
            raise Unsupported(f"destination {words[0]}")
        name, r, c, hs = m.group(1), *map(int, m.groups()[1:])
        ty, lo_hi = types[name], RANGE[types[name]]
        for i in range(size):
            if not enabled[i]:
                continue
            vals = [s[i] for s in srcs]
            if op == "mov":
                v = vals[0][0]
            elif op == "add":
                v = vals[0][0] + vals[1][0]
            else:
                a, b = vals[0][1], vals[1][1]
                v = a & b if op == "and" else a | b if op == "or" else a ^ b
            if "sat" in mods:
                v = min(max(v, lo_hi[0]), lo_hi[1])
            at = 4 * (r * grf // 4 + c + i * hs)
            if at + 4 > len(vars[name]):
                raise Unsupported("destination outside its variable")
            vars[name][at:at + 4] = (v & 0xFFFFFFFF).to_bytes(4, "little")
    names = observe or {"vars": list(vars), "preds": list(preds)}
    return {
        "vars": {n: vars[n].hex() for n in names.get("vars", [])},
        "preds": {n: hex(preds[n]) for n in names.get("preds", [])},
        "mem": [],
    }


def read(word, size, vars, types, grf):
    """Each lane's (value, 32-bit pattern) of a source operand."""
    m = IMM.fullmatch(word)
    if m:
        bits = int(m.group(1), 16) & 0xFFFFFFFF
        return [(signed(bits, m.group(2)), bits)] * size
    m = SRC.fullmatch(word)
    if not m or m.group(1) not in vars:
        raise Unsupported(f"source {word}")
    name, r, c, vs, w, hs = m.group(1), *map(int, m.groups()[1:])
    first, lanes = r * grf // 4 + c, []
    for i in range(size):
        at = 4 * (first + i // w * vs + i % w * hs)
        if at + 4 > len(vars[name]):
            raise Unsupported("region outside its variable")
        bits = int.from_bytes(vars[name][at:at + 4], "little")
        lanes.append((signed(bits, types[name]), bits))
    return lanes


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["type"] == "hello":
            reply = {"type": "hello", "protocol": PROTOCOL,
                     "implementation": {"name": "visa_dut.py", "version": "1"},
                     "platforms": list(GRF_BYTES), "instructions": list(SOURCES),
                     "profiles": [], "errata": {}}
        elif request["type"] == "run":
            reply = {"type": "result", "seq": request["seq"]}
            try:
                reply["state"] = run(request["case"], request.get("observe"))
            except (Unsupported, KeyError, ValueError) as e:
                reply["unsupported"] = str(e) or type(e).__name__
        else:
            reply = {"type": "error", "message": f"unknown request {request['type']}"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
