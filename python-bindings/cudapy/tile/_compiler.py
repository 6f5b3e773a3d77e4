"""Translates a cuTile Python kernel (its `ast`) to the tile dialect.

The kernel becomes a `gpu.func` in the tile dialect's implicit form: binary
operations keep operands of different shapes and dtypes and say
`promote cutile`; `tile-make-explicit` rewrites them. Result types come from
the tile dialect's rules through the C API (promotion, broadcasting), never
from rules written again here. Every operation carries the location of the
Python expression it comes from, so that an error from any stage of the
compile names the user's file, line and column.
"""

import ast
import math
import inspect
import re

from .. import _jit

_ir = _jit.LazyModule("cudapy._ir")
from . import _dtypes
from ._errors import (TileCompilerError, TileStaticEvalError, TileSyntaxError, TileTypeError,
                      TileUnsupportedFeatureError, TileValueError)
from ._values import (ArgSpec, ArrayValue, BoundMethod, Const, DirectCombiner, FormattedText,
                      ListValue, LocalFunction, TiledViewValue, TileValue, TupleValue, Undefined,
                      is_number, items_of, shape_text)

_PROMOTE_CUTILE = 0

_BINARY_OPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div",
               ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow",
               ast.BitAnd: "and", ast.BitOr: "or", ast.BitXor: "xor",
               ast.LShift: "shl", ast.RShift: "shr"}
_COMPARE_OPS = {ast.Eq: 0, ast.NotEq: 1, ast.Lt: 2, ast.LtE: 3, ast.Gt: 4, ast.GtE: 5}
_PY_BINARY = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b,
              "mul": lambda a, b: a * b, "div": lambda a, b: a / b,
              "floordiv": lambda a, b: a // b, "mod": lambda a, b: a % b,
              "pow": _jit.constant_power, "and": lambda a, b: a & b,
              "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
              "shl": _jit.constant_lshift, "shr": lambda a, b: a >> b,
              # ct.maximum/minimum: a NaN operand gives the other (unless
              # propagate_nan, which binary() folds itself).
              "atan2": math.atan2,
              "maximum": lambda a, b: b if a != a else a if b != b else max(a, b),
              "minimum": lambda a, b: b if a != a else a if b != b else min(a, b)}
_PY_COMPARE = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a < b,
               3: lambda a, b: a <= b, 4: lambda a, b: a > b, 5: lambda a, b: a >= b}


class _StaticView:
    """A runtime value as static_eval's expression sees it: what is known at
    compile time (a tile's shape, dtype, ndim and size; an array's dtype and
    ndim), and the value itself when the expression returns it."""

    def __init__(self, value):
        self.value = value
        if isinstance(value, TileValue):
            self.shape, self.dtype, self.ndim = value.shape, value.dtype, len(value.shape)
            self.size = 1
            for extent in value.shape:
                self.size *= extent
        elif isinstance(value, ArrayValue):
            self.dtype, self.ndim = value.dtype, value.rank

    def __repr__(self):
        return "<%s>" % self.value.describe()

    def __bool__(self):
        raise TypeError("the truth of %s is known only at run time" % self.value.describe())


def _static_view(value):
    if isinstance(value, Const):
        return value.obj
    if isinstance(value, TupleValue):
        return tuple(_static_view(v) if not isinstance(v, tuple) else v for v in value.items)
    return _StaticView(value)


def FunctionSource(function):
    """A Python function's parsed source (cudapy._jit.FunctionSource), its
    problems as tile errors."""
    try:
        return _jit.FunctionSource(function)
    except _jit.SourceError as error:
        kind = TileSyntaxError if error.syntax else TileCompilerError
        raise kind(error.message, error.file, error.line, error.column)


class _Frame:
    """One function being translated: its source and its names."""

    def __init__(self, source, names):
        self.source, self.names = source, names


