"""A small structured IR builder over the MLIR C API that libcudapy-c.so
exports (ctypes; no MLIR Python bindings needed).

The frontends build operations, blocks and regions with typed values and a
location on every operation, then hand the module to the compiler
(`cudapyCompileModule`) without going through text. Types and attributes are
made by the C API's constructors, the tile dialect's checked ones included,
so that an invalid type is a diagnostic at the user's location.

    ir = IR()
    loc = ir.location("kernel.py", 3, 5)
    f32 = ir.float_type("f32")
    op = ir.create("tile.bid", loc, results=[ir.tile_type((), ir.int_type(32, True))],
                   attributes={"dim": ir.integer_attr(ir.int_type(64), 0)})
"""

import ctypes

from . import _capi

_lib = _capi._lib


class _Ptr(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]

    def __bool__(self):
        return bool(self.ptr)

    def __eq__(self, other):
        return type(self) is type(other) and self.ptr == other.ptr

    def __hash__(self):
        return hash(self.ptr)


class Context(_Ptr):
    pass


class Location(_Ptr):
    pass


class Type(_Ptr):
    def __str__(self):
        return _print(_type_print, self)

    __repr__ = __str__


class Attribute(_Ptr):
    def __str__(self):
        return _print(_attribute_print, self)


class Value(_Ptr):
    pass


class Operation(_Ptr):
    pass


class Block(_Ptr):
    pass


class Region(_Ptr):
    pass


class Module(_Ptr):
    pass


class Identifier(_Ptr):
    pass


class _Diagnostic(_Ptr):
    pass


class _DialectRegistry(_Ptr):
    pass


class _PrintingFlags(_Ptr):
    pass


class _NamedAttribute(ctypes.Structure):
    _fields_ = [("name", Identifier), ("attribute", Attribute)]


class _OperationState(ctypes.Structure):
    _fields_ = [("name", _capi._StringRef), ("location", Location),
                ("nResults", ctypes.c_ssize_t), ("results", ctypes.POINTER(Type)),
                ("nOperands", ctypes.c_ssize_t), ("operands", ctypes.POINTER(Value)),
                ("nRegions", ctypes.c_ssize_t), ("regions", ctypes.POINTER(Region)),
                ("nSuccessors", ctypes.c_ssize_t), ("successors", ctypes.POINTER(Block)),
                ("nAttributes", ctypes.c_ssize_t),
                ("attributes", ctypes.POINTER(_NamedAttribute)),
                ("enableResultTypeInference", ctypes.c_bool)]


def _declare(name, restype, *argtypes):
    function = getattr(_lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)
    return function


_S = _capi._StringRef
_CB = _capi._StringCallback
# MlirLogicalResult is a struct of one int8: returned like an int8.
_DiagnosticHandler = ctypes.CFUNCTYPE(ctypes.c_int8, _Diagnostic, ctypes.c_void_p)
_DeleteUserData = ctypes.CFUNCTYPE(None, ctypes.c_void_p)

_context_create = _declare("cudapyContextCreate", Context)
_context_destroy = _declare("mlirContextDestroy", None, Context)
_attach_handler = _declare("mlirContextAttachDiagnosticHandler", ctypes.c_uint64, Context,
                           _DiagnosticHandler, ctypes.c_void_p, _DeleteUserData)
_detach_handler = _declare("mlirContextDetachDiagnosticHandler", None, Context,
                           ctypes.c_uint64)
_diag_location = _declare("mlirDiagnosticGetLocation", Location, _Diagnostic)
_diag_severity = _declare("mlirDiagnosticGetSeverity", ctypes.c_int, _Diagnostic)
_diag_print = _declare("mlirDiagnosticPrint", None, _Diagnostic, _CB, ctypes.c_void_p)
_diag_num_notes = _declare("mlirDiagnosticGetNumNotes", ctypes.c_ssize_t, _Diagnostic)
_diag_note = _declare("mlirDiagnosticGetNote", _Diagnostic, _Diagnostic, ctypes.c_ssize_t)

_loc_file = _declare("mlirLocationFileLineColGet", Location, Context, _S, ctypes.c_uint,
                     ctypes.c_uint)
