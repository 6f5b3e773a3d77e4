"""Runs many cudapy-compile processes on one input at once, all sharing a
fresh compile cache, and checks what they leave: every output the same as a
compile without the cache, one entry in the cache, no temporary file.

    compile_at_once.py FOLDER COUNT INPUT [cudapy-compile options...]
"""
import os
import subprocess
import sys

folder, count, source, options = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
cache = os.path.join(folder, "cache")
reference = os.path.join(folder, "reference")
subprocess.run(["cudapy-compile", source, "--no-cache", "-o", reference] + options, check=True)
expected = open(reference, "rb").read()

for round in ("cold", "warm"):
    environment = dict(os.environ, CUDAPY_CACHE_DIR=cache)
    outputs = [os.path.join(folder, "%s-%d" % (round, i)) for i in range(count)]
    processes = [subprocess.Popen(["cudapy-compile", source, "-o", out] + options,
                                  env=environment) for out in outputs]
    codes = [p.wait() for p in processes]
    same = sum(open(out, "rb").read() == expected for out in outputs)
    names = os.listdir(cache)
    entries = [n for n in names if n.endswith(".entry")]
    temporaries = [n for n in names if n.startswith(".")]
    print("%s: exit codes %s, %d of %d outputs as without the cache, %d entries, "
          "%d temporary files" % (round, sorted(set(codes)), same, count, len(entries),
                                  len(temporaries)))
