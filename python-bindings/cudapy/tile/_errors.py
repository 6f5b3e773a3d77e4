"""cuTile Python's exceptions. Each names the user's file, line and column
and shows the line, whatever stage of the compile found the problem."""

from .._jit import format_location  # noqa: F401  (tile errors format with it)


class TileError(Exception):
    """Base class of the errors a tile kernel's compile reports. `message`
    says what is wrong; `file`, `line`, `column` where (`loc` too)."""

    def __init__(self, message, file="", line=0, column=0):
        self.message, self.file, self.line, self.column = message, file, line, column
        where = format_location(file, line, column)
        super().__init__("%s: %s" % (where.split("\n", 1)[0], message) +
                         ("\n" + where.split("\n", 1)[1] if "\n" in where else "")
                         if where else message)

    @property
    def loc(self):
        return (self.file, self.line, self.column)


class TileSyntaxError(TileError):
    """Python syntax a tile kernel does not accept."""


class TileTypeError(TileError):
    """A value of the wrong type, dtype or shape."""


class TileValueError(TileError):
    """A value out of its range."""


class TileUnsupportedFeatureError(TileError):
    """A feature the compiler or the chip does not support."""


class TileRecursionError(TileError):
    """Helper functions that call each other too deeply."""


class TileInternalError(TileError):
    """A failure inside the compiler."""


class TileStaticEvalError(TileError):
    """A `ct.static_eval` expression that failed."""


class TileStaticAssertionError(TileError):
    """A `ct.static_assert` whose condition is false."""


class TileCompilerExecutionError(TileError):
    """The compile pipeline rejected the kernel (its diagnostics say why)."""

    def __init__(self, message, file="", line=0, column=0, diagnostics=()):
        super().__init__(message, file, line, column)
        self.diagnostics = list(diagnostics)


class TileCompilerTimeoutError(TileError):
    """The compile ran past `ct.compiler_timeout`."""


# The compiler's own base name (not exported by cuTile either).
TileCompilerError = TileInternalError