_loc_unknown = _declare("mlirLocationUnknownGet", Location, Context)
_loc_name = _declare("mlirLocationNameGet", Location, Context, _S, Location)
_loc_is_file = _declare("mlirLocationIsAFileLineColRange", ctypes.c_bool, Location)
_loc_filename = _declare("mlirLocationFileLineColRangeGetFilename", Identifier, Location)
_loc_line = _declare("mlirLocationFileLineColRangeGetStartLine", ctypes.c_int, Location)
_loc_column = _declare("mlirLocationFileLineColRangeGetStartColumn", ctypes.c_int, Location)
_loc_is_name = _declare("mlirLocationIsAName", ctypes.c_bool, Location)
_loc_name_child = _declare("mlirLocationNameGetChildLoc", Location, Location)
_loc_is_callsite = _declare("mlirLocationIsACallSite", ctypes.c_bool, Location)
_loc_callee = _declare("mlirLocationCallSiteGetCallee", Location, Location)
_loc_is_fused = _declare("mlirLocationIsAFused", ctypes.c_bool, Location)
_loc_fused_count = _declare("mlirLocationFusedGetNumLocations", ctypes.c_uint, Location)
_loc_fused_get = _declare("mlirLocationFusedGetLocations", None, Location,
                          ctypes.POINTER(Location))
_identifier_get = _declare("mlirIdentifierGet", Identifier, Context, _S)
_identifier_str = _declare("mlirIdentifierStr", _S, Identifier)

_type_print = _declare("mlirTypePrint", None, Type, _CB, ctypes.c_void_p)
_attribute_print = _declare("mlirAttributePrint", None, Attribute, _CB, ctypes.c_void_p)
_int_type = _declare("mlirIntegerTypeGet", Type, Context, ctypes.c_uint)
_sint_type = _declare("mlirIntegerTypeSignedGet", Type, Context, ctypes.c_uint)
_uint_type = _declare("mlirIntegerTypeUnsignedGet", Type, Context, ctypes.c_uint)
_index_type = _declare("mlirIndexTypeGet", Type, Context)
_FLOAT_TYPES = {
    name: _declare(symbol, Type, Context) for name, symbol in (
        ("f16", "mlirF16TypeGet"), ("bf16", "mlirBF16TypeGet"), ("f32", "mlirF32TypeGet"),
        ("f64", "mlirF64TypeGet"), ("tf32", "mlirTF32TypeGet"),
        ("f8E4M3FN", "mlirFloat8E4M3FNTypeGet"), ("f8E5M2", "mlirFloat8E5M2TypeGet"),
        ("f8E8M0FNU", "mlirFloat8E8M0FNUTypeGet"), ("f4E2M1FN", "mlirFloat4E2M1FNTypeGet"))}
_tile_type = _declare("cudapyTileTypeGetChecked", Type, Location, ctypes.c_ssize_t,
                      ctypes.POINTER(ctypes.c_int64), Type)
_tile_ptr_type = _declare("cudapyTilePointerTypeGetChecked", Type, Location, Type)
_tile_list_type = _declare("cudapyTileListTypeGetChecked", Type, Location, Type)
_tile_array_type = _declare("cudapyTileArrayTypeGetChecked", Type, Location, ctypes.c_ssize_t,
                            ctypes.POINTER(ctypes.c_int64), Type,
                            ctypes.POINTER(ctypes.c_int64))
_tile_view_type = _declare("cudapyTileViewTypeGetChecked", Type, Location,
                           ctypes.POINTER(ctypes.c_int64), Type,
                           ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64),
                           ctypes.c_int)
_py_types = {name: _declare("cudapyPy%sTypeGet" % name.capitalize(), Type, Context)
             for name in ("bool", "int", "float", "complex", "none", "slice")}
_py_array_type = _declare("cudapyPyArrayTypeGetChecked", Type, Location, Type, ctypes.c_uint)
_py_struct_type = _declare("cudapyPyStructTypeGetChecked", Type, Location, _capi._StringRef,
                           ctypes.c_ssize_t, ctypes.POINTER(_capi._StringRef),
                           ctypes.POINTER(Type), ctypes.c_uint64)
_py_record_type = _declare("cudapyPyRecordTypeGetChecked", Type, Location, _capi._StringRef,
                           ctypes.c_ssize_t, ctypes.POINTER(_capi._StringRef),
                           ctypes.POINTER(Type), ctypes.POINTER(ctypes.c_uint64),
                           ctypes.c_uint64, ctypes.c_uint64)
