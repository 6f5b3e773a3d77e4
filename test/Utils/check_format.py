#!/usr/bin/env python3
"""Checks that cudapy's C and C++ sources are clang-formatted.

Usage: check_format.py --clang-format BIN SOURCE_ROOT
Looks at *.c, *.h, *.cpp under the source folders (TableGen is not
formatted); prints each file that is not formatted and a summary line; exits 1
when any is not.
"""
import argparse
import os
import subprocess
import sys

FOLDERS = ["lib", "include", "dialects", "tools", "test", "python-bindings",
           "examples"]
SUFFIXES = (".c", ".h", ".cpp")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clang-format", required=True)
    parser.add_argument("root")
    args = parser.parse_args()

    files = []
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(args.root, folder)):
            dirnames[:] = [d for d in dirnames if d not in ("Output", "__pycache__")]
            files += [os.path.join(dirpath, f) for f in filenames
                      if f.endswith(SUFFIXES)]
    bad = []
    for path in sorted(files):
        run = subprocess.run([args.clang_format, "--dry-run", "-Werror", path],
                             capture_output=True, text=True)
        if run.returncode != 0:
            bad.append(os.path.relpath(path, args.root))
    for path in bad:
        print("not clang-formatted: %s (run clang-format -i %s)" % (path, path))
    print("checked %d files, %d not formatted" % (len(files), len(bad)))
    return 1 if bad or not files else 0


if __name__ == "__main__":
    sys.exit(main())
