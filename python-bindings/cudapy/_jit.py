"""What the Python frontends (cudapy.tile, cudapy.device) share: reading a
function's source, the disk cache of compiled kernels, the device and chip
launches use, streams and arrays from other libraries. Light to import: the
runtime is loaded on first use."""

import hashlib
import inspect
import json
import os

from . import _libraries


class LazyModule:
    """A module imported on first use: the frontends' modules name the
    compiler's (cudapy._capi, cudapy._ir: libcudapy-c.so, MLIR and LLVM)
    this way, so that importing a frontend and launching from the disk cache
    never load them. Each attribute is kept once read."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attribute):
        import importlib
        value = getattr(importlib.import_module(self._name), attribute)
        setattr(self, attribute, value)
        return value


def format_location(file, line, column):
    """`file:line:column`, then the source line and a caret under the
    column."""
    if not file:
        return ""
    import linecache
    text = "%s:%d:%d" % (file, line, column)
    source = linecache.getline(file, line).rstrip("\n") if line else ""
    if source:
        text += "\n    " + source
        if column:
            indent = source[:column - 1]
            text += "\n    " + "".join(c if c == "\t" else " " for c in indent) + "^"
    return text


# Python's integers have no bound, a kernel's constants do: a folded power
# or left shift whose result would need more bits than this (for powers, as
# the base's highest set bit estimates it) is refused before Python
# computes it (`n ** 2**31` would take the process's memory and time). Both
# frontends fold constants through these.
CONSTANT_BITS = 128


def constant_power(base, exponent):
    """`base ** exponent`, or ValueError when an integer result would not
    fit in CONSTANT_BITS bits."""
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and \
            abs(base) > 1 and exponent * (abs(base).bit_length() - 1) > CONSTANT_BITS:
        raise ValueError("%d ** %d does not fit in %d bits" % (base, exponent, CONSTANT_BITS))
    return base ** exponent


def constant_lshift(value, count):
    """`value << count`, or ValueError when the result would not fit in
    CONSTANT_BITS bits."""
    if isinstance(count, int) and isinstance(value, int) and value and \
            count + value.bit_length() > CONSTANT_BITS:
        raise ValueError("%d << %d does not fit in %d bits" % (value, count, CONSTANT_BITS))
    return value << count


class SourceError(Exception):
    """The source of a function cannot be read or is not a function."""

    def __init__(self, message, file="", line=0, column=0, syntax=False):
        super().__init__(message)
        self.message, self.file, self.line, self.column = message, file, line, column
        self.syntax = syntax


class FunctionSource:
    """A Python function's parsed source, with its file and line offset."""

    def __init__(self, function):
        import ast
        import textwrap
        self.function = function
        try:
            lines, first = inspect.getsourcelines(function)
        except (OSError, TypeError) as error:
            raise SourceError("cannot read the source of %s: %s"
                              % (function.__qualname__, error))
        self.filename = inspect.getsourcefile(function) or "<unknown>"
        if function.__name__ == "<lambda>":
            self.tree = self._lambda_tree(function, first)
            self.column_offset = 0
            self._set_scope(function)
            return
        source = textwrap.dedent("".join(lines))
        # The dedent shifts columns by the indentation removed.
        self.column_offset = len(lines[0]) - len(lines[0].lstrip())
        tree = ast.parse(source)
        ast.increment_lineno(tree, first - 1)
        self.tree = tree.body[0]
        if not isinstance(self.tree, ast.FunctionDef):
            raise SourceError("%s is not a function definition" % function.__qualname__,
                              syntax=True)
        self._set_scope(function)

    def _lambda_tree(self, function, first):
        """A lambda's ast, found in its whole file by its line and
        parameters, as a function whose body returns the lambda's."""
        import ast
        import linecache
        text = "".join(linecache.getlines(self.filename))
        params = list(function.__code__.co_varnames[:function.__code__.co_argcount])
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Lambda) and node.lineno == first and \
                    [a.arg for a in node.args.args] == params:
                body = ast.Return(node.body)
                ast.copy_location(body, node.body)
                tree = ast.FunctionDef("<lambda>", node.args, [body], [], None, None)
                ast.copy_location(tree, node)
                return tree
        raise SourceError("cannot find the source of a lambda on line %d" % first,
                          self.filename, first, 1, syntax=True)

    def _set_scope(self, function):
        self.globals = function.__globals__
        self.closure = {}
        if function.__closure__:
            for name, cell in zip(function.__code__.co_freevars, function.__closure__):
                try:
                    self.closure[name] = cell.cell_contents
                except ValueError:
                    pass