class KernelTranslator(_jit.SourceTranslator):
    """Translates one kernel for one specialization (argument specs)."""

    type_error = TileTypeError

    def __init__(self, kernel_source, specs, api, options):
        self.ir = _ir.IR()
        self.api = api  # the cudapy.tile module (builtins by identity)
        self.options = options
        self.kernel_source = kernel_source
        self.specs = specs
        self.frame = None
        self.node = None
        self.block = None
        # assume_divisible_by on an array argument's extent or stride: which
        # argument and entry a scalar came from, and the facts it adds.
        self.value_origins = {}  # scalar Value -> (array Value, "shape"/"strides", dim)
        self.array_arguments = {}  # kernel argument Value -> (arg_attrs index, spec)
        self.arg_attrs = []
        self.assumed_facts = {}  # (arg_attrs index, fact name) -> per-dimension divisors

    # -- types -------------------------------------------------------------------
    def tile_type(self, shape, dtype):
        for extent in shape:
            if not isinstance(extent, int) or extent <= 0 or extent & (extent - 1):
                raise self.error(TileValueError,
                                 "tile shape %s: every dimension must be a power of two"
                                 % shape_text(shape))
        result = self.ir.tile_type(tuple(shape), dtype.mlir_type(self.ir), self.loc())
        if not result:
            self.check_diagnostics()
            raise self.error(TileTypeError, "invalid tile type %s of %s"
                             % (shape_text(shape), dtype.name))
        return result

    def dtype_of_type(self, type):
        """The dtype of a scalar element Type (for results of rules)."""
        text = str(type)
        dtype = _dtypes.from_element(text)
        if dtype is None:
            raise self.error(TileTypeError, "unsupported element type %s" % text)
        return dtype

    # -- emitting ------------------------------------------------------------------
    def emit(self, name, operands=(), results=(), attributes=None, regions=()):
        operation = self.ir.create(name, self.loc(), [o.value if hasattr(o, "value") else o
                                                      for o in operands],
                                   results, attributes, regions)
        self.ir.append(self.block, operation)
        return operation

    def tile_op(self, name, operands, shape, dtype, attributes=None, regions=()):
        type = self.tile_type(shape, dtype)
        operation = self.emit(name, operands, [type], attributes, regions)
        return TileValue(self.ir.result(operation), shape, dtype, type)

    def assume_divisible(self, value, divisor):
        """Where `value` is a kernel array argument's extent or stride (as
        `array.shape[d]` or `array.strides[d]` gave it), the argument's
        `tile.divisibility` or `tile.stride_divisibility` fact along that
        dimension takes `divisor` in (their least common multiple): the
        compiler may use it, and the runtime refuses a launch whose array
        breaks it. Only at the kernel's top level (an assumption under a
        condition holds only there). Returns whether it did."""
        origin = self.value_origins.get(value.value)
        found = self.array_arguments.get(origin[0]) if origin else None
        # Only an assumption every run makes: one at the kernel's top level,
        # not under a condition or in a loop.
        if found is None or self.block != self.entry_block:
            return False
        position, spec = found
        _, name, d = origin
        key = "tile.divisibility" if name == "shape" else "tile.stride_divisibility"
        current = self.assumed_facts.get((position, key))
        if current is None:
            current = list((spec.divisibility if name == "shape" else spec.stride_divisibility)
                           or (1,) * spec.rank)
            self.assumed_facts[(position, key)] = current
        current[d] = current[d] * divisor // math.gcd(current[d], divisor)
        self.arg_attrs[position][key] = self.ir.i64_array_attr(current)
        return True

    def enum_attr(self, value):
        return self.ir.i32_attr(value)

    # -- constants -------------------------------------------------------------------
    def constant(self, value, dtype, shape=()):
        """A tile of `shape` with every element `value` (a Python number)."""
        type = self.tile_type(shape, dtype)
        element = dtype.mlir_type(self.ir)
        if dtype.kind == "float":
            attribute = self.ir.float_attr(element, float(value))
        elif dtype.kind == "bool":
            attribute = self.ir.integer_attr(element, 1 if value else 0)
        else:
            integer = int(value)
            low, high = ((-2**(dtype.bits - 1), 2**(dtype.bits - 1)) if dtype.kind == "int"
                         else (0, 2**dtype.bits))
            if not low <= integer < high:
                raise self.error(TileValueError, "%r does not fit in %s" % (value, dtype.name))
            if integer >= 2**63:
                integer -= 2**64
            attribute = self.ir.integer_attr(element, integer)
        operation = self.emit("tile.constant", (), [type],
                              {"value": self.ir.splat_attr(type, attribute)})
        return TileValue(self.ir.result(operation), shape, dtype, type)

    def si32(self, value):
        return self.constant(value, _dtypes.int32)

    def literal(self, value):
        """A loosely typed constant (`tile.literal`) for the implicit form."""
        if isinstance(value, bool):
            return self.constant(value, _dtypes.bool_)
        if isinstance(value, int):
            if not -2**63 <= value < 2**64:
                raise self.error(TileValueError, "the integer %d is out of range" % value)
            if value >= 2**63:
                attribute = self.ir.integer_attr(self.ir.int_type(64, False), value - 2**64)
            else:
                attribute = self.ir.i64_attr(value)
            type = self.ir.loose_int_type()
        else:
            attribute = self.ir.float_attr(self.ir.float_type("f64"), float(value))
            type = self.ir.loose_float_type()
        operation = self.emit("tile.literal", (), [type], {"value": attribute})
        return self.ir.result(operation)

    # -- conversions between values -------------------------------------------------
    def as_tile(self, value, what="an operand", dtype=None):
        """A TileValue for a tile or a Python number (typed as `dtype`, or
        by cuTile's rule for a lone constant: int32 / float32 / bool)."""
        if isinstance(value, TileValue):
            return value
        if isinstance(value, Const) and is_number(value.obj):
            if dtype is None:
                dtype = _dtypes.of_python_scalar(value.obj)
            return self.constant(value.obj, dtype)
        raise self.error(TileTypeError, "%s must be a tile or a number, not %s"
                         % (what, value.describe()))

    def convert(self, value, dtype):
        if value.dtype is dtype:
            return value
        return self.tile_op("tile.convert", [value], value.shape, dtype)

    def index(self, value, what="an index"):
        """An si32 scalar for a tile index (cuTile indices are int32)."""
        if isinstance(value, Const):
            if not isinstance(value.obj, int) or isinstance(value.obj, bool):
                raise self.error(TileTypeError, "%s must be an integer, not %r"
                                 % (what, value.obj))
            return self.si32(value.obj)
        if isinstance(value, TileValue) and not value.shape and value.dtype.is_integer():
            return self.convert(value, _dtypes.int32)
        raise self.error(TileTypeError, "%s must be an integer scalar, not %s"
                         % (what, value.describe()))

    def to_index_scalar(self, value, what):
        """A builtin `index` for loop bounds."""
        if isinstance(value, Const):
            if not isinstance(value.obj, int) or isinstance(value.obj, bool):
                raise self.error(TileTypeError, "%s must be an integer" % what)
            operation = self.emit("arith.constant", (), [self.ir.index_type()],
                                  {"value": self.ir.integer_attr(self.ir.index_type(),
                                                                 value.obj)})
            return self.ir.result(operation)
        tile = self.index(value, what)
        operation = self.emit("tile.to_scalar", [tile], [self.ir.index_type()])
        return self.ir.result(operation)

    def to_bool_scalar(self, value, what):
        if isinstance(value, TileValue) and not value.shape:
            if value.dtype is not _dtypes.bool_:
                value = self.compare(1, value, Const(0))
            operation = self.emit("tile.to_scalar", [value], [self.ir.int_type(1)])
            return self.ir.result(operation)
        raise self.error(TileTypeError, "%s must be a scalar, not %s" % (what, value.describe()))

    def constant_int(self, value, what):
        if isinstance(value, Const) and isinstance(value.obj, int) and \
                not isinstance(value.obj, bool):
            return value.obj
        raise self.error(TileTypeError, "%s must be a compile-time integer "
                         "(a literal or a ct.Constant parameter)" % what)

    def constant_shape(self, value, what="shape"):
        if isinstance(value, Const) and isinstance(value.obj, int):
            return (value.obj,)
        items = None
        if isinstance(value, Const) and isinstance(value.obj, (tuple, list)):
            items = [Const(v) for v in value.obj]
        elif isinstance(value, TupleValue):
            items = value.items
        if items is None:
            raise self.error(TileTypeError, "%s must be a tuple of compile-time integers"
                             % what)
        return tuple(self.constant_int(v, what) for v in items)

    def constant_axes(self, value, rank, what="axis"):
        axes = self.constant_shape(value, what)
        result = []
        for axis in axes:
            if not -rank <= axis < rank:
                raise self.error(TileValueError, "%s %d is out of range for rank %d"
                                 % (what, axis, rank))
            result.append(axis % rank)
        if len(set(result)) != len(result):
            raise self.error(TileValueError, "%s repeats a dimension" % what)
        return tuple(result)

    def dtype_arg(self, value, what="dtype"):
        if isinstance(value, Const):
            dtype = value.obj
            if isinstance(dtype, _dtypes.DType):
                return dtype
            found = _dtypes.from_array_dtype(dtype) if dtype is not None else None
            if found is not None:
                return found
        raise self.error(TileTypeError, "%s must be a cudapy.tile dtype" % what)

    # -- operands of the implicit form ----------------------------------------------------
    def operand(self, value):
        """(kind, Type, int value) for the promotion rule, and the Value."""
        if isinstance(value, TileValue):
            return (_ir.TYPED, value.dtype.mlir_type(self.ir), 0), value.value, value.shape
        if isinstance(value, Const) and isinstance(value.obj, bool):
            return (_ir.TYPED, self.ir.int_type(1), 0), None, ()
        if isinstance(value, Const) and isinstance(value.obj, int):
            return (_ir.LOOSE_INT, None, value.obj), None, ()
        if isinstance(value, Const) and isinstance(value.obj, float):
            return (_ir.LOOSE_FLOAT, None, 0), None, ()
        raise self.error(TileTypeError, "an operand must be a tile or a number, not %s"
                         % value.describe())

    def materialize(self, value, ssa):
        if ssa is not None:
            return ssa
        if isinstance(value.obj, bool):
            return self.constant(value.obj, _dtypes.bool_).value
        return self.literal(value.obj)

    def common(self, operands, comparison=False):
        """Common shape and dtype of operands under cuTile's rules."""
        shape = ()
        info = []
        for value in operands:
            spec, ssa, value_shape = self.operand(value)
            info.append((spec, ssa, value_shape))
            try:
                shape = _ir.broadcast_shape(shape, value_shape)
            except ValueError as why:
                raise self.error(TileTypeError, "shapes do not broadcast: %s" % why)
        spec = info[0][0]
        scalar = not info[0][2]
        for other in info[1:]:
            try:
                kind, type = _ir.promote(self.ir, spec, other[0], scalar, not other[2],
                                         comparison)
            except ValueError as why:
                raise self.error(TileTypeError, str(why))
            spec = (kind, type, 0) if kind == _ir.TYPED else (kind, None, spec[2])
            scalar = scalar and not other[2]
        return shape, spec, info

    def common_dtype(self, a, b):
        """The common dtype of two tiles, whatever their shapes."""
        try:
            kind, type = _ir.promote(self.ir, (_ir.TYPED, a.dtype.mlir_type(self.ir), 0),
                                     (_ir.TYPED, b.dtype.mlir_type(self.ir), 0), False, False)
        except ValueError as why:
            raise self.error(TileTypeError, str(why))
        return self.dtype_of_type(type)

    def binary(self, name, lhs, rhs, attributes=None):
        if isinstance(lhs, Const) and isinstance(rhs, Const) and is_number(lhs.obj) and \
                is_number(rhs.obj):
            if attributes and "propagate_nan" in attributes and \
                    (lhs.obj != lhs.obj or rhs.obj != rhs.obj):
                return Const(math.nan)
            try:
                return Const(_PY_BINARY[name](lhs.obj, rhs.obj))
            except (ArithmeticError, ValueError) as why:
                raise self.error(TileValueError, "constant expression: %s" % why)
            except TypeError as why:  # 1.5 & 1, say
                raise self.error(TileTypeError, "constant expression: %s" % why)
        if name == "div":
            lhs, rhs = self.true_division_operands(lhs, rhs)
        shape, spec, info = self.common([lhs, rhs])
        if spec[0] != _ir.TYPED:
            # Two loose constants only meet in constant folding above.
            raise self.error(TileTypeError, "no dtype for %s of two constants" % name)
        dtype = self.dtype_of_type(spec[1])
        operands = [self.materialize(v, i[1]) for v, i in zip((lhs, rhs), info)]
        attrs = {"promote": self.enum_attr(_PROMOTE_CUTILE)}
        attrs.update(attributes or {})
        return self.tile_op("tile." + name, operands, shape, dtype, attrs)

    def true_division_operands(self, lhs, rhs):
        """cuTile's `/` always divides floats: where the operands' common
        dtype is not a float, they divide as float32."""
        _shape, spec, _info = self.common([lhs, rhs])
        if spec[0] == _ir.LOOSE_FLOAT or (spec[0] == _ir.TYPED and
                                          self.dtype_of_type(spec[1]).is_float()):
            return lhs, rhs

        def as_float(value):
            if isinstance(value, TileValue):
                return self.convert(value, _dtypes.float32)
            return Const(float(value.obj))
        return as_float(lhs), as_float(rhs)

    def ir_math_function(self, name):
        value = _ir.math_function_value(name)
        if value < 0:
            raise self.error(TileUnsupportedFeatureError, "no math function %s" % name)
        return value

    def compare(self, predicate, lhs, rhs):
        if isinstance(lhs, Const) and isinstance(rhs, Const):
            return Const(_PY_COMPARE[predicate](lhs.obj, rhs.obj))
        shape, spec, info = self.common([lhs, rhs], comparison=True)
        operands = [self.materialize(v, i[1]) for v, i in zip((lhs, rhs), info)]
        return self.tile_op("tile.cmp", operands, shape, _dtypes.bool_,
                            {"predicate": self.enum_attr(predicate),
                             "promote": self.enum_attr(_PROMOTE_CUTILE)})

    def select(self, cond, lhs, rhs):
        if isinstance(cond, Const):
            return lhs if cond.obj else rhs
        cond = self.as_tile(cond, "a condition")
        if cond.dtype is not _dtypes.bool_:
            raise self.error(TileTypeError, "a condition must be a bool tile, not %s"
                             % cond.describe())
        if isinstance(lhs, Const) and isinstance(rhs, Const) and is_number(lhs.obj) and \
                is_number(rhs.obj):
            # Two Python numbers take the dtype cuTile gives a lone number of
            # the wider kind (bool < int < float).
            kind = max((type(v.obj) for v in (lhs, rhs)),
                       key=lambda t: (t is int) + 2 * (t is float))
            dtype = _dtypes.of_python_scalar(kind(0))
            lhs, rhs = self.as_tile(lhs, dtype=dtype), self.as_tile(rhs, dtype=dtype)
        shape, spec, info = self.common([lhs, rhs])
        shape = self.broadcast_of(shape, cond.shape)
        dtype = self.dtype_of_type(spec[1])
        operands = [cond.value] + [self.materialize(v, i[1]) for v, i in zip((lhs, rhs), info)]
        return self.tile_op("tile.select", operands, shape, dtype,
                            {"promote": self.enum_attr(_PROMOTE_CUTILE)})

    def broadcast_of(self, a, b, message=None):
        """The shape `a` and `b` broadcast to; else a TileTypeError that says
        why, or `message`."""
        try:
            return _ir.broadcast_shape(a, b)
        except ValueError as why:
            raise self.error(TileTypeError, message or "shapes do not broadcast: %s" % why)

    def broadcast_to(self, value, shape):
        value = self.as_tile(value)
        if value.shape == tuple(shape):
            return value
        return self.tile_op("tile.broadcast", [value], shape, value.dtype)

    def unary(self, name, value):
        value = self.as_tile(value)
        return self.tile_op("tile." + name, [value], value.shape, value.dtype)

    # -- names ---------------------------------------------------------------------------
    def lookup(self, name, node):
        names = self.frame.names
        if name in names:
            value = names[name]
            if isinstance(value, Undefined):
                raise self.error(TileSyntaxError, "'%s' %s" % (name, value.reason), node)
            return value
        source = self.frame.source
        if name in source.closure:
            return Const(source.closure[name])
        if name in source.globals:
            return Const(source.globals[name])
        builtins = source.globals.get("__builtins__")
        builtins = builtins if isinstance(builtins, dict) else getattr(builtins, "__dict__", {})
        if name in builtins:
            return Const(builtins[name])
        raise self.error(TileSyntaxError, "name '%s' is not defined" % name, node)

    # -- the kernel ----------------------------------------------------------------------
    def translate_kernel(self, kernel_name, num_warps, hints):
        source = self.kernel_source
        self.frame = _Frame(source, {})
        tree = source.tree
        self.node = tree
        location = self.loc(tree)
        body = self.ir.new_module(location)
        self.ir.set_attribute(self.ir.module_operation(), "gpu.container_module",
                              self.ir.unit_attr())
        params = tree.args
        if params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs:
            raise self.error(TileSyntaxError, "a kernel takes positional parameters only")
        if params.defaults:
            raise self.error(TileSyntaxError, "kernel parameters have no default values")
        names = [a.arg for a in params.args]
        if len(names) != len(self.specs):
            raise self.error(TileTypeError, "%s takes %d arguments, %d given"
                             % (kernel_name, len(names), len(self.specs)))
        arg_types, arg_attrs, arg_locs = [], [], []

        def declare(spec, arg, name):
            """The kernel arguments of one parameter (a tuple's, its items' in
            order); returns what gives the parameter's value from the entry
            block."""
            if spec.kind == "constant":
                return lambda entry: Const(spec.value)
            if spec.kind == "tuple":
                items = [declare(s, arg, "%s[%d]" % (name, k)) for k, s in enumerate(spec.value)]
                return lambda entry: TupleValue([item(entry) for item in items])
            if spec.kind in ("array", "list"):
                type = self.ir.array_type(spec.array_extents(), spec.dtype.mlir_type(self.ir),
                                          spec.array_strides(), self.loc(arg))
                if not type:
                    self.check_diagnostics(arg)
                element = type
                if spec.kind == "list":
                    # The facts below hold for each of the list's arrays.
                    type = self.ir.list_type(type, self.loc(arg))
                facts = {}
                if spec.aligned16:
                    facts["tile.alignment"] = self.ir.i64_attr(16)
                if any(d > 1 for d in spec.stride_divisibility):
                    facts["tile.stride_divisibility"] = self.ir.i64_array_attr(
                        spec.stride_divisibility)
                if any(d > 1 for d in spec.divisibility):
                    facts["tile.divisibility"] = self.ir.i64_array_attr(spec.divisibility)
            else:
                type = self.tile_type((), spec.dtype)
                facts = {}
            position = len(arg_types)
            arg_types.append(type)
            arg_attrs.append(facts)
            arg_locs.append(self.loc(arg))

            def bind(entry):
                value = self.ir.block_argument(entry, position)
                if spec.kind == "list":
                    return ListValue(value, spec, element, name)
                if spec.kind == "array":
                    self.array_arguments[value] = (position, spec)
                    return ArrayValue(value, spec.dtype, spec.rank, type, name,
                                      spec.array_strides(), index64=spec.index64,
                                      extents=spec.array_extents())
                return TileValue(value, (), spec.dtype, type)
            return bind

        binders = []
        for name, spec, arg in zip(names, self.specs, params.args):
            self.node = arg
            binders.append((name, declare(spec, arg, name)))
        self.arg_attrs = arg_attrs
        entry = self.ir.new_block(arg_types, arg_locs)
        for name, bind in binders:
            self.frame.names[name] = bind(entry)

        self.block = self.entry_block = entry
        self.entry_views = []
        self.statements(tree.body, top=True)
        self.node = tree
        self.emit("gpu.return")

        attributes = {
            "sym_name": self.ir.string_attr(kernel_name),
            "function_type": self.ir.type_attr(self.ir.function_type(arg_types, [])),
            "gpu.kernel": self.ir.unit_attr(),
            "arg_attrs": self.ir.array_attr(self.ir.dictionary_attr(a) for a in arg_attrs),
        }
        # Without tile.num_warps the compiler chooses (tile-choose-num-warps).
        warps = num_warps(self)
        if warps is not None:
            attributes["tile.num_warps"] = self.ir.i64_attr(warps)
        attributes.update(hints(self))
        self.node = tree
        func = self.ir.create("gpu.func", location, attributes=attributes,
                              regions=[self.ir.new_region([entry])])
        module_block = self.ir.new_block()
        self.ir.append(module_block, func)
        gpu_module = self.ir.create("gpu.module", location,
                                    attributes={"sym_name": self.ir.string_attr(kernel_name)},
                                    regions=[self.ir.new_region([module_block])])
        self.ir.append(body, gpu_module)
        return self.ir

    # -- statements ----------------------------------------------------------------------
    def statements(self, statements, top=False):
        """Translates statements; returns the value of a `return` (helpers)."""
        for i, statement in enumerate(statements):
            self.node = statement
            if isinstance(statement, ast.Return):
                if i != len(statements) - 1:
                    raise self.error(TileSyntaxError, "code after return is unreachable")
                return self.return_statement(statement, top)
            self.statement(statement)
        return None

    def return_statement(self, statement, top):
        if statement.value is None:
            return Const(None)
        value = self.expr(statement.value)
        if top and self.frame.source is self.kernel_source:
            if not (isinstance(value, Const) and value.obj is None):
                raise self.error(TileSyntaxError, "a kernel returns nothing")
        return value

    def statement(self, node):
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is None:
            raise self.error(TileUnsupportedFeatureError,
                             "'%s' statements are not supported in a tile kernel"
                             % type(node).__name__.lower(), node)
        method(node)

    def stmt_Pass(self, node):
        pass

    def stmt_Expr(self, node):
        self.expr(node.value)

    def stmt_Assign(self, node):
        value = self.expr(node.value)
        for target in node.targets:
            self.assign(target, value)

    def stmt_AnnAssign(self, node):
        if node.value is None:
            return
        self.assign(node.target, self.expr(node.value))

    def stmt_AugAssign(self, node):
        if not isinstance(node.target, ast.Name):
            raise self.error(TileUnsupportedFeatureError,
                             "augmented assignment to anything but a name", node)
        current = self.lookup(node.target.id, node.target)
        value = self.operator(type(node.op), current, self.expr(node.value), node)
        self.assign(node.target, value)

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            self.frame.names[target.id] = value
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            items = self.unpack(value, len(target.elts), target)
            for element, item in zip(target.elts, items):
                self.assign(element, item)
            return
        raise self.error(TileUnsupportedFeatureError,
                         "assignment to %s: tiles and arrays are immutable; use ct.store"
                         % type(target).__name__.lower(), target)

    def unpack(self, value, count, node):
        if isinstance(value, TupleValue):
            items = value.items
        elif isinstance(value, Const) and isinstance(value.obj, (tuple, list)):
            items = [Const(v) for v in value.obj]
        else:
            raise self.error(TileTypeError, "cannot unpack %s" % value.describe(), node)
        if len(items) != count:
            raise self.error(TileValueError, "cannot unpack %d values into %d names"
                             % (len(items), count), node)
        return items

    def stmt_Assert(self, node):
        condition = self.expr(node.test)
        if not isinstance(condition, Const):
            # A runtime condition: a device assertion (ct.assert_).
            message = Const(None) if node.msg is None else self.expr(node.msg)
            if not (isinstance(message, Const) and isinstance(message.obj, (str, type(None)))):
                raise self.error(TileTypeError, "an assert's message must be a constant "
                                 "string", node)
            self.node = node
            self.api_call("assert_", [condition, message], {})
            return
        if not condition.obj:
            message = ""
            if node.msg is not None:
                message = self.expr(node.msg)
                message = ": %s" % (message.obj if isinstance(message, Const) else "")
            raise self.error(TileValueError, "assertion failed%s" % message, node)

    # -- control flow ------------------------------------------------------------------------
    def assigned_names(self, statements):
        names = set()
        for statement in statements:
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
        return names

    def carried_value(self, name, value, node):
        """A name's value as a loop-carried or branch-merged tile."""
        if isinstance(value, TileValue):
            return value
        if isinstance(value, Const) and is_number(value.obj):
            return self.as_tile(value)
        raise self.error(TileTypeError, "'%s' changes inside control flow but holds %s; "
                         "only tiles and numbers may" % (name, value.describe()), node)

    def match_type(self, name, before, after, node, where):
        if isinstance(after, Const) and is_number(after.obj) and not before.shape:
            return self.constant(after.obj, before.dtype)
        after = self.carried_value(name, after, node)
        if after.shape != before.shape or after.dtype is not before.dtype:
            raise self.error(TileTypeError, "'%s' is %s before %s and %s after it; give it "
                             "its final shape and dtype before (e.g. ct.full)"
                             % (name, before.describe(), where, after.describe()), node)
        return after

    def stmt_For(self, node):
        if node.orelse:
            raise self.error(TileUnsupportedFeatureError, "for ... else", node)
        iterator = node.iter
        if not (isinstance(iterator, ast.Call) and isinstance(iterator.func, (ast.Name,
                                                                                 ast.Attribute))):
            return self.static_for(node, self.expr(iterator))
        callee = self.expr(iterator.func)
        if not (isinstance(callee, Const) and callee.obj is range):
            iterable = self.call_value(callee, iterator)
            return self.static_for(node, iterable)
        if iterator.keywords or not 1 <= len(iterator.args) <= 3:
            raise self.error(TileSyntaxError, "range takes 1 to 3 positional arguments", iterator)
        bounds = [self.expr(a) for a in iterator.args]
        if len(bounds) == 1:
            bounds = [Const(0), bounds[0], Const(1)]
        elif len(bounds) == 2:
            bounds.append(Const(1))
        if isinstance(bounds[2], Const) and bounds[2].obj == 0:
            raise self.error(TileValueError, "range() step must not be zero", iterator)
        if isinstance(bounds[2], Const) and bounds[2].obj < 0:
            raise self.error(TileUnsupportedFeatureError, "range() with a negative step",
                             iterator)
        if not isinstance(node.target, ast.Name):
            raise self.error(TileSyntaxError, "the loop variable must be a name", node.target)
        self.node = iterator
        lower, upper, step = (self.to_index_scalar(b, "a range() bound") for b in bounds)
        self.loop(node, node.body, node.target.id, (lower, upper, step))

    def static_for(self, node, iterable):
        """`for x in <compile-time tuple>`: unrolled (ct.static_iter); `for a
        in arrays` of a list: a loop over its indices."""
        if isinstance(iterable, ListValue):
            if not isinstance(node.target, ast.Name):
                raise self.error(TileSyntaxError, "the loop variable must be a name",
                                 node.target)
            self.node = node.iter
            length = self.tile_op("tile.list_len", [iterable.value], (), _dtypes.int32)
            bounds = [self.to_index_scalar(b, "a bound") for b in (Const(0), length, Const(1))]
            return self.loop(node, node.body, node.target.id, bounds,
                             bind=lambda i: self.list_item(iterable, i, node))
        if isinstance(iterable, TupleValue):
            items = iterable.items
        elif isinstance(iterable, Const) and isinstance(iterable.obj, (tuple, list, range)):
            items = [Const(v) for v in iterable.obj]
        else:
            raise self.error(TileUnsupportedFeatureError,
                             "a kernel loops over range(...) or a compile-time sequence",
                             node.iter)
        for item in items:
            self.assign(node.target, item)
            self.statements(node.body)
            self.node = node

    def loop(self, node, body, variable, bounds, bind=None):
        names = self.frame.names
        assigned = self.assigned_names(body) - {variable}
        carried = sorted(n for n in assigned if n in names and not isinstance(names[n],
                                                                              Undefined))
        initial = [self.carried_value(n, names[n], node) for n in carried]
        for name, value in zip(carried, initial):
            names[name] = value
        index_type = self.ir.index_type()
        location = self.loc(node)
        block = self.ir.new_block([index_type] + [v.type for v in initial],
                                  [location] * (1 + len(initial)))
        outer_block = self.block
        self.block = block
        saved = dict(names)
        iv = self.ir.block_argument(block, 0)
        self.node = node.target
        names[variable] = self.tile_op("tile.from_scalar", [iv], (), _dtypes.int32)
        if bind is not None:  # the loop variable is what the index stands for
            names[variable] = bind(names[variable])
        for i, (name, value) in enumerate(zip(carried, initial)):
            names[name] = TileValue(self.ir.block_argument(block, i + 1), value.shape,
                                    value.dtype, value.type)
        self.statements(body)
        self.node = node
        yielded = [self.match_type(n, v, names[n], node, "the loop")
                   for n, v in zip(carried, initial)]
        self.emit("scf.yield", yielded)
        self.block = outer_block
        self.node = node
        operation = self.emit("scf.for", list(bounds) + [v.value for v in initial],
                              [v.type for v in initial],
                              regions=[self.ir.new_region([block])])
        names.clear()
        names.update(saved)
        for name in assigned - set(carried):
            if name not in saved or isinstance(saved[name], Undefined):
                names[name] = Undefined("is assigned in a loop and used after it; assign it "
                                        "before the loop")
        for i, (name, value) in enumerate(zip(carried, initial)):
            names[name] = TileValue(self.ir.result(operation, i), value.shape, value.dtype,
                                    value.type)
        names.pop(variable, None)
        names[variable] = Undefined("is the variable of a loop that has ended")

    def builtin_scalar_type(self, dtype):
        """The builtin type `tile.to_scalar` gives a scalar of `dtype`."""
        if dtype.kind == "bool":
            return self.ir.int_type(1)
        if dtype.kind in ("int", "uint"):
            return self.ir.int_type(dtype.bits)
        return dtype.mlir_type(self.ir)

    def stmt_While(self, node):
        if node.orelse:
            raise self.error(TileUnsupportedFeatureError, "while ... else", node)
        names = self.frame.names
        assigned = self.assigned_names(node.body)
        carried = sorted(n for n in assigned if n in names and not isinstance(names[n],
                                                                              Undefined))
        initial = [self.carried_value(n, names[n], node) for n in carried]
        # Scalars travel through the loop as builtin scalars, tiles as tiles.
        def travel(value):
            if value.shape:
                return value.value
            return self.ir.result(self.emit("tile.to_scalar", [value],
                                            [self.builtin_scalar_type(value.dtype)]))

        def arrive(value, ssa):
            if value.shape:
                return TileValue(ssa, value.shape, value.dtype, value.type)
            return self.tile_op("tile.from_scalar", [ssa], (), value.dtype)

        types = [v.type if v.shape else self.builtin_scalar_type(v.dtype) for v in initial]
        location = self.loc(node)
        self.node = node
        inits = [travel(v) for v in initial]
        saved = dict(names)
        outer_block = self.block

        before = self.ir.new_block(types, [location] * len(types))
        self.block = before
        for i, (name, value) in enumerate(zip(carried, initial)):
            names[name] = arrive(value, self.ir.block_argument(before, i))
        self.node = node.test
        condition = self.expr(node.test)
        if isinstance(condition, Const):
            condition = self.constant(bool(condition.obj), _dtypes.bool_)
        flag = self.to_bool_scalar(condition, "a while condition")
        self.emit("scf.condition", [flag] + [self.ir.block_argument(before, i)
                                             for i in range(len(types))])

        after = self.ir.new_block(types, [location] * len(types))
        self.block = after
        for i, (name, value) in enumerate(zip(carried, initial)):
            names[name] = arrive(value, self.ir.block_argument(after, i))
        self.statements(node.body)
        self.node = node
        yielded = [travel(self.match_type(n, v, names[n], node, "the loop"))
                   for n, v in zip(carried, initial)]
        self.emit("scf.yield", yielded)
        self.block = outer_block
        self.node = node
        operation = self.emit("scf.while", inits, types,
                              regions=[self.ir.new_region([before]),
                                       self.ir.new_region([after])])
        names.clear()
        names.update(saved)
        for name in assigned - set(carried):
            names[name] = Undefined("is assigned in a loop and used after it; assign it "
                                    "before the loop")
        for i, (name, value) in enumerate(zip(carried, initial)):
            names[name] = arrive(value, self.ir.result(operation, i))

    def stmt_If(self, node):
        condition = self.expr(node.test)
        if isinstance(condition, Const):
            # A compile-time condition: only the branch taken is translated.
            self.statements(node.body if condition.obj else node.orelse)
            return
        self.node = node.test
        flag = self.to_bool_scalar(condition, "an if condition")
        names = self.frame.names
        saved = dict(names)
        outer_block = self.block

        def branch(statements):
            block = self.ir.new_block()
            self.block = block
            names.clear()
            names.update(saved)
            self.statements(statements)
            result = dict(names)
            return block, result

        then_block, then_names = branch(node.body)
        else_block, else_names = branch(node.orelse)
        assigned = self.assigned_names(node.body) | self.assigned_names(node.orelse)
        merged = []
        for name in sorted(assigned):
            a, b = then_names.get(name), else_names.get(name)
            if a is None or b is None or isinstance(a, Undefined) or isinstance(b, Undefined):
                continue
            if a is b:
                continue
            if isinstance(a, Const) and isinstance(b, Const) and a.obj == b.obj and \
                    type(a.obj) is type(b.obj):
                continue
            merged.append(name)
        then_values, else_values = [], []
        for name in merged:
            a, b = then_names[name], else_names[name]
            self.block = then_block
            self.node = node
            if isinstance(a, TileValue) or not isinstance(b, TileValue):
                a = self.carried_value(name, a, node)
            else:
                a = self.match_type(name, b, a, node, "the else branch")
            self.block = else_block
            b = self.match_type(name, a, b, node, "the if branch")
            then_values.append(a)
            else_values.append(b)
        self.node = node
        self.block = then_block
        self.emit("scf.yield", then_values)
        self.block = else_block
        self.emit("scf.yield", else_values)
        self.block = outer_block
        operation = self.emit("scf.if", [flag], [v.type for v in then_values],
                              regions=[self.ir.new_region([then_block]),
                                       self.ir.new_region([else_block])])
        names.clear()
        names.update(saved)
        for name in assigned:
            if name in merged:
                continue
            a, b = then_names.get(name), else_names.get(name)
            if a is not None and a is b:
                names[name] = a
            elif isinstance(a, Const) and isinstance(b, Const) and a.obj == b.obj:
                names[name] = a
            else:
                names[name] = Undefined("is assigned in only one branch of an if; assign it "
                                        "in both, or before the if")
        for i, name in enumerate(merged):
            value = then_values[i]
            names[name] = TileValue(self.ir.result(operation, i), value.shape, value.dtype,
                                    value.type)

    # -- expressions ---------------------------------------------------------------------------
    def expr(self, node):
        saved = self.node
        self.node = node
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            raise self.error(TileUnsupportedFeatureError,
                             "%s expressions are not supported in a tile kernel"
                             % type(node).__name__, node)
        value = method(node)
        self.node = saved
        return value

    def expr_Constant(self, node):
        return Const(node.value)

    def expr_Slice(self, node):
        parts = [None if p is None else self.expr(p) for p in (node.lower, node.upper,
                                                                node.step)]
        if not all(p is None or isinstance(p, Const) for p in parts):
            raise self.error(TileTypeError, "slices take compile-time bounds", node)
        return Const(slice(*[None if p is None else p.obj for p in parts]))

    def expr_Name(self, node):
        return self.lookup(node.id, node)

    # `{x:>8.3f}`: the format specifications that C's printf can say.
    _SPEC = re.compile(r"^(?P<align>[<>]?)(?P<sign>[-+ ]?)(?P<alt>#?)(?P<zero>0?)"
                       r"(?P<width>\d*)(?:\.(?P<precision>\d+))?(?P<type>[dioxXcbeEfFgGn]?)$")

    def expr_JoinedStr(self, node):
        """An f-string: its text where every value is a constant, else
        pieces that print turns into one C format."""
        pieces = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                pieces.append(str(part.value))
                continue
            value = self.expr(part.value)
            spec = "" if part.format_spec is None else self.expr(part.format_spec)
            if isinstance(spec, FormattedText):
                raise self.error(TileTypeError, "an f-string's format specification must be "
                                 "constant", part)
            spec = spec.obj if isinstance(spec, Const) else spec
            if isinstance(value, Const):
                obj = value.obj
                if part.conversion in (ord("r"), ord("s"), ord("a")):
                    obj = {ord("r"): repr, ord("s"): str, ord("a"): ascii}[part.conversion](obj)
                try:
                    pieces.append(format(obj, spec))
                except (TypeError, ValueError) as why:
                    raise self.error(TileValueError, "f-string: %s" % why, part)
                continue
            if isinstance(value, TupleValue):
                raise self.error(TileUnsupportedFeatureError, "a tuple in an f-string (print "
                                 "its items)", part)
            if not isinstance(value, TileValue):
                raise self.error(TileTypeError, "cannot format %s" % value.describe(), part)
            match = self._SPEC.match(spec)
            if match is None or part.conversion not in (-1, None):
                raise self.error(TileUnsupportedFeatureError, "the format specification %r "
                                 "of a tile (C's printf takes flags, a width, a precision "
                                 "and one of d i o x X c e E f F g G)" % spec, part)
            flags = ("-" if match["align"] == "<" else "") + match["sign"] + match["alt"] + \
                match["zero"] + match["width"] + \
                ("." + match["precision"] if match["precision"] else "")
            letter = match["type"] or None
            if letter in ("b", "n"):
                raise self.error(TileUnsupportedFeatureError, "format type '%s' of a tile"
                                 % letter, part)
            pieces.append((value, flags, letter))
        if all(isinstance(p, str) for p in pieces):
            return Const("".join(pieces))
        return FormattedText(pieces)

    def expr_Tuple(self, node):
        items = [self.expr(e) for e in node.elts]
        if all(isinstance(i, Const) for i in items):
            return Const(tuple(i.obj for i in items))
        return TupleValue(items)

    expr_List = expr_Tuple

    def expr_BinOp(self, node):
        return self.operator(type(node.op), self.expr(node.left), self.expr(node.right), node)

    def operator(self, op, lhs, rhs, node):
        self.node = node
        if op is ast.MatMult:
            return self.api_call("matmul", [lhs, rhs], {})
        name = _BINARY_OPS.get(op)
        if name is None:
            raise self.error(TileUnsupportedFeatureError, "operator %s" % op.__name__, node)
        if isinstance(lhs, Const) and isinstance(rhs, Const) and \
                isinstance(lhs.obj, (tuple, str)) and name in ("add", "mul"):
            return Const(_PY_BINARY[name](lhs.obj, rhs.obj))
        return self.binary(name, lhs, rhs)

    def expr_UnaryOp(self, node):
        operand = self.expr(node.operand)
        op = type(node.op)
        if isinstance(operand, Const):
            try:
                return Const({ast.USub: lambda v: -v, ast.UAdd: lambda v: +v,
                              ast.Not: lambda v: not v, ast.Invert: lambda v: ~v}[op](
                                  operand.obj))
            except TypeError as why:
                raise self.error(TileTypeError, str(why), node)
        if op is ast.UAdd:
            return operand
        if op is ast.USub:
            return self.unary("neg", operand)
        if op is ast.Invert:
            return self.unary("not", operand)
        tile = self.as_tile(operand)
        if tile.dtype is not _dtypes.bool_:
            tile = self.compare(0, tile, Const(0))
            return tile
        return self.unary("not", tile)

    def expr_Compare(self, node):
        left = self.expr(node.left)
        result = None
        for op, comparator in zip(node.ops, node.comparators):
            right = self.expr(comparator)
            if type(op) in (ast.Is, ast.IsNot) and isinstance(left, Const) and \
                    isinstance(right, Const):
                value = Const((left.obj is right.obj) == (type(op) is ast.Is))
            elif type(op) in (ast.Is, ast.IsNot) and any(
                    isinstance(v, Const) and v.obj is None for v in (left, right)):
                # A translated value (a tile, an array) is never None.
                value = Const(type(op) is ast.IsNot)
            elif type(op) in (ast.In, ast.NotIn) and isinstance(right, Const):
                if not isinstance(left, Const):
                    raise self.error(TileTypeError, "'in' takes compile-time values", node)
                value = Const((left.obj in right.obj) == (type(op) is ast.In))
            elif type(op) in _COMPARE_OPS:
                self.node = node
                value = self.compare(_COMPARE_OPS[type(op)], left, right)
            else:
                raise self.error(TileUnsupportedFeatureError, "comparison %s"
                                 % type(op).__name__, node)
            result = value if result is None else self.logical("and", result, value)
            left = right
        return result

    def logical(self, kind, lhs, rhs):
        if isinstance(lhs, Const) and isinstance(rhs, Const):
            return Const((lhs.obj and rhs.obj) if kind == "and" else (lhs.obj or rhs.obj))
        for value in (lhs, rhs):
            if isinstance(value, TileValue) and value.dtype is not _dtypes.bool_:
                raise self.error(TileTypeError, "'%s' takes bools, not %s"
                                 % (kind, value.describe()))
        return self.binary(kind, lhs, rhs)

    def expr_BoolOp(self, node):
        kind = "and" if isinstance(node.op, ast.And) else "or"
        result = self.expr(node.values[0])
        for value in node.values[1:]:
            if isinstance(result, Const):
                # Python's short circuit, at compile time.
                if (kind == "and" and not result.obj) or (kind == "or" and result.obj):
                    return result
                result = self.expr(value)
                continue
            self.node = node
            result = self.logical(kind, result, self.expr(value))
        return result

    def expr_IfExp(self, node):
        condition = self.expr(node.test)
        if isinstance(condition, Const):
            return self.expr(node.body if condition.obj else node.orelse)
        return self.select(condition, self.expr(node.body), self.expr(node.orelse))

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        return self.attribute(base, node.attr, node)

    def attribute(self, base, name, node):
        if isinstance(base, Const):
            try:
                return Const(getattr(base.obj, name))
            except AttributeError:
                raise self.error(TileTypeError, "%r has no attribute '%s'" % (base.obj, name),
                                 node)
        if isinstance(base, TileValue):
            if name == "shape":
                return Const(base.shape)
            if name == "dtype":
                return Const(base.dtype)
            if name == "ndim":
                return Const(len(base.shape))
            if name == "size":
                size = 1
                for extent in base.shape:
                    size *= extent
                return Const(size)
            if name == "T":
                return self.api_call("transpose", [base], {})
            if name in self.api.TILE_METHODS:
                return BoundMethod(base, name)
        if isinstance(base, ArrayValue):
            if name == "dtype":
                return Const(base.dtype)
            if name == "ndim":
                return Const(base.rank)
            if name in ("shape", "strides"):
                op, dtype = (("tile.array_dim", _dtypes.int32) if name == "shape" else
                             ("tile.array_stride", _dtypes.int64))
                known = base.extents if name == "shape" else base.strides
                # Extents and strides compiled in are constants here.
                items = [Const(known[d]) if known[d] is not None else
                         self.tile_op(op, [base.value], (), dtype, {"dim": self.ir.i64_attr(d)})
                         for d in range(base.rank)]
                # cuTile's strides are int32 unless the array is indexed with
                # int64 (its shape then too).
                target = _dtypes.int64 if base.index64 else _dtypes.int32
                items = [i if isinstance(i, Const) else self.convert(i, target) for i in items]
                for d, item in enumerate(items):
                    if isinstance(item, TileValue):
                        self.value_origins[item.value] = (base.value, name, d)
                return TupleValue(items)
            if name in self.api.ARRAY_METHODS:
                return BoundMethod(base, name)
        if isinstance(base, TiledViewValue):
            if name == "dtype":
                return Const(base.array.dtype)
            if name == "tile_shape":
                return Const(base.tile_shape)
            if name == "traversal_steps":
                return Const(base.steps)
            if name in self.api.VIEW_METHODS:
                return BoundMethod(base, name)
        raise self.error(TileTypeError, "%s has no attribute '%s'" % (base.describe(), name),
                         node)

    def expr_Subscript(self, node):
        base = self.expr(node.value)
        index = self.expr(node.slice)
        if isinstance(base, Const) and isinstance(index, Const):
            try:
                return Const(base.obj[index.obj])
            except (IndexError, KeyError, TypeError) as why:
                raise self.error(TileTypeError, str(why), node)
        if isinstance(base, TupleValue) and isinstance(index, Const):
            try:
                item = base.items[index.obj]
            except (IndexError, TypeError) as why:
                raise self.error(TileTypeError, "tuple index: %s" % why, node)
            return TupleValue(item) if isinstance(item, tuple) else item
        if isinstance(base, TileValue):
            return self.api.subscript(self, base, index)
        if isinstance(base, ListValue):
            return self.list_item(base, index, node)
        if isinstance(base, TupleValue):
            # A tuple's items may differ in type: which one is known only at
            # compile time (cuTile's data model, "Tuples").
            raise self.error(TileTypeError, "%s is indexed by compile-time integers, not %s"
                             % (base.describe(), index.describe()), node)
        raise self.error(TileTypeError, "%s cannot be indexed" % base.describe(), node)

    def list_item(self, items, index, node):
        """`arrays[i]` of a list of arrays (`tile.list_get`): an integer
        index below the list's length (a negative constant counts from its
        end; any other index outside the list is undefined, as in cuTile)."""
        if isinstance(index, Const) and isinstance(index.obj, int) and \
                not isinstance(index.obj, bool) and index.obj < 0:
            length = self.tile_op("tile.list_len", [items.value], (), _dtypes.int32)
            position = self.binary("add", length, self.si32(index.obj))
        else:
            position = index
        position = self.index(position, "a list index")
        spec = items.element
        array = self.ir.result(self.emit("tile.list_get", [items.value, position],
                                         [items.array_type]))
        return ArrayValue(array, spec.dtype, spec.rank, items.array_type, items.name + "[]",
                          spec.array_strides(), entry=False, index64=spec.index64,
                          extents=spec.array_extents())

    def expr_Call(self, node):
        callee = self.expr(node.func)
        if isinstance(callee, Const) and callee.obj is self.api.STATIC_EVAL:
            return self.static_eval(node)
        return self.call_value(callee, node)

    def static_eval(self, node):
        """`ct.static_eval(expr)`: `expr` evaluated by Python now, its names
        the kernel's (constants as themselves, tiles and arrays as
        read-only descriptions)."""
        if len(node.args) != 1 or node.keywords:
            raise self.error(TileTypeError, "static_eval takes one expression", node)
        translator = self

        class Names(dict):
            def __missing__(self, name):
                value = translator.lookup(name, node)
                return _static_view(value)

        expression = ast.Expression(node.args[0])
        source = self.frame.source
        try:
            code = compile(expression, source.filename, "eval")
            result = eval(code, dict(source.globals), Names(source.closure))
        except TileCompilerError:
            raise
        except Exception as why:
            raise self.error(TileStaticEvalError, "static_eval: %s: %s"
                             % (type(why).__name__, why), node)
        if isinstance(result, _StaticView):
            return result.value
        if isinstance(result, tuple) and any(isinstance(r, _StaticView) for r in result):
            return TupleValue([r.value if isinstance(r, _StaticView) else Const(r)
                               for r in result])
        return Const(result)

    def call_value(self, callee, node):
        args = []
        for argument in node.args:
            if isinstance(argument, ast.Starred):
                value = self.expr(argument.value)
                args.extend(self.unpack(value, len(value.items) if isinstance(value, TupleValue)
                                        else len(getattr(value, "obj", ())), argument))
            else:
                args.append(self.expr(argument))
        kwargs = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                raise self.error(TileUnsupportedFeatureError, "**kwargs in a call", node)
            kwargs[keyword.arg] = self.expr(keyword.value)
        self.node = node
        return self.call_function(callee, args, kwargs)

    def call_function(self, callee, args, kwargs):
        """Calls a translated value with translated arguments."""
        node = self.node
        if isinstance(callee, BoundMethod):
            return self.api.method(self, callee.receiver, callee.name, args, kwargs)
        if isinstance(callee, LocalFunction):
            return self.inline_local(callee, args, kwargs)
        if not isinstance(callee, Const):
            raise self.error(TileTypeError, "%s is not callable" % callee.describe(), node)
        function = callee.obj
        handler = self.api.BUILTINS.get(id(function))
        if handler is not None and handler[0] is function:
            return handler[1](self, args, kwargs)
        python = self.api.PYTHON_BUILTINS.get(function)
        if python is not None:
            return python(self, args, kwargs)
        if isinstance(function, _dtypes.DType):
            if len(args) != 1 or kwargs:
                raise self.error(TileTypeError, "%s(x) takes one argument" % function.name)
            return self.api_call("astype", [args[0], callee], {})
        if inspect.isfunction(function) or hasattr(function, "__cudapy_tile_function__"):
            return self.inline(getattr(function, "__wrapped__", function), args, kwargs)
        if all(isinstance(a, Const) for a in args) and \
                all(isinstance(v, Const) for v in kwargs.values()) and \
                (getattr(function, "__module__", None) == "math" or
                 getattr(function, "__cudapy_tile_static__", False)):
            # The math module's functions of constants fold here.
            return Const(function(*[a.obj for a in args],
                                  **{k: v.obj for k, v in kwargs.items()}))
        raise self.error(TileUnsupportedFeatureError, "calling %r in a tile kernel"
                         % (function,), node)

    def expr_Lambda(self, node):
        return LocalFunction(node, self.frame)

    def stmt_FunctionDef(self, node):
        if node.decorator_list:
            raise self.error(TileUnsupportedFeatureError,
                             "decorators on a function defined in a kernel", node)
        self.frame.names[node.name] = LocalFunction(node, self.frame)

    def inline_local(self, local, args, kwargs):
        """A function or lambda defined in the kernel's source: its body is
        translated in place, seeing the names of the code around it."""
        node = local.node
        if getattr(self, "_depth", 0) > 64:
            raise self.error(TileSyntaxError, "functions recurse too deeply")
        names = dict(local.frame.names)
        names.update(self.bind_arguments(node.args, args, kwargs,
                                         getattr(node, "name", "<lambda>")))
        saved_frame, saved_node = self.frame, self.node
        self._depth = getattr(self, "_depth", 0) + 1
        self.frame = _Frame(local.frame.source, names)
        try:
            if isinstance(node, ast.Lambda):
                return self.expr(node.body)
            self.check_helper_returns(node)
            result = self.statements(node.body)
        finally:
            self._depth -= 1
            self.frame, self.node = saved_frame, saved_node
        return result if result is not None else Const(None)

    def bind_arguments(self, arguments, args, kwargs, name):
        """Python's binding of call arguments to an `ast.arguments`."""
        if arguments.vararg or arguments.kwarg or arguments.kwonlyargs:
            raise self.error(TileUnsupportedFeatureError, "*args, **kwargs and keyword-only "
                             "parameters of functions defined in a kernel")
        params = [a.arg for a in arguments.posonlyargs + arguments.args]
        defaults = dict(zip(params[len(params) - len(arguments.defaults):],
                            arguments.defaults))
        if len(args) > len(params):
            raise self.error(TileTypeError, "%s() takes %d arguments, %d given"
                             % (name, len(params), len(args)))
        bound = dict(zip(params, args))
        for key, value in kwargs.items():
            if key not in params or key in bound:
                raise self.error(TileTypeError, "%s() got an unexpected or repeated argument "
                                 "'%s'" % (name, key))
            bound[key] = value
        for param in params:
            if param not in bound:
                if param not in defaults:
                    raise self.error(TileTypeError, "%s() is missing argument '%s'"
                                     % (name, param))
                bound[param] = self.expr(defaults[param])
        return bound

    def combiner(self, function, dtypes, what):
        """The region of a reduce_with/scan_with: `function` of two scalars
        per operand (the accumulated ones, then the next ones) yields the
        combined scalars."""
        n = len(dtypes)
        types = [self.tile_type((), d) for d in dtypes] * 2
        block = self.ir.new_block(types, [self.loc()] * len(types))
        outer = self.block
        self.block = block
        try:
            args = [TileValue(self.ir.block_argument(block, i), (), dtypes[i % n], types[i])
                    for i in range(2 * n)]
            result = (function.emit(self, args) if isinstance(function, DirectCombiner)
                      else self.call_function(function, args, {}))
            results = items_of(result)
            if len(results) != n:
                raise self.error(TileTypeError, "the %s function returns %d values for %d "
                                 "operands" % (what, len(results), n))
            values = []
            for value, dtype in zip(results, dtypes):
                value = self.as_tile(value, "a %s result" % what, dtype)
                if value.shape:
                    raise self.error(TileTypeError, "the %s function returns %s, not a "
                                     "scalar" % (what, value.describe()))
                values.append(self.convert(value, dtype))
            self.emit("tile.yield", values)
        finally:
            self.block = outer
        return self.ir.new_region([block])

    def api_call(self, name, args, kwargs):
        function = getattr(self.api, name)
        return self.api.BUILTINS[id(function)][1](self, args, kwargs)

    def inline(self, function, args, kwargs):
        """A helper function called from a kernel: translated in place."""
        if getattr(self, "_depth", 0) > 64:
            raise self.error(TileSyntaxError, "helper functions recurse too deeply")
        source = getattr(function, "__cudapy_source__", None)
        if source is None:
            source = FunctionSource(function)
            try:
                function.__cudapy_source__ = source
            except AttributeError:
                pass
        signature = inspect.signature(function)
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as why:
            raise self.error(TileTypeError, "%s(): %s" % (function.__name__, why))
        names = {}
        for name, parameter in signature.parameters.items():
            if name in bound.arguments:
                names[name] = bound.arguments[name]
            elif parameter.default is not inspect.Parameter.empty:
                names[name] = Const(parameter.default)
        saved_frame, saved_node = self.frame, self.node
        self._depth = getattr(self, "_depth", 0) + 1
        self.frame = _Frame(source, names)
        try:
            self.check_helper_returns(source.tree)
            result = self.statements(source.tree.body)
        finally:
            self._depth -= 1
            self.frame, self.node = saved_frame, saved_node
        return result if result is not None else Const(None)

    def check_helper_returns(self, tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Return) and node not in tree.body:
                raise self.error(TileUnsupportedFeatureError,
                                 "a return inside control flow (make it the last statement)",
                                 node)


__all__ = ["ArgSpec", "FunctionSource", "KernelTranslator"]