_py_atomic_type = _declare("cudapyPyAtomicTypeGetChecked", Type, Location, Type, ctypes.c_uint64)
_py_vector_type = _declare("cudapyPyVectorTypeGetChecked", Type, Location, ctypes.c_uint, Type)
_py_is_number = _declare("cudapyPyTypeIsNumber", ctypes.c_bool, Type)
_py_machine_size = _declare("cudapyPyTypeGetMachineSize", ctypes.c_uint64, Type)
_py_machine_align = _declare("cudapyPyTypeGetMachineAlign", ctypes.c_uint64, Type)
_py_is_heterogeneous = _declare("cudapyPyTypeIsHeterogeneous", ctypes.c_bool, Type)
_py_binary = _declare("cudapyPyTypeBinaryOperation", ctypes.c_int8, ctypes.c_int, ctypes.c_int,
                      Type, Type, ctypes.POINTER(Type), ctypes.POINTER(Type), _capi._StringCallback,
                      ctypes.c_void_p)
_py_unary = _declare("cudapyPyTypeUnaryOperation", ctypes.c_int8, ctypes.c_int, Type,
                     ctypes.POINTER(Type), _capi._StringCallback, ctypes.c_void_p)
_py_assignable = _declare("cudapyPyIsAssignable", ctypes.c_bool, ctypes.c_int, Type, Type)
_py_castable = _declare("cudapyPyIsCastable", ctypes.c_bool, Type, Type)
_py_complex_part = _declare("cudapyPyComplexPartType", Type, Type)
_atomic_ref_type = _declare("cudapySimtAtomicRefTypeGet", Type, Type)
_target_condition_attr = _declare("cudapyTargetConditionAttrGet", Attribute, Context,
                                  _capi._StringRef)
_tuple_type = _declare("mlirTupleTypeGet", Type, Context, ctypes.c_ssize_t, ctypes.POINTER(Type))
_complex_type = _declare("mlirComplexTypeGet", Type, Type)
_symbol_ref_attr = _declare("mlirFlatSymbolRefAttrGet", Attribute, Context, _capi._StringRef)
_type_equal = _declare("mlirTypeEqual", ctypes.c_bool, Type, Type)
_loose_int_type = _declare("cudapyTileLooseIntTypeGet", Type, Context)
_loose_float_type = _declare("cudapyTileLooseFloatTypeGet", Type, Context)
_dynamic_size = _declare("mlirShapedTypeGetDynamicSize", ctypes.c_int64)
_function_type = _declare("mlirFunctionTypeGet", Type, Context, ctypes.c_ssize_t,
                          ctypes.POINTER(Type), ctypes.c_ssize_t, ctypes.POINTER(Type))

_integer_attr = _declare("mlirIntegerAttrGet", Attribute, Type, ctypes.c_int64)
_float_attr = _declare("mlirFloatAttrDoubleGet", Attribute, Context, Type, ctypes.c_double)
_bool_attr = _declare("mlirBoolAttrGet", Attribute, Context, ctypes.c_int)
_unit_attr = _declare("mlirUnitAttrGet", Attribute, Context)
_string_attr = _declare("mlirStringAttrGet", Attribute, Context, _S)
_type_attr = _declare("mlirTypeAttrGet", Attribute, Type)
_i64_array_attr = _declare("mlirDenseI64ArrayGet", Attribute, Context, ctypes.c_ssize_t,
                           ctypes.POINTER(ctypes.c_int64))
_i32_array_attr = _declare("mlirDenseI32ArrayGet", Attribute, Context, ctypes.c_ssize_t,
                           ctypes.POINTER(ctypes.c_int32))
_array_attr = _declare("mlirArrayAttrGet", Attribute, Context, ctypes.c_ssize_t,
                       ctypes.POINTER(Attribute))
_dictionary_attr = _declare("mlirDictionaryAttrGet", Attribute, Context, ctypes.c_ssize_t,
                            ctypes.POINTER(_NamedAttribute))
_splat_attr = _declare("mlirDenseElementsAttrSplatGet", Attribute, Type, Attribute)
_raw_elements_attr = _declare("mlirDenseElementsAttrRawBufferGet", Attribute, Type,
                              ctypes.c_size_t, ctypes.c_char_p)
_ranked_tensor_type = _declare("mlirRankedTensorTypeGet", Type, ctypes.c_ssize_t,
                               ctypes.POINTER(ctypes.c_int64), Type, Attribute)
_elements_attr = _declare("mlirDenseElementsAttrGet", Attribute, Type, ctypes.c_ssize_t,
                          ctypes.POINTER(Attribute))

_state_get = _declare("mlirOperationStateGet", _OperationState, _S, Location)
_state_add_operands = _declare("mlirOperationStateAddOperands", None,
                               ctypes.POINTER(_OperationState), ctypes.c_ssize_t,
                               ctypes.POINTER(Value))
