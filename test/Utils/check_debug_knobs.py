"""Checks docs/Debugging.md's table against the sources (test/Docs/debug-knobs.test)."""
import os
import re
import sys

root = sys.argv[1]


def read(*parts):
    with open(os.path.join(root, *parts)) as handle:
        return handle.read()


compiler = read("lib", "CAPI", "Compiler.cpp")
header = read("include", "cudapy-c", "Compiler.h")
tool = read("tools", "cudapy-compile", "cudapy-compile.c")
doc = read("docs", "Debugging.md")

variables = sorted(set(re.findall(r'getKnob\([^;]*?"(CUDAPY_\w+)"\)', compiler, re.S)))
keys = set(re.findall(r'\{"(\w+)", &parsed\.\w+\}', compiler))
setters = set(re.findall(r"\b(cudapyCompileOptionsSet\w+)\(", header))
flags = set(re.findall(r'!str(?:n)?cmp\(arg, "(--[\w-]+)"', tool)) | {"-o"}
print("environment variables:", " ".join(variables))

rows = [line for line in doc.splitlines() if line.startswith("| ") and "`" in line]
problems = []
seen_variables, seen_keys = set(), set()
for row in rows:
    cells = [c.strip() for c in row.strip("|").split("|")]
    if len(cells) != 6:
        problems.append("row with %d cells: %s" % (len(cells), row))
        continue
    _, capi, key, environment, cli, _ = cells
    for name in re.findall(r"`(cudapyCompileOptionsSet\w+)", capi):
        if name not in setters:
            problems.append("no C API setter %s" % name)
    for name in re.findall(r"`(\w+)`", key):
        seen_keys.add(name)
        if name not in keys:
            problems.append("no JSON key %s" % name)
    for name in re.findall(r"`(CUDAPY_\w+)`", environment):
        seen_variables.add(name)
        if name not in variables:
            problems.append("the compiler reads no %s" % name)
    for name in re.findall(r"`(--?[\w-]+)", cli):
        if name not in flags:
            problems.append("cudapy-compile has no %s" % name)
for name in variables:
    if name not in seen_variables:
        problems.append("%s is not in the table" % name)
for name in ("dump_ir", "dump_ir_passes", "dump_output", "reproducer", "timing", "timing_file",
             "line_info", "assertions"):
    if name in keys and name not in seen_keys:
        problems.append("JSON key %s is not in the table" % name)
print("\n".join(problems) if problems else "table matches the code")
