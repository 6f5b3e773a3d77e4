#!/usr/bin/env python3
"""Checks that no cudapy library includes a header of a higher one.

The layers, from the bottom (docs/Contributing.md, "The library graph"):

  0 support        include/cudapy/Support, lib/Support; the C runtime
                   and its compile cache (lib/Runtime,
                   include/cudapy-c/Runtime.h, include/cudapy-c/Cache.h)
  1 lowering-utils include/cudapy/Conversion/LoweringUtils, lib/Conversion/LoweringUtils
  2 dialect IR     dialects/<Name>/IR
  3 dialect passes dialects/<Name>/Transforms
  4 conversions    include/cudapy/Conversion, lib/Conversion/<A>To<B>
  5 transforms     include/cudapy/Transforms, lib/Transforms
  6 pipelines      include/cudapy/Pipelines.h, lib/Pipelines
  7 entry points   include/cudapy/InitAll.h, lib/InitAll.cpp, the C API
                   (include/cudapy-c, lib/CAPI)
  8 tools          tools/

A file may include headers of its own layer and of lower ones. Dialect IR
libraries may include one another only along the dialects' own order (py,
target below simt; tile alone), so that the dialects form no cycle either.

Prints one line per offending include and a summary line.
"""

import os
import re
import sys

LAYERS = ["support", "lowering-utils", "dialect IR", "dialect passes",
          "conversions", "transforms", "pipelines", "entry points", "tools"]

# Dialects that a dialect's IR may use (the simt dialect's values are py
# types and its ops carry target conditions).
DIALECT_USES = {"Py": set(), "Target": set(), "Tile": set(),
                "Simt": {"Py", "Target"}}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(path):
    """The layer (an index into LAYERS) of a repository path, or None."""
    parts = path.split("/")
    if path.startswith(("include/cudapy/Support/", "lib/Support/",
                        "lib/Runtime/")) or \
            path in ("include/cudapy-c/Runtime.h", "include/cudapy-c/Cache.h"):
        return 0
    if path.startswith(("include/cudapy/Conversion/LoweringUtils/",
                        "lib/Conversion/LoweringUtils/")):
        return 1
    if parts[0] == "dialects" and len(parts) > 2:
        return 2 if parts[2] == "IR" else 3
    if path.startswith(("include/cudapy/Conversion/", "lib/Conversion/")):
        return 4
    if path.startswith(("include/cudapy/Transforms/", "lib/Transforms/")):
        return 5
    if path in ("include/cudapy/Pipelines.h",) or path.startswith("lib/Pipelines/"):
        return 6
    if path in ("include/cudapy/InitAll.h", "lib/InitAll.cpp") or \
            path.startswith(("include/cudapy-c/", "lib/CAPI/")):
        return 7
    if path.startswith("tools/"):
        return 8
    return None


def resolve(include, including):
    """The repository path an include names (rooted at the repository or at
    include/, or beside the including file), or None for other projects'."""
    candidates = [include, "include/" + include,
                  os.path.join(os.path.dirname(including), include)]
    for candidate in candidates:
        candidate = os.path.normpath(candidate)
        if os.path.exists(os.path.join(ROOT, candidate)):
            return candidate
    # Generated headers sit at the same relative path in the build tree.
    if include.endswith(".inc"):
        for base in ("", "include/"):
            if layer_of(base + include) is not None:
                return base + include
    return None


def dialect_of(path):
    parts = path.split("/")
    return parts[1] if parts[0] == "dialects" and len(parts) > 2 else None


def main():
    global ROOT
    ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems, checked = [], 0
    for top in ("include", "lib", "dialects", "tools"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in sorted(files):
                if not name.endswith((".h", ".c", ".cpp")):
                    continue
                path = os.path.relpath(os.path.join(folder, name), ROOT)
                layer = layer_of(path)
                if layer is None:
                    continue
                checked += 1
                with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        target = resolve(match.group(1), path)
                        if target is None:
                            continue
                        if target.startswith("lib/") and \
                                os.path.dirname(target) != os.path.dirname(path):
                            problems.append("%s:%d: includes %s, a private header of "
                                            "another library" % (path, number, target))
                            continue
                        other = layer_of(target)
                        if other is None:
                            continue
                        if other > layer:
                            problems.append("%s:%d: a %s file includes %s (%s)" % (
                                path, number, LAYERS[layer], target, LAYERS[other]))
                            continue
                        mine, theirs = dialect_of(path), dialect_of(target)
                        if layer == 2 and other == 2 and mine != theirs and \
                                theirs not in DIALECT_USES.get(mine, set()):
                            problems.append("%s:%d: the %s dialect includes the %s "
                                            "dialect's %s" % (path, number, mine,
                                                              theirs, target))
    for problem in problems:
        print(problem)
    print("checked %d files, %d layering violations" % (checked, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
