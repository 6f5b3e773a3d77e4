#!/usr/bin/env python3
"""Assembles every PTX object embedded in cudapy-opt's output with ptxas.

Usage: cudapy-opt ... | extract_ptx.py --ptxas PTXAS --out-dir DIR
Finds each `#gpu.object<#nvvm.target<... chip = "sm_XX" ...>, ...
assembly = "..."`, undoes MLIR's string escapes, writes DIR/<n>.<chip>.ptx and
runs `ptxas --gpu-name <chip>` on it. Prints one line per object and exits 1
when there is none or ptxas rejects one.
"""
import argparse
import os
import re
import subprocess
import sys

OBJECT = re.compile(r'#gpu\.object<#nvvm\.target<([^>]*)>.*?assembly = "((?:[^"\\]|\\.)*)"',
                    re.S)
CHIP = re.compile(r'chip = "([^"]+)"')


def unescape(text):
    """MLIR prints non-printable bytes of a string as \\XX (two hex digits)."""
    out = bytearray()
    i = 0
    raw = text.encode()
    while i < len(raw):
        if raw[i] == ord("\\") and i + 2 < len(raw) + 1:
            pair = raw[i + 1:i + 3]
            if re.fullmatch(rb"[0-9A-Fa-f]{2}", pair):
                out.append(int(pair, 16))
                i += 3
                continue
            out.append(raw[i + 1])
            i += 2
            continue
        out.append(raw[i])
        i += 1
    return out.decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptxas", required=True)
    parser.add_argument("--out-dir", required=True)
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    failures = 0
    count = 0
    for count, match in enumerate(OBJECT.finditer(sys.stdin.read()), 1):
        chip = CHIP.search(match.group(1))
        chip = chip.group(1) if chip else "sm_50"
        path = os.path.join(args.out_dir, "%d.%s.ptx" % (count, chip))
        with open(path, "w") as f:
            f.write(unescape(match.group(2)))
        run = subprocess.run([args.ptxas, "--gpu-name", chip, path, "-o",
                              path + ".cubin"], capture_output=True, text=True)
        if run.returncode == 0:
            print("ptxas accepted object %d (%s)" % (count, chip))
        else:
            failures += 1
            print("ptxas rejected object %d (%s):\n%s" % (count, chip, run.stderr))
    if count == 0:
        print("no PTX object found")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
