"""bfloat16 for the GPU tests, in NumPy (which has no bfloat16): bit patterns
as uint16, and back to float32."""
import numpy as np


def to_bfloat16_bits(x):
    """float32 -> bfloat16 bit patterns (uint16), rounding to nearest even."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def from_bfloat16_bits(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)