_state_add_results = _declare("mlirOperationStateAddResults", None,
                              ctypes.POINTER(_OperationState), ctypes.c_ssize_t,
                              ctypes.POINTER(Type))
_state_add_regions = _declare("mlirOperationStateAddOwnedRegions", None,
                              ctypes.POINTER(_OperationState), ctypes.c_ssize_t,
                              ctypes.POINTER(Region))
_state_add_attributes = _declare("mlirOperationStateAddAttributes", None,
                                 ctypes.POINTER(_OperationState), ctypes.c_ssize_t,
                                 ctypes.POINTER(_NamedAttribute))
_operation_create = _declare("mlirOperationCreate", Operation,
                             ctypes.POINTER(_OperationState))
_operation_result = _declare("mlirOperationGetResult", Value, Operation, ctypes.c_ssize_t)
_operation_region = _declare("mlirOperationGetRegion", Region, Operation, ctypes.c_ssize_t)
_operation_verify = _declare("mlirOperationVerify", ctypes.c_bool, Operation)
_operation_set_attr = _declare("mlirOperationSetAttributeByName", None, Operation, _S,
                               Attribute)
# The whole text in one callback (mlirOperationPrintWithFlags calls back for
# each token: thousands of calls through ctypes for a kernel).
_operation_print = _declare("cudapyOperationPrint", None, Operation, _PrintingFlags,
                            _CB, ctypes.c_void_p)
_operation_destroy = _declare("mlirOperationDestroy", None, Operation)
_flags_create = _declare("mlirOpPrintingFlagsCreate", _PrintingFlags)
_flags_destroy = _declare("mlirOpPrintingFlagsDestroy", None, _PrintingFlags)
_flags_debug = _declare("mlirOpPrintingFlagsEnableDebugInfo", None, _PrintingFlags,
                        ctypes.c_bool, ctypes.c_bool)
_flags_generic = _declare("mlirOpPrintingFlagsPrintGenericOpForm", None, _PrintingFlags)
_block_create = _declare("mlirBlockCreate", Block, ctypes.c_ssize_t, ctypes.POINTER(Type),
                         ctypes.POINTER(Location))
_block_destroy = _declare("mlirBlockDestroy", None, Block)
_block_argument = _declare("mlirBlockGetArgument", Value, Block, ctypes.c_ssize_t)
_block_append = _declare("mlirBlockAppendOwnedOperation", None, Block, Operation)
_block_insert = _declare("mlirBlockInsertOwnedOperation", None, Block, ctypes.c_ssize_t,
                         Operation)
_block_insert_before = _declare("mlirBlockInsertOwnedOperationBefore", None, Block,
                                Operation, Operation)
_block_first_op = _declare("mlirBlockGetFirstOperation", Operation, Block)
_region_create = _declare("mlirRegionCreate", Region)
_region_append = _declare("mlirRegionAppendOwnedBlock", None, Region, Block)
_module_create = _declare("mlirModuleCreateEmpty", Module, Location)
_module_body = _declare("mlirModuleGetBody", Block, Module)
_module_operation = _declare("mlirModuleGetOperation", Operation, Module)
_module_destroy = _declare("mlirModuleDestroy", None, Module)
_value_type = _declare("mlirValueGetType", Type, Value)


def _print(function, handle, *extra):
    pieces = []

    @_CB
    def collect(text, _user_data):
        pieces.append(text.text())

    function(handle, *extra, collect, None)
    return "".join(pieces)


def _int64s(values):
    values = list(values)
    return (ctypes.c_int64 * max(len(values), 1))(*values)


SEVERITIES = {0: "error", 1: "warning", 2: "note", 3: "remark"}


class Diagnostic:
    """One diagnostic of the context: severity, file, line, column, message."""

    def __init__(self, severity, file, line, column, message):
        self.severity, self.file, self.line, self.column = severity, file, line, column
        self.message = message

    def __repr__(self):
        return "%s:%d:%d: %s: %s" % (self.file, self.line, self.column, self.severity,
                                     self.message)


def file_line_col(location):
    """(file, line, column) of a location, looking through names, call sites
    and fused locations; ("", 0, 0) when it has none."""
    for _ in range(16):
        if _loc_is_file(location):
            return (_identifier_str(_loc_filename(location)).text(), _loc_line(location),
                    _loc_column(location))
        if _loc_is_name(location):
            location = _loc_name_child(location)
        elif _loc_is_callsite(location):
            location = _loc_callee(location)
        elif _loc_is_fused(location) and _loc_fused_count(location):
            locations = (Location * _loc_fused_count(location))()
            _loc_fused_get(location, locations)
            location = locations[0]
        else:
            break
    return ("", 0, 0)


