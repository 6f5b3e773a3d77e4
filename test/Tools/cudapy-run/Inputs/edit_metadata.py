"""Writes PREFIX.CASE.json: the kernel metadata JSON with one impossible
value per case (test/Tools/cudapy-run/bad-arguments.test)."""
import copy
import json
import sys

source, prefix = sys.argv[1], sys.argv[2]
metadata = json.load(open(source))


def edit(case, change):
    edited = copy.deepcopy(metadata)
    change(edited["kernels"][0])
    with open("%s.%s.json" % (prefix, case), "w") as handle:
        json.dump(edited, handle)


edit("index", lambda k: k["params"][2].update(index=99))
edit("align", lambda k: k["params"][0].update(align=3))
edit("size", lambda k: k["params"][1].update(size=1e18))
edit("total", lambda k: [p.update(size=4096, align=8) for p in k["params"]])
edit("threads", lambda k: k.update(max_threads_per_block=-1))
edit("block", lambda k: k.update(required_block_size=[0, 0, 0]))
# Found by cudapy-fuzz-metadata: a rank that is not a number was converted
# from NaN to int (undefined behaviour).
edit("rank", lambda k: k["args"][0].update(rank="two"))
edit("extent", lambda k: k["args"][0].update(shape=[1e300]))
