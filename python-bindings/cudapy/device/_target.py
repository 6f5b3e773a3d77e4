"""Target specialization (cuda-device spec, "Target Specialization"):
descriptions of targets, built on the host and used as constant expressions
in `if target(...)`, which becomes the target dialect's `target.if`
(docs/Target.md), folded per chip when the kernel is compiled."""

from ._api import device_function
from ._errors import DeviceTypeError
from ._values import Const


class SMSelector:
    """One CUDA architecture: `device.sm90`."""

    def __init__(self, number):
        self.number = number

    def __repr__(self):
        return "cudapy.device.sm%d" % self.number


class TargetDescription:
    """A set of targets: `provides(sm80) & ~is_exactly(sm90)`; its text is
    the target dialect's condition grammar, `on_host` whether the host is
    one of them."""

    def __init__(self, text, on_host):
        self.text, self.on_host = text, on_host

    def _other(self, other):
        if not isinstance(other, TargetDescription):
            raise TypeError("target descriptions combine with target descriptions, not %r"
                            % (other,))
        return other

    def __or__(self, other):
        other = self._other(other)
        return TargetDescription("(%s) | (%s)" % (self.text, other.text),
                                 self.on_host or other.on_host)

    def __and__(self, other):
        other = self._other(other)
        return TargetDescription("(%s) & (%s)" % (self.text, other.text),
                                 self.on_host and other.on_host)

    def __invert__(self):
        return TargetDescription("~(%s)" % self.text, not self.on_host)

    def __repr__(self):
        return "TargetDescription(%r)" % self.text

    def __bool__(self):
        raise TypeError("a target description has no truth value: test it with "
                        "device.target(...) in device code")


def _selector(sm):
    if not isinstance(sm, SMSelector):
        raise TypeError("expected an SMSelector such as device.sm80, not %r" % (sm,))
    return "sm_%d" % sm.number


def is_exactly(sm):
    """Targets of architecture `sm` (`__CUDA_ARCH__ == XX0`)."""
    return TargetDescription("is_exactly(%s)" % _selector(sm), False)


def provides(sm):
    """Targets of architecture `sm` or later (`__CUDA_ARCH__ >= XX0`)."""
    return TargetDescription("provides(%s)" % _selector(sm), False)


is_host = TargetDescription("is_host", True)
is_device = TargetDescription("is_device", False)
any_target = TargetDescription("any_target", True)
no_target = TargetDescription("no_target", False)

SELECTORS = {"sm%d" % n: SMSelector(n) for n in (50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86,
                                                  87, 89, 90, 100, 101, 103, 110, 120, 121)}


class TargetCondition:
    """`target(desc)` in device code: an `if` on it is a `target.if`."""

    __slots__ = ("text", "on_host")

    def __init__(self, text, on_host):
        self.text, self.on_host = text, on_host

    def describe(self):
        return "target(%s)" % self.text


@device_function("target")
def target(tr, args, kwargs, node):
    """`target(desc) -> bool`: whether the code runs on a target `desc`
    describes (a constant expression; `if target(...)` compiles only the
    branch that applies)."""
    if len(args) != 1 or kwargs or not isinstance(args[0], Const) or \
            not isinstance(args[0].obj, TargetDescription):
        raise tr.error(DeviceTypeError, "target() takes one target description (a constant "
                       "expression such as device.provides(device.sm80))", node)
    return TargetCondition(args[0].obj.text, args[0].obj.on_host)


# Host functions device code may call on constant expressions.
CONSTANT_FUNCTIONS = {is_exactly, provides}
