"""The compile targets the tensor-core GPU tests take on the device at hand:
(label, chip, PTX ISA version or None). Prints a line for each one the
device cannot run, so that the tests' output is the same everywhere."""


def tensor_core_targets(device, sm_90a=False, ptx_84=False):
    """The device's own chip; with `sm_90a`, sm_90a (wgmma) on an sm_90
    device; with `ptx_84`, the device's chip at PTX ISA 8.4 (fp8 mma.sync)
    from sm_89; then sm_80, whose PTX the driver compiles for the device."""
    sm = int(device.chip[3:])
    targets = [("native", device.chip, None)]
    if sm_90a:
        if device.chip == "sm_90":
            targets.append(("sm_90a", "sm_90a", None))
        else:
            print("sm_90a: skipped (not an sm_90 device)")
    if ptx_84:
        if sm >= 89:
            targets.append(("native PTX 8.4", device.chip, "8.4"))
        else:
            print("native PTX 8.4: skipped (fp8 mma.sync needs sm_89)")
    targets.append(("sm_80", "sm_80", None))
    return targets