class SourceTranslator:
    """What the frontends' translators share: where an ast node is in the
    user's file, an error there, the MLIR location of it, and the first
    error diagnostic of the context as an error there. A translator has
    `frame.source` (a FunctionSource), `node` (the node being translated),
    `ir` and `type_error` (its frontend's type error class)."""

    def location_of(self, node):
        source = self.frame.source
        line = getattr(node, "lineno", source.tree.lineno)
        column = getattr(node, "col_offset", 0) + source.column_offset + 1
        return source.filename, line, column

    def error(self, kind, message, node=None):
        file, line, column = self.location_of(node if node is not None else self.node)
        return kind(message, file, line, column)

    def loc(self, node=None):
        file, line, column = self.location_of(node if node is not None else self.node)
        return self.ir.location(file, line, column)

    def check_diagnostics(self, node=None):
        """Raises the first error the context reported (a checked type), at
        its own location when it has one."""
        errors = [d for d in self.ir.diagnostics if d.severity == "error"]
        if errors:
            self.ir.diagnostics.clear()
            first = errors[0]
            if first.file:
                raise self.type_error(first.message, first.file, first.line, first.column)
            raise self.error(self.type_error, first.message, node)


# The compiler's debug knobs (docs/Debugging.md): a kernel read from the
# disk cache is not compiled, so none of them would act.
_DEBUG_KNOBS = ("CUDAPY_DUMP_IR", "CUDAPY_DUMP_OUTPUT", "CUDAPY_REPRODUCER",
                "CUDAPY_TIMING_FILE")


def _cache_enabled():
    if any(os.environ.get(name) for name in _DEBUG_KNOBS):
        return False
    return os.environ.get("CUDAPY_CACHE", "1") not in ("0", "off", "no", "false")


_LIBRARY_IDENTITY = None


# The files of the CUDA toolkit a compile reads, at the compiler's default
# toolkit path (the frontends pass none; a build may set another, which
# these do not follow): libdevice, and ptxas and nvJitLink, which assemble
# cubins (the first of the names the assembler tries that exists).
_TOOLKIT = "/usr/local/cuda"
_TOOLKIT_FILES = (("nvvm/libdevice/libdevice.10.bc",), ("bin/ptxas",),
                  tuple("%s/libnvJitLink.so.%s" % (folder, version)
                        for version in ("13", "12")
                        for folder in ("lib64", "targets/x86_64-linux/lib")))


def _library_identity():
    """What a cached kernel depends on besides its IR: the compiler build
    (the size and time of the compiler library that would be loaded, found
    as cudapy._capi finds it, without loading it) and the toolkit's files
    (_TOOLKIT_FILES), so that a new toolkit compiles again."""
    global _LIBRARY_IDENTITY
    if _LIBRARY_IDENTITY is None:
        import sys
        capi = sys.modules.get(__package__ + "._capi")
        path = (capi.library_path if capi is not None
                else _libraries.find("libcudapy-c.so"))
        candidates = [(path,)] + [tuple(os.path.join(_TOOLKIT, f) for f in names)
                                  for names in _TOOLKIT_FILES]
        _LIBRARY_IDENTITY = ",".join(
            next((stamp for stamp in map(_file_stamp, names) if stamp), "?")
            for names in candidates)
    return _LIBRARY_IDENTITY


def _file_stamp(path):
    """A file's name, size and modification time, or None."""
    try:
        status = os.stat(path)
    except (OSError, TypeError):
        return None
    return "%s:%d:%d" % (os.path.basename(path), status.st_size, int(status.st_mtime))


_FRONTEND_IDENTITIES = {}


def frontend_identity(directory):
    """The size and time of a frontend's own files (the .py files of
    `directory`, and those it translates and compiles with: _ir.py,
    _jit.py, _capi.py): a source-keyed cache entry is only as valid as the
    translator that made it."""
    found = _FRONTEND_IDENTITIES.get(directory)
    if found is None:
        here = os.path.dirname(os.path.abspath(__file__))
        files = [os.path.join(directory, f) for f in sorted(os.listdir(directory))
                 if f.endswith(".py")]
        files += [os.path.join(here, f) for f in ("_ir.py", "_jit.py", "_capi.py")]
        found = _FRONTEND_IDENTITIES[directory] = ",".join(
            _file_stamp(path) or path + ":?" for path in files)
    return found


