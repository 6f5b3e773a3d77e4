"""Target specialization (cuda-device spec, "Target Specialization"): one
kernel whose code differs per chip; the branch for the chip it runs on is
the one compiled. Each thread writes the architecture the compile chose."""

from cudapy import device


@device.kernel
def which_chip(out):
    i = device.tid(1)
    if i < len(out):
        if device.target(device.provides(device.sm90)):
            out[i] = 90
        elif device.target(device.is_exactly(device.sm80) | device.is_exactly(device.sm86)):
            out[i] = 80
        else:
            out[i] = 0


def run(out, stream=None):
    device.launch(which_chip, out, grid=(len(out) + 127) // 128, block=128, stream=stream)
