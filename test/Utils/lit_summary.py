#!/usr/bin/env python3
"""Prints "N passed, N failed" from a lit JSON results file (lit --output).

Passed: PASS and XFAIL. Failed: FAIL, XPASS, UNRESOLVED, TIMEOUT. A missing or
unreadable results file means the suite did not run: "0 passed, 1 failed".
Exits 0 when nothing failed.
"""
import collections
import json
import sys

PASSED = {"PASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}


def main():
    try:
        with open(sys.argv[1]) as f:
            tests = json.load(f)["tests"]
    except (OSError, ValueError, KeyError, IndexError):
        print("0 passed, 1 failed")
        return 1
    codes = collections.Counter(test["code"] for test in tests)
    passed = sum(codes[c] for c in PASSED)
    failed = sum(codes[c] for c in FAILED)
    skipped = codes["UNSUPPORTED"]
    if skipped:
        print("(%d unsupported here: they need a GPU, ptxas or another tool "
              "this machine lacks)" % skipped)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