def source_text(function):
    """The lines of `function`'s source, from its first line (its first
    decorator's) to the last line its code or any code nested in it covers,
    read as the translators read them (linecache); None where the file
    cannot be read. Cheaper than inspect.getsource, which tokenizes."""
    import linecache
    import types
    code = getattr(function, "__code__", None)
    if code is None:
        return None
    # The file as it is now (a module reloaded after an edit), as
    # inspect.getsource reads it.
    linecache.checkcache(code.co_filename)
    lines = linecache.getlines(code.co_filename)
    if not lines:
        return None
    last = code.co_firstlineno
    stack = [code]
    while stack:
        current = stack.pop()
        if hasattr(current, "co_positions"):
            ends = (p[1] for p in current.co_positions())
        else:
            ends = (line for _, _, line in current.co_lines())
        last = max([last] + [end for end in ends if end is not None])
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
    return "".join(lines[code.co_firstlineno - 1:last])


def source_fingerprint(function, describe):
    """A digest of what a function's compiled code depends on: its source
    (source_text) and where it is (file and first line: the code's
    locations), its default values, and, for each global or closure
    name its code reads, the value: numbers, strings and tuples of them by
    value, cudapy's modules and a few of Python's (math, cmath, operator,
    numpy) by name, other objects by `describe(obj)` (text, or None when
    the object cannot be described; the digest is then None: no
    source-keyed caching). Another module is not described: what a kernel
    reads from it (`config.BLOCK`) may change while its name does not."""
    text = source_text(function)
    if text is None:
        return None
    code = function.__code__
    parts = ["%s:%d" % (code.co_filename, code.co_firstlineno), text]
    defaults = [("", v) for v in function.__defaults__ or ()] + sorted(
        (function.__kwdefaults__ or {}).items())
    for name, value in defaults:
        item = describe_value(value, describe)
        if item is None:
            return None
        parts.append("default %s=%s" % (name, item))
    names = set()
    stack = [code]
    while stack:
        current = stack.pop()
        names.update(current.co_names)
        stack.extend(c for c in current.co_consts if hasattr(c, "co_names"))
    scope = dict(function.__globals__)
    if function.__closure__:
        for name, cell in zip(code.co_freevars, function.__closure__):
            try:
                scope[name] = cell.cell_contents
            except ValueError:
                pass
        names.update(code.co_freevars)
    for name in sorted(names):
        if name not in scope:
            continue
        text = describe_value(scope[name], describe)
        if text is None:
            return None
        parts.append("%s=%s" % (name, text))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


_STABLE_MODULES = ("math", "cmath", "operator", "numpy")


def is_cudapy_module(name):
    """Whether a module name is cudapy's own (the frontends' identities
    cover what such a module holds)."""
    return isinstance(name, str) and (name == "cudapy" or name.startswith("cudapy."))


def describe_value(value, describe):
    """A value as source keys describe it: numbers, strings, tuples of
    them, builtins and the stable modules by value or name
    (_describe_constant), another module never, anything else by
    `describe(value)`; None where it cannot be described."""
    text = _describe_constant(value)
    if text is None and not inspect.ismodule(value):
        text = describe(value)
    return text


def _describe_constant(value):
    if value is None or isinstance(value, (bool, int, float, complex, str)):
        return repr(value)
    if isinstance(value, tuple):
        items = [_describe_constant(v) for v in value]
        return None if None in items else "(%s)" % ", ".join(items)
    if inspect.ismodule(value):
        name = value.__name__
        if name in _STABLE_MODULES or is_cudapy_module(name):
            return "module " + name
        return None
    if inspect.isbuiltin(value):
        return "builtin %s.%s" % (getattr(value, "__module__", ""), value.__name__)
    return None


def _read_cache(key, frontend="tile"):
    """A cached compile of `frontend` ("tile", "device"): its fields, with
    the cubin (if any) under "cubin"; or None. The entries live in the one
    compile cache (cudapy-c/Cache.h, through the runtime library: a hit
    loads no compiler), which checks them whole."""
    data = _runtime().cache_load("%s-%s" % (frontend, key))
    if data is None:
        return None
    header, separator, cubin = data.partition(b"\0")
    try:
        entry = json.loads(header)
    except ValueError:
        return None
    if not separator or not isinstance(entry, dict) or not isinstance(entry.get("ptx"), str):
        return None
    if cubin:
        entry["cubin"] = cubin
    return entry


