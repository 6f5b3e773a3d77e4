"""Device-only functions and objects of cudapy.device (cuda-device spec,
"CUDA Python Programming"): host stubs that refuse to run on the host
(spec, "Device Only Entities"), and what each becomes in device code."""

from ._errors import DeviceError

# id(stub) -> translate(translator, args, kwargs, node) -> value
DEVICE_FUNCTIONS = {}
# ids of the stubs of device-only functions (cuda-device spec, "Thread
# Positioning", "Local, Shared, and Const Memory": "All entities in this
# section are device only"), which a heterogeneous @func uses only where
# target specialization excludes the host.
DEVICE_ONLY = set()


def _device_only(name):
    def stub(*args, **kwargs):
        raise DeviceError("%s is device only: call it in a @kernel or @func function "
                          "(cuda-device spec, \"Device Only Entities\")" % name)
    stub.__name__ = stub.__qualname__ = name
    return stub


def device_function(name, device_only=False):
    """Registers `translate` for the device function `name`; returns the
    host stub (which refuses to run on the host). `device_only`: the spec
    makes it device only, so a @func uses it only under target
    specialization that excludes the host."""
    def register(translate):
        stub = _device_only(name)
        stub.__doc__ = translate.__doc__
        DEVICE_FUNCTIONS[id(stub)] = translate
        if device_only:
            DEVICE_ONLY.add(id(stub))
        return stub
    return register


class DeviceObject:
    """A device-only object (`thread_idx`, `warp_size` …): usable in device
    code; on the host, reading its attributes refuses."""

    def __init__(self, name, op, dim3=False):
        self._name, self.op, self.dim3 = name, op, dim3

    def __repr__(self):
        return "cudapy.device." + self._name

    def __getattr__(self, attribute):
        raise DeviceError("%s is device only (cuda-device spec, \"Device Only Entities\")"
                          % self._name)


thread_idx = DeviceObject("thread_idx", "simt.thread_idx", dim3=True)
block_idx = DeviceObject("block_idx", "simt.block_idx", dim3=True)
block_dim = DeviceObject("block_dim", "simt.block_dim", dim3=True)
grid_dim = DeviceObject("grid_dim", "simt.grid_dim", dim3=True)
warp_size = DeviceObject("warp_size", "simt.warp_size")
lane_id = DeviceObject("lane_id", "simt.lane_id")
