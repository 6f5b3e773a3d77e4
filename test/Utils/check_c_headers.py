#!/usr/bin/env python3
"""Compiles each C header of a folder alone, as C99, warnings as errors.

Usage: check_c_headers.py --cc CC [--include DIR]... HEADER_DIR
Prints "ok: <dir>/<header>" or the compiler's output per header, then a
summary; exits 1 when any header fails.
"""
import argparse
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cc", required=True)
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("header_dir")
    args = parser.parse_args()

    prefix = os.path.basename(os.path.normpath(args.header_dir))
    headers = sorted(h for h in os.listdir(args.header_dir) if h.endswith(".h"))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for header in headers:
            source = os.path.join(tmp, "use.c")
            with open(source, "w") as f:
                f.write('#include "%s/%s"\n' % (prefix, header))
                f.write("int main(void) { return 0; }\n")
            command = [args.cc, "-std=c99", "-Wall", "-Wextra", "-Werror",
                       "-pedantic", "-fsyntax-only", source]
            for include in args.include:
                command += ["-I", include]
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode == 0:
                print("ok: %s/%s" % (prefix, header))
            else:
                failed += 1
                print("FAILED: %s/%s\n%s%s" % (prefix, header, run.stdout,
                                              run.stderr))
    print("checked %d headers, %d failed" % (len(headers), failed))
    return 1 if failed or not headers else 0


if __name__ == "__main__":
    sys.exit(main())
