"""ctypes declarations of include/cudapy-c/Compiler.h and Registration.h."""

import ctypes
import json
from dataclasses import dataclass, field
from typing import List, Optional

from . import _libraries

_LIBRARY_NAME = "libcudapy-c.so"


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self) -> str:
        if not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace")

    def bytes(self) -> bytes:
        return ctypes.string_at(self.data, self.length) if self.length else b""

    @classmethod
    def of(cls, data: bytes) -> "_StringRef":
        # The caller keeps `data` alive for the duration of the call.
        return cls(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p), len(data))


class _Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _DiagnosticInfo(ctypes.Structure):
    _fields_ = [
        ("severity", ctypes.c_int),
        ("file", _StringRef),
        ("line", ctypes.c_uint),
        ("column", ctypes.c_uint),
        ("message", _StringRef),
    ]


_StringCallback = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
_SEVERITIES = {0: "error", 1: "warning", 2: "note", 3: "remark"}


_lib, library_path = _libraries.load(_LIBRARY_NAME, "cudapy")


def _declare(name, restype, *argtypes):
    function = getattr(_lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)
    return function


_api_version = _declare("cudapyGetApiVersion", ctypes.c_int)
_options_create = _declare("cudapyCompileOptionsCreate", _Handle)
_options_destroy = _declare("cudapyCompileOptionsDestroy", None, _Handle)
_options_parse_json = _declare("cudapyCompileOptionsParseJSON", ctypes.c_int8,
                               _Handle, _StringRef, _StringCallback,
                               ctypes.c_void_p)
_compile_source = _declare("cudapyCompileSource", _Handle, _StringRef,
                           _StringRef, _Handle)
_compile_module = _declare("cudapyCompileModule", _Handle, _Handle, _Handle)
_assemble = _declare("cudapyAssemblePTX", _Handle, _StringRef, _StringRef, _Handle)
_result_destroy = _declare("cudapyCompileResultDestroy", None, _Handle)
_result_succeeded = _declare("cudapyCompileResultSucceeded", ctypes.c_bool,
                             _Handle)
_result_num_outputs = _declare("cudapyCompileResultGetNumOutputs",
                               ctypes.c_ssize_t, _Handle)
_result_output = _declare("cudapyCompileResultGetOutput", _StringRef, _Handle,
                          ctypes.c_ssize_t)
_result_output_name = _declare("cudapyCompileResultGetOutputName", _StringRef,
                               _Handle, ctypes.c_ssize_t)
_result_output_chip = _declare("cudapyCompileResultGetOutputChip", _StringRef,
                               _Handle, ctypes.c_ssize_t)
_result_output_format = _declare("cudapyCompileResultGetOutputFormat", _StringRef,
                                 _Handle, ctypes.c_ssize_t)
_result_is_cached = _declare("cudapyCompileResultIsCached", ctypes.c_bool, _Handle)
_result_metadata = _declare("cudapyCompileResultGetMetadataJSON", _StringRef,
                            _Handle)
_result_timing = _declare("cudapyCompileResultGetTimingReport", _StringRef,
                          _Handle)
_result_num_diagnostics = _declare("cudapyCompileResultGetNumDiagnostics",
                                   ctypes.c_ssize_t, _Handle)
_result_diagnostic = _declare("cudapyCompileResultGetDiagnostic",
                              _DiagnosticInfo, _Handle, ctypes.c_ssize_t)


def api_version() -> int:
    """CUDAPY_API_VERSION of the loaded library (major*10000+minor*100+patch)."""
    return _api_version()


@dataclass
class Diagnostic:
    severity: str
    file: str
    line: int
    column: int
    message: str

    def __str__(self):
        where = "%s:%d:%d: " % (self.file, self.line, self.column) if self.file else ""
        return "%s%s: %s" % (where, self.severity, self.message)


@dataclass
class Output:
    module: str  # gpu.module name ("" for emit="mlir")
    chip: str
    text: str    # the output as text ("" for a cubin)
    format: str = "ptx"  # "ptx", "cubin", "llvm" or "mlir"
    data: bytes = b""    # the output's bytes (a cubin's, or the text's)


@dataclass
class CompiledModule:
    outputs: List[Output]
    metadata: dict
    diagnostics: List[Diagnostic] = field(default_factory=list)
    timing: str = ""
    cached: bool = False  # read from the compile cache

    @property
    def ptx(self) -> str:
        """The text of the only output; ValueError when there are several."""
        if len(self.outputs) != 1:
            raise ValueError("%d outputs; pick one from .outputs" % len(self.outputs))
        return self.outputs[0].text


