"""The exceptions of cudapy.device. Each names the user's file, line and
column and shows the line, whatever stage of the compile found the problem
(cuda-device spec, "Conformance": a framework reports a broken
`[User Requirement]` on the user's program)."""

from .._jit import format_location


class DeviceError(Exception):
    """Base class of the errors a device function's compile or launch
    reports. `message` says what is wrong; `file`, `line`, `column` where."""

    def __init__(self, message, file="", line=0, column=0):
        self.message, self.file, self.line, self.column = message, file, line, column
        where = format_location(file, line, column)
        head, _, rest = where.partition("\n")
        super().__init__("%s: %s%s" % (head, message, "\n" + rest if rest else "")
                         if where else message)


class DeviceSyntaxError(DeviceError):
    """Python syntax device code does not accept."""


class DeviceTypeError(DeviceError, TypeError):
    """A value of a type the operation does not take (the spec's type
    requirements, the py dialect's promotion rules)."""


class DeviceValueError(DeviceError, ValueError):
    """A value out of its range (a `tid(4)`, a literal that does not fit)."""


class DeviceUnsupportedError(DeviceError):
    """A feature cudapy.device does not support yet."""


class DeviceCompileError(DeviceError):
    """The compile pipeline rejected the program (its diagnostics say why)."""

    def __init__(self, message, file="", line=0, column=0, diagnostics=()):
        super().__init__(message, file, line, column)
        self.diagnostics = list(diagnostics)
