"""Embedding gather: tile block i gathers `rows` token rows of a table
(`dim` columns wide) with ct.gather; token ids past the end read padding
and their stores fall outside the output."""

import cudapy.tile as ct


@ct.kernel
def embedding(ids, table, out, rows: ct.Constant[int], dim: ct.Constant[int]):
    i = ct.bid(0)
    tokens = ct.load(ids, index=(i,), shape=(rows,), padding_mode=ct.PaddingMode.ZERO)
    columns = ct.arange(dim, dtype=ct.int32)
    values = ct.gather(table, (tokens[:, None], columns[None, :]))
    ct.store(out, index=(i, 0), tile=values)


def run(ids, table, out, rows=16, stream=0):
    ct.launch(stream, (ct.cdiv(ids.shape[0], rows),), embedding,
              (ids, table, out, rows, table.shape[1]))


if __name__ == "__main__":
    import torch
    table = torch.randn(50000, 256, device="cuda")
    ids = torch.randint(0, 50000, (10000,), device="cuda", dtype=torch.int32)
    out = torch.empty(10000, 256, device="cuda")
    run(ids, table, out)
    torch.cuda.synchronize()
    print("embedding exact:", torch.equal(out, table[ids.long()]))
