"""The narrow float formats of the GPU tests, in NumPy (which has none of
them): each format's parameters, and the values of byte-format codes."""
import numpy as np

# Format: exponent and mantissa bits, bias, sign, subnormals, largest value,
# whether beyond it saturates, the NaN code.
FORMATS = {
    "e4m3": (4, 3, 7, True, True, 448.0, True, 0x7F),
    "e5m2": (5, 2, 15, True, True, 57344.0, True, 0x7F),
    "e8m0": (8, 0, 127, False, False, 2.0 ** 127, True, 0xFF),
    "e2m1": (2, 1, 1, True, True, 6.0, True, 0x7),
    "tf32": (8, 10, 127, True, True, (2 - 2.0 ** -10) * 2.0 ** 127, False, None),
}
BYTE_FORMATS = ["e4m3", "e5m2", "e8m0", "e2m1"]


def decode(name, codes):
    """The values (float64) of byte-format codes."""
    E, M, bias, signed, _, _, _, _ = FORMATS[name]
    codes = codes.astype(np.int64)
    if name == "e8m0":
        v = np.ldexp(1.0, codes - 127)
        return np.where(codes == 255, np.nan, v)
    e = (codes >> M) & ((1 << E) - 1)
    m = codes & ((1 << M) - 1)
    mag = np.where(e == 0, np.ldexp(m.astype(np.float64), 1 - bias - M),
                   np.ldexp(1.0 + m / 2.0 ** M, e - bias))
    if name == "e5m2":
        mag = np.where(e == 31, np.where(m == 0, np.inf, np.nan), mag)
    if name == "e4m3":
        mag = np.where((e == 15) & (m == 7), np.nan, mag)
    sign = (codes >> (E + M)) & 1
    return np.where(sign == 1, -mag, mag)


def random_finite_codes(name, shape, rng):
    """Random codes of a byte format that stand for finite values (the others
    replaced by zero), and those values (float64)."""
    codes = rng.integers(0, 256, size=shape).astype(np.uint8)
    values = decode(name, codes)
    bad = ~np.isfinite(values)
    codes[bad] = 0
    values[bad] = 0.0
    return codes, values


def round_tf32(x):
    """float32 values (a NumPy array) rounded to tfloat32, to nearest with
    ties to even, in integer arithmetic on their bits (finite values: a
    carry moves into the exponent, up to infinity)."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0xFFF + ((bits >> 13) & 1)) & 0xFFFFE000
    return (bits & 0xFFFFFFFF).astype(np.uint32).view(np.float32)

