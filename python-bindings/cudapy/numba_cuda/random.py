"""Random numbers in device code, numba.cuda.random's spelling: one
xoroshiro128+ generator per thread, its state in a device array.

    from cudapy.numba_cuda.random import (create_xoroshiro128p_states,
                                          xoroshiro128p_uniform_float32)

    states = create_xoroshiro128p_states(n, seed=1)

    @cuda.jit
    def k(states, out):
        i = cuda.grid(1)
        out[i] = xoroshiro128p_uniform_float32(states, i)

The generator is xoroshiro128+ (Blackman and Vigna, 2018: rotations 24 and
37, shift 16). A state is two uint64 words; the states are an (n, 2) uint64
array. State i of a seed holds the outputs 2(s + i) + 1 and 2(s + i) + 2 of
the SplitMix64 sequence of the seed (s: `subsequence_start`), the seeding
the generator's authors recommend; numba instead jumps each state 2^64
steps past the previous one, so the numbers differ from numba's for the
same seed (their distribution does not).
"""

import math

from . import float32, float64, grid, jit, uint64

_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment
_GOLDEN2 = 2 * _GOLDEN % 2**64
_TWO_PI = 2.0 * math.pi


@jit(device=True)
def _splitmix64(x):
    z = x
    z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
    return z ^ (z >> uint64(31))


@jit(device=True)
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@jit(device=True)
def _seed_state(states, index, position, seed):
    """State `index` from the SplitMix64 outputs 2 * `position` + 1 and + 2
    of `seed`."""
    base = uint64(seed) + uint64(position) * uint64(_GOLDEN2)
    s0 = _splitmix64(base + uint64(_GOLDEN))
    s1 = _splitmix64(base + uint64(_GOLDEN2))
    if s0 == uint64(0) and s1 == uint64(0):
        s0 = uint64(1)  # the all-zero state would repeat itself
    states[index, 0] = s0
    states[index, 1] = s1


@jit(device=True)
def xoroshiro128p_next(states, index):
    """The next 64 random bits of state `index`."""
    s0 = states[index, 0]
    s1 = states[index, 1]
    result = s0 + s1
    s1 = s1 ^ s0
    states[index, 0] = _rotl(s0, 24) ^ s1 ^ (s1 << uint64(16))
    states[index, 1] = _rotl(s1, 37)
    return result


@jit(device=True)
def xoroshiro128p_uniform_float32(states, index):
    """A float32 uniformly distributed in [0, 1) (24 random bits)."""
    bits = xoroshiro128p_next(states, index) >> uint64(40)
    return float32(bits) * float32(2.0 ** -24)


@jit(device=True)
def xoroshiro128p_uniform_float64(states, index):
    """A float64 uniformly distributed in [0, 1) (53 random bits)."""
    bits = xoroshiro128p_next(states, index) >> uint64(11)
    return float64(bits) * float64(2.0 ** -53)


@jit(device=True)
def xoroshiro128p_normal_float32(states, index):
    """A float32 of the standard normal distribution (Box-Muller, one of
    the pair)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    radius = math.sqrt(float32(-2.0) * math.log(float32(1.0) - u1))
    return radius * math.cos(float32(_TWO_PI) * u2)


@jit(device=True)
def xoroshiro128p_normal_float64(states, index):
    """A float64 of the standard normal distribution (Box-Muller)."""
    u1 = xoroshiro128p_uniform_float64(states, index)
    u2 = xoroshiro128p_uniform_float64(states, index)
    radius = math.sqrt(float64(-2.0) * math.log(float64(1.0) - u1))
    return radius * math.cos(float64(_TWO_PI) * u2)


@jit
def _seed_states(states, seed, start):
    i = grid(1)
    if i < states.shape[0]:
        _seed_state(states, i, i + start, seed)


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Seeds every state of `states` (an (n, 2) uint64 device array) for
    `seed`, the first as subsequence `subsequence_start`."""
    n = states.shape[0]
    if n:
        _seed_states.forall(n, stream=stream)(states, _unsigned(seed), subsequence_start)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """`n` generator states seeded from `seed`: an (n, 2) uint64 device
    array."""
    from . import device_array
    states = device_array((n, 2), dtype=uint64, stream=stream)
    init_xoroshiro128p_states(states, seed, subsequence_start, stream)
    return states


def _unsigned(seed):
    """The seed as a uint64 value (any Python int, wrapped)."""
    return uint64(int(seed) % 2**64)