# Contexts of closed IRs, (context, modules it has held), for the next IR
# to take: a new context loads every dialect (cudapyContextCreate), which
# costs milliseconds a kernel. After _CONTEXT_USES modules a context is
# destroyed, which bounds what its uniqued types and attributes hold.
_SPARE_CONTEXTS = []
_CONTEXT_USES = 32
_MAX_SPARE_CONTEXTS = 4


class IR:
    """One context and one module under construction. Diagnostics the
    context emits outside a compile (checked types, verification) collect
    in `diagnostics`. Not for use by two threads at once. The context
    comes from a closed IR where one is spare."""

    def __init__(self):
        try:
            self.context, self._uses = _SPARE_CONTEXTS.pop()
        except IndexError:
            self.context, self._uses = _context_create(), 0
        self.keep_context = True  # whether close() may give it to the next IR
        self.diagnostics = []

        @_DiagnosticHandler
        def on_diagnostic(diagnostic, _user_data):
            self._record(diagnostic)
            return 1

        self._handler = on_diagnostic  # kept alive as long as it is attached
        self._handler_id = _attach_handler(self.context, on_diagnostic, None,
                                           _DeleteUserData(0))
        self._types = {}
        self.module = None

    def _record(self, diagnostic):
        file, line, column = file_line_col(_diag_location(diagnostic))
        message = _print(_diag_print, diagnostic)
        severity = SEVERITIES.get(_diag_severity(diagnostic), "remark")
        self.diagnostics.append(Diagnostic(severity, file, line, column, message))
        for i in range(_diag_num_notes(diagnostic)):
            note = _diag_note(diagnostic, i)
            text = _print(_diag_print, note)
            # The generic dump of the failing operation is for compiler
            # engineers; the location already names the user's line.
            if not text.startswith("see current operation"):
                self._record_note(note, text)

    def _record_note(self, note, text):
        file, line, column = file_line_col(_diag_location(note))
        self.diagnostics.append(Diagnostic("note", file, line, column, text))

    def close(self):
        if self.module:
            _module_destroy(self.module)
            self.module = None
        if self.context:
            _detach_handler(self.context, self._handler_id)
            if self.keep_context and self._uses + 1 < _CONTEXT_USES and \
                    len(_SPARE_CONTEXTS) < _MAX_SPARE_CONTEXTS:
                _SPARE_CONTEXTS.append((self.context, self._uses + 1))
            else:
                _context_destroy(self.context)
            self.context = Context()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    # -- locations -----------------------------------------------------------
    def location(self, file, line, column):
        return _loc_file(self.context, _S.of(file.encode()), line, column)

    def unknown_location(self):
        return _loc_unknown(self.context)

    # -- types ---------------------------------------------------------------
    def int_type(self, width, signed=None):
        """iN (signed None), siN (True) or uiN (False)."""
        key = ("int", width, signed)
        found = self._types.get(key)
        if found is None:
            make = _int_type if signed is None else (_sint_type if signed else _uint_type)
            found = self._types[key] = make(self.context, width)
        return found

    def float_type(self, name):
        key = ("float", name)
        found = self._types.get(key)
        if found is None:
            found = self._types[key] = _FLOAT_TYPES[name](self.context)
        return found

    def index_type(self):
        return _index_type(self.context)

    def loose_int_type(self):
        return _loose_int_type(self.context)

    def loose_float_type(self):
        return _loose_float_type(self.context)

    def tile_type(self, shape, element, location):
        """`!tile.tile<shape x element>`; null (and a diagnostic) when invalid."""
        return _tile_type(location, len(shape), _int64s(shape), element)

    def pointer_type(self, pointee, location):
        return _tile_ptr_type(location, pointee)

    def array_type(self, shape, element, strides, location):
        """`!tile.array`; None entries of `shape`/`strides` are dynamic."""
        dynamic = _dynamic_size()
        shape = [dynamic if s is None else s for s in shape]
        strides = [dynamic if s is None else s for s in strides]
        return _tile_array_type(location, len(shape), _int64s(shape), element,
                                _int64s(strides))

    def list_type(self, array, location):
        """`!tile.list<array>`: a list of arrays of type `array`."""
        return _tile_list_type(location, array)

    def view_type(self, tile_shape, array, order, padding, location, steps=None):
        return _tile_view_type(location, _int64s(tile_shape), array,
                               _int64s(order) if order is not None else None,
                               _int64s(steps) if steps is not None else None, padding)

    # -- the py dialect (docs/Py.md) ----------------------------------------------
    def py_type(self, name):
        """`!py.bool`, `!py.int`, `!py.float`, `!py.complex`, `!py.none` or
        `!py.slice`."""
        return _py_types[name](self.context)

    def py_array_type(self, dtype, ndim, location):
        """`!py.array<dtype, ndim>`; null (and a diagnostic) when invalid."""
        if not dtype:
            return Type()
        return _py_array_type(location, dtype, ndim)

    def py_struct_type(self, name, fields, align, location):
        """`!py.struct<"name", (field: type, ...), align A>` (`fields`: (name,
        Type) pairs; align 0: the default); null and a diagnostic when
        invalid."""
        if any(not t for _, t in fields):
            return Type()  # a field type was invalid (its diagnostic is reported)
        encoded = [n.encode() for n, _ in fields]
        names = (_S * max(len(fields), 1))(*[_S.of(e) for e in encoded])
        types = (Type * max(len(fields), 1))(*[t for _, t in fields])
        name_bytes = name.encode()
        return _py_struct_type(location, _S.of(name_bytes), len(fields), names, types, align)

    def py_record_type(self, name, fields, offsets, size, align, location):
        """`!py.struct<"name", (field: type at offset, ...), align A, size S>`:
        a struct whose fields sit at the given byte offsets; null and a
        diagnostic when invalid."""
        if any(not t for _, t in fields):
            return Type()
        encoded = [n.encode() for n, _ in fields]
        names = (_S * max(len(fields), 1))(*[_S.of(e) for e in encoded])
        types = (Type * max(len(fields), 1))(*[t for _, t in fields])
        at = (ctypes.c_uint64 * max(len(fields), 1))(*offsets)
        return _py_record_type(location, _S.of(name.encode()), len(fields), names, types, at,
                               size, align)

    def py_atomic_type(self, dtype, align, location):
        """`!py.atomic<dtype, align A>` (align 0: its own); null and a
        diagnostic when invalid."""
        if not dtype:
            return Type()
        return _py_atomic_type(location, dtype, align)

    def string_array_attr(self, texts):
        return self.array_attr(self.string_attr(t) for t in texts)

    def py_vector_type(self, size, dtype, location):
        if not dtype:
            return Type()
        return _py_vector_type(location, size, dtype)

    def atomic_ref_type(self, dtype):
        """`!simt.atomic_ref<dtype>`."""
        return _atomic_ref_type(dtype)

    def tuple_type(self, types):
        types = list(types)
        if any(not t for t in types):
            return Type()
        return _tuple_type(self.context, len(types), (Type * max(len(types), 1))(*types))

    def complex_type(self, element):
        return _complex_type(element) if element else Type()

    def target_condition_attr(self, condition):
        """`#target.cond<"...">` (docs/Target.md's grammar); null (and a
        diagnostic) when the text does not parse."""
        return _target_condition_attr(self.context, _S.of(condition.encode()))

    def symbol_ref_attr(self, name):
        return _symbol_ref_attr(self.context, _S.of(name.encode()))

    def function_type(self, inputs, results):
        ins = (Type * max(len(inputs), 1))(*inputs)
        outs = (Type * max(len(results), 1))(*results)
        return _function_type(self.context, len(inputs), ins, len(results), outs)

    # -- attributes ----------------------------------------------------------
    def integer_attr(self, type, value):
        return _integer_attr(type, value)

    def i64_attr(self, value):
        return _integer_attr(self.int_type(64), value)

    def i32_attr(self, value):
        return _integer_attr(self.int_type(32), value)

    def float_attr(self, type, value):
        return _float_attr(self.context, type, value)

    def bool_attr(self, value):
        return _bool_attr(self.context, 1 if value else 0)

    def unit_attr(self):
        return _unit_attr(self.context)

    def string_attr(self, text):
        return _string_attr(self.context, _S.of(text.encode()))

    def type_attr(self, type):
        return _type_attr(type)

    def i64_array_attr(self, values):
        values = list(values)
        return _i64_array_attr(self.context, len(values), _int64s(values))

    def i32_array_attr(self, values):
        values = list(values)
        return _i32_array_attr(self.context, len(values),
                               (ctypes.c_int32 * max(len(values), 1))(*values))

    def array_attr(self, attributes):
        attributes = list(attributes)
        return _array_attr(self.context, len(attributes),
                           (Attribute * max(len(attributes), 1))(*attributes))

    def dictionary_attr(self, named):
        entries = [_NamedAttribute(_identifier_get(self.context, _S.of(k.encode())), v)
                   for k, v in named.items()]
        return _dictionary_attr(self.context, len(entries),
                                (_NamedAttribute * max(len(entries), 1))(*entries))

    def splat_attr(self, shaped_type, element):
        return _splat_attr(shaped_type, element)

    def tensor_type(self, shape, element):
        """tensor<shape x element> (no encoding)."""
        shape = list(shape)
        return _ranked_tensor_type(len(shape), (ctypes.c_int64 * max(len(shape), 1))(*shape),
                                   element, Attribute())

    def raw_elements_attr(self, shaped_type, data):
        """dense<...> of `shaped_type` from its elements' little-endian
        bytes, packed in row-major order (null when the size is wrong)."""
        return _raw_elements_attr(shaped_type, len(data), data)

    def elements_attr(self, shaped_type, elements):
        elements = list(elements)
        return _elements_attr(shaped_type, len(elements),
                              (Attribute * max(len(elements), 1))(*elements))

    # -- operations ----------------------------------------------------------
    def create(self, name, location, operands=(), results=(), attributes=None,
               regions=()):
        """A detached operation; `regions` are Region handles it takes."""
        encoded = name.encode()
        state = _state_get(_S.of(encoded), location)
        # The state's arrays are the C API's (mlirOperationCreate frees them).
        reference = ctypes.byref(state)
        if operands:
            _state_add_operands(reference, len(operands), (Value * len(operands))(*operands))
        if results:
            _state_add_results(reference, len(results), (Type * len(results))(*results))
        if regions:
            _state_add_regions(reference, len(regions), (Region * len(regions))(*regions))
        if attributes:
            entries = [_NamedAttribute(_identifier_get(self.context, _S.of(key.encode())),
                                       value) for key, value in attributes.items()]
            _state_add_attributes(reference, len(entries),
                                  (_NamedAttribute * len(entries))(*entries))
        return _operation_create(ctypes.byref(state))

    def result(self, operation, index=0):
        return _operation_result(operation, index)

    def region_of(self, operation, index=0):
        return _operation_region(operation, index)

    def set_attribute(self, operation, name, attribute):
        _operation_set_attr(operation, _S.of(name.encode()), attribute)

    def new_block(self, types=(), locations=()):
        types = list(types)
        locations = list(locations) or [self.unknown_location()] * len(types)
        return _block_create(len(types), (Type * max(len(types), 1))(*types),
                             (Location * max(len(locations), 1))(*locations))

    def destroy_block(self, block):
        """Frees a block never put in a region (and the ops in it)."""
        _block_destroy(block)

    def new_region(self, blocks=()):
        region = _region_create()
        for block in blocks:
            _region_append(region, block)
        return region

    def block_argument(self, block, index):
        return _block_argument(block, index)

    def append(self, block, operation):
        _block_append(block, operation)

    def insert(self, block, position, operation):
        _block_insert(block, position, operation)

    def insert_before(self, block, reference, operation):
        _block_insert_before(block, reference, operation)

    def value_type(self, value):
        return _value_type(value)

    # -- modules -------------------------------------------------------------
    def new_module(self, location):
        self.module = _module_create(location)
        return _module_body(self.module)

    def module_operation(self):
        return _module_operation(self.module)

    def verify(self):
        return _operation_verify(_module_operation(self.module))

    def print_module(self, locations=False, generic=False):
        flags = _flags_create()
        try:
            if locations:
                _flags_debug(flags, True, False)
            if generic:
                _flags_generic(flags)
            return _print(_operation_print, _module_operation(self.module), flags)
        finally:
            _flags_destroy(flags)