def _write_cache(key, entry, frontend="tile"):
    """Stores `entry` (JSON fields, and bytes under "cubin")."""
    fields = {name: value for name, value in entry.items() if name != "cubin"}
    data = json.dumps(fields).encode() + b"\0" + bytes(entry.get("cubin") or b"")
    _runtime().cache_store("%s-%s" % (frontend, key), data)


def assemble(ptx, chip, opt_level=3, line_info=True):
    """The cubin of `ptx` for `chip` (the CUDA toolkit's ptxas, or its
    nvJitLink in process where ptxas cannot run; docs/CompileCache.md), or
    None where neither is found: the driver then JIT-compiles the PTX at
    load. Raises RuntimeError when the assembler refuses the PTX."""
    from . import _capi
    result = _capi.assemble(ptx, chip, {"emit": "cubin-or-ptx", "opt_level": opt_level,
                                        "line_info": line_info})
    if isinstance(result, list):
        raise RuntimeError("\n".join(str(d) for d in result) or "the assembler failed")
    output = result.outputs[0]
    return output.data if output.format == "cubin" else None


def _sm(chip):
    return int("".join(c for c in chip[3:] if c.isdigit()) or 0)


def assembly_chip(chip):
    """The chip a cubin of PTX compiled for `chip` is assembled for: the
    device's (compile_chip) when `chip` is $CUDAPY_CHIP's and of an older
    major version (sm_80 on an sm_90 device), whose machine code the device
    does not run (sm_80 PTX assembled for it runs); else `chip` itself
    (without opening the device: compiles need none)."""
    if chip != os.environ.get("CUDAPY_CHIP"):
        return chip
    device = compile_chip(_device().chip)
    return device if _sm(chip) // 10 < _sm(device) // 10 else chip


def image(entry):
    """What loads an entry: its cubin, else its PTX."""
    return entry.get("cubin") or entry["ptx"]


_DEVICE = None
_RUNTIME = None


def _runtime():
    """cudapy.runtime, imported on first use (compiles do not need it)."""
    global _RUNTIME
    if _RUNTIME is None:
        from . import runtime
        _RUNTIME = runtime
    return _RUNTIME


def _device():
    global _DEVICE
    if _DEVICE is None:
        _DEVICE = _runtime().Device(0)
    return _DEVICE


def compile_chip(chip):
    """The chip kernels are compiled for on a device of `chip`: sm_90 gets
    its arch-specific features (wgmma, sm_90a)."""
    return "sm_90a" if chip == "sm_90" else chip


_CHIP = None


def _chip():
    """The chip the frontends compile for: `$CUDAPY_CHIP` when set (an
    older chip's code runs on a newer device: sm_80 on an H100 runs the
    mma.sync path), else the device's (compile_chip)."""
    global _CHIP
    if _CHIP is None:
        _CHIP = os.environ.get("CUDAPY_CHIP") or compile_chip(_device().chip)
    return _CHIP


_TENSOR_TYPES = set()


def _is_tensor(value):
    kind = type(value)
    if kind in _TENSOR_TYPES:
        return True
    if kind.__module__.startswith("torch") and hasattr(value, "data_ptr"):
        _TENSOR_TYPES.add(kind)
        return True
    return False


def _is_array(value):
    # PyTorch first: its __cuda_array_interface__ raises for tensors that
    # require grad, whose data the runtime reads through data_ptr().
    return (_is_tensor(value) or hasattr(value, "__cuda_array_interface__") or
            hasattr(value, "__dlpack__"))


def _stream(stream):
    if stream is None or isinstance(stream, int):
        return stream or None
    for attribute in ("cuda_stream", "ptr", "handle"):
        handle = getattr(stream, attribute, None)
        if isinstance(handle, int):
            return handle or None
    if hasattr(stream, "__cuda_stream__"):
        return stream.__cuda_stream__()[1] or None
    try:
        return int(stream) or None
    except (TypeError, ValueError):
        raise TypeError("cannot use %r as a CUDA stream" % (stream,))


