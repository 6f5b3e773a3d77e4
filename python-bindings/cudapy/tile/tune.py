"""`ct.tune`: picks the fastest configuration of a kernel by running each.

    result = ct.tune.exhaustive_search(
        [64, 128, 256], stream,
        grid_fn=lambda tile: (ct.cdiv(n, tile),),
        kernel=add_kernel,
        args_fn=lambda tile: (a, b, c, tile),
        hints_fn=lambda tile: {"num_worker_warps": 4})
    best_tile = result.best.config

Each configuration is compiled and launched once, then timed with CUDA
events on `stream` (launches back to back, about 100 ms or 200 samples);
configurations that fail to compile or launch are listed in `failures`.
"""

import dataclasses
import math

from . import _kernel


@dataclasses.dataclass(frozen=True)
class Measurement:
    """One configuration's time: the mean of `num_samples` launches and the
    half-width of its 95% confidence interval, in microseconds."""

    config: object
    mean_us: float
    num_samples: int
    error_margin_us: float


@dataclasses.dataclass(frozen=True)
class TuningResult:
    """The fastest measurement, every successful one (fastest first) and the
    failures as (config, exception type, message)."""

    best: Measurement
    successes: list
    failures: list

    def summary(self, *, top_k=10, bottom_k=2):
        lines = ["%d configurations timed, %d failed" % (len(self.successes),
                                                         len(self.failures))]
        shown = self.successes[:top_k]
        rest = self.successes[top_k:]
        tail = rest[-bottom_k:] if bottom_k else []
        for m in shown:
            lines.append("  %10.2f us +- %.2f  %r" % (m.mean_us, m.error_margin_us, m.config))
        if len(rest) > len(tail):
            lines.append("  ...")
        for m in tail:
            lines.append("  %10.2f us +- %.2f  %r" % (m.mean_us, m.error_margin_us, m.config))
        for config, kind, message in self.failures:
            lines.append("  failed: %r: %s: %s" % (config, kind.__name__, message))
        return "\n".join(lines)


def _time(kernel, stream, grid, args, budget_s=0.1, max_samples=200):
    from .. import runtime
    device = _kernel._device()
    kernel._launch(stream, grid, args)  # compiles, and warms the caches
    device.synchronize()
    samples = runtime.event_samples(device, lambda: kernel._launch(stream, grid, args),
                                    _kernel._stream(stream), count=max_samples,
                                    budget_s=budget_s)
    mean = sum(samples) / len(samples)
    deviation = math.sqrt(sum((s - mean) ** 2 for s in samples) / max(len(samples) - 1, 1))
    return mean, len(samples), 1.96 * deviation / math.sqrt(len(samples))


def exhaustive_search(search_space, stream, grid_fn, kernel, args_fn, hints_fn=None, *,
                      quiet=False, single_run_timeout_sec=None):
    """Times `kernel` (or `kernel(config)`, a function giving the kernel of
    a configuration) for every configuration of `search_space`, launched on
    `grid_fn(config)` with `args_fn(config)` and the hints
    `hints_fn(config)`; returns a TuningResult. `single_run_timeout_sec`
    is accepted; runs are not interrupted."""
    successes, failures = [], []
    for config in search_space:
        try:
            chosen = kernel if isinstance(kernel, _kernel.kernel) else kernel(config)
            if hints_fn is not None:
                chosen = chosen.replace_hints(**hints_fn(config))
            grid = grid_fn(config)
            grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
            mean, count, margin = _time(chosen, stream, grid, tuple(args_fn(config)))
        except Exception as why:  # a configuration that fails is reported, not fatal
            failures.append((config, type(why), str(why)))
            if not quiet:
                print("cudapy.tile.tune: %r failed: %s" % (config, why))
            continue
        successes.append(Measurement(config, mean, count, margin))
    if not successes:
        raise RuntimeError("every configuration failed: " + "; ".join(
            "%r: %s" % (c, m) for c, _k, m in failures))
    successes.sort(key=lambda m: m.mean_us)
    result = TuningResult(successes[0], successes, failures)
    if not quiet:
        print(result.summary())
    return result