# -- the tile dialect's rules (include/cudapy-c/Tile.h) -------------------------
# The frontends type operations through these: the C++ library the verifiers
# and passes use is the one source of truth for promotion and broadcasting.

class _TileOperand(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("dtype", Type), ("value", ctypes.c_int64),
                ("isUint64", ctypes.c_bool)]


TYPED, LOOSE_INT, LOOSE_FLOAT = 0, 1, 2

_promote = _declare("cudapyTilePromote", ctypes.c_int8, Context, ctypes.c_int, _TileOperand,
                    ctypes.c_bool, _TileOperand, ctypes.c_bool, ctypes.c_bool,
                    ctypes.POINTER(_TileOperand), _CB, ctypes.c_void_p)
_broadcast_shape = _declare("cudapyTileGetBroadcastShape", ctypes.c_int8, ctypes.c_ssize_t,
                            ctypes.POINTER(ctypes.c_int64), ctypes.c_ssize_t,
                            ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64),
                            ctypes.POINTER(ctypes.c_ssize_t), _CB, ctypes.c_void_p)
_math_function_value = _declare("cudapyTileMathFunctionGetValue", ctypes.c_int32, _S)

POLICY_CUTILE = 0


def _operand(operand):
    """(kind, dtype Type or None, int value) -> the C struct."""
    kind, dtype, value = operand
    if kind == LOOSE_INT:
        big = value >= 2**63
        return _TileOperand(LOOSE_INT, Type(), value - 2**64 if big else value, big)
    return _TileOperand(kind, dtype if dtype is not None else Type(), 0, False)


