#!/usr/bin/env python3
"""Prints "N passed, N failed" from lit JSON results files (lit --output).

Usage: lit_summary.py RESULTS.json [MORE.json ...]  (the counts are summed)
Passed: PASS and XFAIL. Failed: FAIL, XPASS, UNRESOLVED, TIMEOUT. A missing or
unreadable results file means that suite did not run: it counts as 1 failed.
Exits 0 when nothing failed.
"""
import collections
import json
import sys

PASSED = {"PASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}


def main():
    codes = collections.Counter()
    missing = 0
    for path in sys.argv[1:] or [""]:
        try:
            with open(path) as f:
                codes.update(test["code"] for test in json.load(f)["tests"])
        except (OSError, ValueError, KeyError, TypeError):
            print("(no results in '%s': that suite did not run)" % path)
            missing += 1
    passed = sum(codes[c] for c in PASSED)
    failed = sum(codes[c] for c in FAILED) + missing
    skipped = codes["UNSUPPORTED"]
    if skipped:
        print("(%d unsupported here: they need a GPU, ptxas or another tool "
              "this machine lacks)" % skipped)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