class CompileError(Exception):
    """A compile failed; `diagnostics` holds what the compiler said."""

    def __init__(self, diagnostics: List[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics) or "compile failed")


def _parse_options(handle, options: dict):
    messages = []

    @_StringCallback
    def on_error(text, _user_data):
        messages.append(text.text())

    encoded = json.dumps(options).encode()
    if not _options_parse_json(handle, _StringRef.of(encoded), on_error, None):
        raise ValueError("".join(messages))


def compile(source: str, *, source_name: str = "<python>", chip: str = "sm_90",
            ptx_version: Optional[str] = None, opt_level: int = 3,
            fast_math: bool = False, ftz: bool = False,
            cuda_toolkit: Optional[str] = None, libdevice: Optional[str] = None,
            bare_ptr_memref_abi: bool = False, bounds_check: bool = False,
            assertions: bool = True, line_info: bool = True, num_warps: int = 4,
            emit: str = "ptx",
            timing: bool = False, cache: bool = True) -> CompiledModule:
    """Compiles MLIR text through the cudapy-to-ptx pipeline. `emit`:
    "ptx", "cubin", "cubin-or-ptx", "llvm" or "mlir". `cache`: read and
    fill the compile cache (docs/CompileCache.md).

    Raises CompileError with the diagnostics when the compile fails, and
    ValueError for options of the wrong kind.
    """
    options = {"chip": chip, "opt_level": opt_level, "fast_math": fast_math,
               "ftz": ftz, "bare_ptr_memref_abi": bare_ptr_memref_abi,
               "bounds_check": bounds_check, "assertions": assertions,
               "line_info": line_info,
               "num_warps": num_warps,
               "emit": emit, "timing": timing, "cache": cache}
    if ptx_version is not None:
        options["ptx_version"] = ptx_version
    if cuda_toolkit is not None:
        options["cuda_toolkit"] = cuda_toolkit
    if libdevice is not None:
        options["libdevice"] = libdevice

    handle = _options_create()
    try:
        _parse_options(handle, options)
        text = source.encode()
        name = source_name.encode()
        result = _compile_source(_StringRef.of(text), _StringRef.of(name), handle)
    finally:
        _options_destroy(handle)
    compiled = _read_result(result)
    if isinstance(compiled, list):
        raise CompileError(compiled)
    return compiled


def _read_result(result):
    """A CompiledModule, or the list of diagnostics of a failed compile;
    destroys `result`."""
    try:
        diagnostics = []
        for i in range(_result_num_diagnostics(result)):
            info = _result_diagnostic(result, i)
            diagnostics.append(Diagnostic(_SEVERITIES.get(info.severity, "remark"),
                                          info.file.text(), info.line,
                                          info.column, info.message.text()))
        if not _result_succeeded(result):
            return diagnostics
        outputs = []
        for i in range(_result_num_outputs(result)):
            kind = _result_output_format(result, i).text()
            data = _result_output(result, i).bytes()
            outputs.append(Output(_result_output_name(result, i).text(),
                                  _result_output_chip(result, i).text(),
                                  "" if kind == "cubin" else data.decode("utf-8", "replace"),
                                  kind, data))
        return CompiledModule(outputs, json.loads(_result_metadata(result).text()),
                              diagnostics, _result_timing(result).text(),
                              _result_is_cached(result))
    finally:
        _result_destroy(result)


def compile_module(ir, options: dict):
    """Compiles the module of a cudapy._ir.IR in place with `options` (the
    JSON keys of cudapyCompileOptionsParseJSON). Returns a CompiledModule,
    or the list of Diagnostics when the compile fails."""
    handle = _options_create()
    try:
        _parse_options(handle, options)
        result = _compile_module(_Handle(ir.module.ptr), handle)
    finally:
        _options_destroy(handle)
    compiled = _read_result(result)
    if isinstance(compiled, list):
        # A failed compile (an internal error among them) may leave the
        # context in any state: it is destroyed with the IR, not kept.
        ir.keep_context = False
    return compiled


def assemble(ptx, chip: str, options: dict):
    """cudapyAssemblePTX: the cubin of `ptx` (text or bytes) for `chip`,
    with `options` (the JSON keys of cudapyCompileOptionsParseJSON: emit,
    opt_level, line_info, cuda_toolkit). Returns a CompiledModule of one
    output, or the list of Diagnostics when it fails."""
    handle = _options_create()
    try:
        _parse_options(handle, options)
        data = ptx.encode() if isinstance(ptx, str) else bytes(ptx)
        name = chip.encode()
        result = _assemble(_StringRef.of(data), _StringRef.of(name), handle)
    finally:
        _options_destroy(handle)
    return _read_result(result)