def promote(ir, a, b, a_scalar, b_scalar, comparison=False, policy=POLICY_CUTILE):
    """The common dtype of operands `a` and `b`, each (kind, Type, value):
    ("typed", Type) or loose; returns (kind, Type) or raises ValueError with
    the rule's reason."""
    messages = []

    @_CB
    def on_error(text, _user_data):
        messages.append(text.text())

    result = _TileOperand()
    if not _promote(ir.context, policy, _operand(a), a_scalar, _operand(b), b_scalar,
                    comparison, ctypes.byref(result), on_error, None):
        raise ValueError("".join(messages) or "no common dtype")
    return result.kind, (result.dtype if result.kind == TYPED else None)


def broadcast_shape(a, b):
    """The mutual broadcast shape of two shapes, or ValueError."""
    messages = []

    @_CB
    def on_error(text, _user_data):
        messages.append(text.text())

    out = (ctypes.c_int64 * 8)()
    rank = ctypes.c_ssize_t(0)
    if not _broadcast_shape(len(a), _int64s(a), len(b), _int64s(b), out, ctypes.byref(rank),
                            on_error, None):
        raise ValueError("".join(messages) or "shapes do not broadcast")
    return tuple(out[i] for i in range(rank.value))


def math_function_value(name):
    """The enumeration value of a tile.math function name, or -1."""
    return _math_function_value(_S.of(name.encode()))


# The py dialect's typing rules (include/cudapy-c/Py.h): one source of truth
# for the frontends.
PY_POLICY_ARRAY_API, PY_POLICY_NUMBAPRO = 0, 1
PY_OPERATORS = {name: i for i, name in enumerate(
    ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor", "lshift",
     "rshift", "eq", "ne", "lt", "le", "gt", "ge"))}
PY_UNARY = {"neg": 0, "pos": 1, "invert": 2, "abs": 3}


def py_binary(policy, operator, lhs, rhs):
    """(operand type, result type) of `lhs <operator> rhs` under `policy`;
    raises ValueError with the rule's reason."""
    messages = []

    @_CB
    def on_error(text, _user_data):
        messages.append(text.text())

    operand, result = Type(), Type()
    if not _py_binary(policy, PY_OPERATORS[operator], lhs, rhs, ctypes.byref(operand),
                      ctypes.byref(result), on_error, None):
        raise ValueError("".join(messages) or "no common type")
    return operand, result


def py_unary(operator, operand):
    messages = []

    @_CB
    def on_error(text, _user_data):
        messages.append(text.text())

    result = Type()
    if not _py_unary(PY_UNARY[operator], operand, ctypes.byref(result), on_error, None):
        raise ValueError("".join(messages) or "not defined")
    return result


def py_is_number(type):
    return _py_is_number(type)


def py_is_heterogeneous(type):
    return _py_is_heterogeneous(type)


def py_assignable(policy, value, target):
    return _py_assignable(policy, value, target)


def py_castable(source, target):
    return _py_castable(source, target)


def py_complex_part_type(complex):
    """The type of `complex`'s parts (null when it is not complex)."""
    return _py_complex_part(complex)


def types_equal(a, b):
    return _type_equal(a, b)


def py_machine_layout(type):
    """(size, alignment) in bytes of a heterogeneous type's machine
    representation (the py dialect's, CUDA C++'s)."""
    return _py_machine_size(type), _py_machine_align(type)
