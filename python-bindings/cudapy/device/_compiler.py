"""Python source to py/simt dialect IR (cuda-device spec, "Python
Heterogeneous Programming", "CUDA Python Programming").

The translator walks a kernel's `ast` and builds operations with the
structured builder (cudapy._ir), every one with the location of the Python
expression it comes from. Types follow the py dialect's promotion library
through the C API (cudapy._ir.py_binary and friends): nothing here restates
a promotion rule. `@func` functions a kernel calls become `py.func`
operations, one per list of argument types, called with `py.call`.
"""

import ast
import builtins
import math

from .. import _ir, _jit
from . import _api, _types
from ._errors import (DeviceCompileError, DeviceError, DeviceSyntaxError, DeviceTypeError,
                      DeviceUnsupportedError, DeviceValueError)
from ._values import AtomicVal, Const, Dim3Val, LambdaVal, Method, TupleVal, Val

_NUMBAPRO = _types.POLICY_NUMBAPRO

_BINARY = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv",
           ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.BitAnd: "and",
           ast.BitOr: "or", ast.BitXor: "xor", ast.LShift: "lshift", ast.RShift: "rshift"}
_COMPARE = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt",
            ast.GtE: "ge"}
_PREDICATES = {"eq": 0, "ne": 1, "lt": 2, "le": 3, "gt": 4, "ge": 5}
_UNARY = {ast.USub: "neg", ast.UAdd: "pos", ast.Invert: "invert"}
_DIMS = {"x": 0, "y": 1, "z": 2}


def _is_number(obj):
    return isinstance(obj, (bool, int, float, complex))


class _Frame:
    """One function being translated: its source and its names."""

    def __init__(self, source, names):
        self.source, self.names = source, names


class ModuleTranslator:
    """Builds one gpu.module: a kernel and the py.func functions it calls."""

    def __init__(self, policy):
        self.ir = _ir.IR()
        self.policy = policy
        self.functions = {}  # (function, argument type texts) -> (symbol, result)
        self.in_progress = set()
        self.module_block = None
        self.tuple_types = {}
        self.struct_types = {}  # struct type text -> StructType
        self.links = []  # files to link with (link= of the functions used)
        self.foreign = {}  # symbol -> (declare, the declaration's py.func)

    def add_links(self, paths):
        for path in paths:
            if path not in self.links:
                self.links.append(path)

    def add(self, operation):
        self.ir.append(self.module_block, operation)


class FunctionTranslator(_jit.SourceTranslator):
    """Translates one function (a kernel or a py.func) for one list of
    argument types."""

    type_error = DeviceTypeError

    def __init__(self, module, source, kind):
        self.module = module
        self.ir = module.ir
        self.source = source
        self.kind = kind  # "kernel" or "func"
        # Whether the code being translated can only run on the device, so
        # it may use device-only entities: a kernel's, a function of the
        # numba spelling's (numba's device functions are device only), and
        # a @func's under `if target(...)` that excludes the host.
        self.device_only = kind == "kernel" or module.policy == _NUMBAPRO
        self.frame = _Frame(source, {})
        self.node = source.tree
        self.block = None
        self.truth_nodes = set()  # ids of expressions evaluated for their truth
        self.return_node = source.tree  # the last return seen
        self.tuple_types = module.tuple_types  # tuple type text -> item types

    # -- emitting --------------------------------------------------------------------
    def number_dtype(self, obj):
        """The number type a dtype argument names: the builtin `int`,
        `float` and `complex` are the spec's int32, float32 and complex64,
        and numba's int64, float64 and complex128 in the numba spelling."""
        if self.module.policy == _NUMBAPRO and obj in (int, float, complex):
            return {int: _types.int64, float: _types.float64,
                    complex: _types.complex128}[obj]
        return _types.number_type(obj)

    def use_device_only(self, name, node):
        """`name`, a device-only entity, is used here: an error in a @func
        (cuda-device spec, "@func": a heterogeneous function; "Device Only
        Entities") unless target specialization excludes the host."""
        if self.device_only:
            return
        raise self.error(DeviceTypeError, "%s is device only, and a @func function is "
                         "heterogeneous (cuda-device spec, \"@func\", \"Device Only "
                         "Entities\"): use it in a @kernel, or under `if device.target("
                         "device.is_device):`" % name, node)

    def emit(self, name, operands=(), results=(), attributes=None, regions=()):
        operation = self.ir.create(name, self.loc(), [o.value if isinstance(o, Val) else o
                                                      for o in operands],
                                   results, attributes, regions)
        self.ir.append(self.block, operation)
        return operation

    def op(self, name, operands, type, attributes=None, regions=()):
        """One op of one result of `type`: its Val."""
        return self.wrap(self.ir.result(self.emit(name, operands, [type], attributes, regions)),
                         type)

    def wrap(self, value, type):
        text = str(type)
        if text.startswith("!py.array<"):
            element, ndim = text[len("!py.array<"):-1].rsplit(",", 1)
            return Val(value, type, "array", self.dtype_of_text(element.strip()),
                       int(ndim))
        if text == "!py.none":
            return Val(value, type, "none")
        struct = self.module.struct_types.get(text)
        if struct is not None:
            return Val(value, type, "struct", struct)
        if text.startswith("!py.vector<"):
            size, element = text[len("!py.vector<"):-1].split(" x ", 1)
            return Val(value, type, "vector", self.dtype_of_text(element.strip()), int(size))
        return Val(value, type)

    def dtype_of_text(self, text):
        for t in _types.NUMBER_TYPES:
            if str(t.mlir_type(self.ir)) == text:
                return t
        struct = self.module.struct_types.get(text)
        if struct is not None:
            return struct
        return _types.NumberType(text, "other", 0, text)

    def dtype_type(self, dtype, node):
        """The MLIR type of a dtype (a number type or a @struct type)."""
        from ._struct import StructType
        if isinstance(dtype, StructType):
            type = dtype.mlir_type(self.ir, self.loc(node))
            if not type:
                self.check_diagnostics(node)
            self.module.struct_types[str(type)] = dtype
            return type
        return dtype.mlir_type(self.ir)

    def py(self, name):
        return self.ir.py_type(name)

    def enum(self, value):
        return self.ir.i32_attr(value)

    # -- constants ------------------------------------------------------------------
    def constant(self, obj, node=None):
        """A Python number as a py.constant of its builtin type (a bool as
        `!py.bool`, an int as `!py.int`, a float as `!py.float`)."""
        if isinstance(obj, Val):
            return obj
        if isinstance(obj, TupleVal):
            raise self.error(DeviceTypeError, "a tuple is not a number", node)
        if isinstance(obj, Const):
            obj = obj.obj
        if isinstance(obj, _api.DeviceObject) and not obj.dim3:
            return self.op(obj.op, (), self.py("int"))
        if isinstance(obj, _types.Fixed):
            return self.op("py.constant", (), obj.type.mlir_type(self.ir),
                           {"value": self.number_attr(obj.type.mlir_type(self.ir), obj.value,
                                                      node)})
        if obj is None:
            return self.op("py.none", (), self.py("none"))
        if isinstance(obj, bool):
            return self.op("py.constant", (), self.py("bool"),
                           {"value": self.ir.integer_attr(self.ir.int_type(1), int(obj))})
        if isinstance(obj, (int, float)) and self.module.policy == _NUMBAPRO:
            # The numba spelling types literals as numba does: int64 and
            # float64 (as it passes Python numbers to a launch).
            if isinstance(obj, int) and not -2**63 <= obj < 2**63:
                raise self.error(DeviceValueError, "%d does not fit in an int64" % obj, node)
            type = self.ir.int_type(64, True) if isinstance(obj, int) else \
                self.ir.float_type("f64")
            return self.op("py.constant", (), type, {"value": self.number_attr(type, obj,
                                                                               node)})
        if isinstance(obj, int):
            if not -2**31 <= obj < 2**31:
                raise self.error(DeviceValueError,
                                 "%d does not fit in an int (int32, cuda-device spec, "
                                 "\"Builtin Numbers\"); use a fixed-format number such as "
                                 "device.int64(%d)" % (obj, obj), node)
            return self.op("py.constant", (), self.py("int"),
                           {"value": self.ir.integer_attr(self.ir.int_type(32, True), obj)})
        if isinstance(obj, float):
            return self.op("py.constant", (), self.py("float"),
                           {"value": self.ir.float_attr(self.ir.float_type("f32"), obj)})
        raise self.error(DeviceTypeError, "%r is not a heterogeneous value" % (obj,), node)

    def number_attr(self, type, value, node):
        text = str(type)
        if text.startswith(("si", "ui", "i")):
            bits = int(text.lstrip("sui"))
            if value >= 2**(bits - 1):
                value -= 2**bits
            return self.ir.integer_attr(type, int(value))
        if text.startswith("f") or text == "bf16":
            return self.ir.float_attr(type, float(value))
        raise self.error(DeviceUnsupportedError, "constants of type %s" % text, node)

    def value(self, operand, node=None, what="an operand"):
        """A runtime Val of a number (constants materialized; a tuple packed
        with py.tuple.make)."""
        if isinstance(operand, Val):
            return operand
        if isinstance(operand, TupleVal):
            items = [self.value(i, node, what) for i in operand.items]
            type = self.ir.tuple_type([i.type for i in items])
            self.tuple_types[str(type)] = [i.type for i in items]
            return self.op("py.tuple.make", items, type)
        if isinstance(operand, Const) and (_is_number(operand.obj) or
                                           isinstance(operand.obj, (_types.Fixed,
                                                                    _api.DeviceObject))
                                           or operand.obj is None):
            if isinstance(operand.obj, _api.DeviceObject) and operand.obj.dim3:
                raise self.error(DeviceTypeError, "%s is a Dim3; use its .x, .y or .z"
                                 % operand.obj._name, node)
            return self.constant(operand.obj, node)
        raise self.error(DeviceTypeError, "%s must be a heterogeneous value, not %s"
                         % (what, operand.describe()), node)

    # -- functions ---------------------------------------------------------------------
    def translate_function(self, name, parameter_types, interop=False):
        """The function's operation (py.kernel or py.func) for arguments of
        `parameter_types` (Const entries are ConstExpr values bound by
        name)."""
        tree = self.source.tree
        params = tree.args
        if params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs or \
                params.defaults:
            raise self.error(DeviceSyntaxError, "device functions take positional "
                             "parameters without defaults", tree)
        names = [a.arg for a in params.args]
        if len(names) != len(parameter_types):
            raise self.error(DeviceTypeError, "%s takes %d arguments, %d given"
                             % (tree.name, len(names), len(parameter_types)), tree)
        runtime = []  # (name, type, node) per block argument
        for n, t, a in zip(names, parameter_types, params.args):
            if isinstance(t, _RefParam):
                runtime += [(n, u, a) for u in t.types]
            elif not isinstance(t, Const):
                runtime.append((n, t, a))
        block = self.ir.new_block([t for _, t, _ in runtime],
                                  [self.loc(a) for _, _, a in runtime])
        self.block = block
        position = 0
        for parameter, type in zip(names, parameter_types):
            if isinstance(type, Const):
                self.frame.names[parameter] = type
                continue
            if isinstance(type, _RefParam):
                from ._values import StructRef
                values = [self.wrap(self.ir.block_argument(block, position + k), t)
                          for k, t in enumerate(type.types)]
                self.frame.names[parameter] = StructRef(values[0], values[1:], type.struct)
                position += len(values)
                continue
            value = self.wrap(self.ir.block_argument(block, position), type)
            if str(type) in self.tuple_types:
                value = self.items_of(value)  # a tuple parameter: its items
            self.frame.names[parameter] = value
            position += 1
        returned = self.statements(tree.body, top=True)
        self.node = self.return_node
        if self.kind == "kernel":
            if returned is not None and not (isinstance(returned, Const) and
                                             returned.obj is None):
                raise self.error(DeviceTypeError, "a kernel function returns None (cuda-"
                                 "device spec, \"Kernel Functions\")", self.return_node)
            self.emit("py.return")
            results = []
        else:
            if returned is None or (isinstance(returned, Const) and returned.obj is None):
                self.emit("py.return")
                results = []
            else:
                value = self.value(returned, self.return_node, "a returned value")
                self.emit("py.return", [value])
                results = [value.type]
        attributes = {
            "sym_name": self.ir.string_attr(name),
            "function_type": self.ir.type_attr(
                self.ir.function_type([t for _, t, _ in runtime], results)),
        }
        if interop:
            attributes["interop"] = self.ir.unit_attr()
        operation = self.ir.create("py.kernel" if self.kind == "kernel" else "py.func",
                                   self.loc(tree), attributes=attributes,
                                   regions=[self.ir.new_region([block])])
        return operation, results

    # -- statements ------------------------------------------------------------------
    def statements(self, statements, top=False):
        """Translates statements; returns what a `return` among them gives
        (a Val, Const(None)), or None when none returns."""
        statements = list(statements)
        for i, statement in enumerate(statements):
            self.node = statement
            if isinstance(statement, ast.Return):
                if i != len(statements) - 1:
                    raise self.error(DeviceSyntaxError, "code after return is unreachable",
                                     statements[i + 1])
                self.return_node = statement
                return Const(None) if statement.value is None else self.expr(statement.value)
            if isinstance(statement, ast.If) and self.returns(statement.body) and \
                    i != len(statements) - 1 and not statement.orelse:
                # `if c: ... return x` followed by more code: the rest is the
                # else branch.
                rest = ast.If(statement.test, statement.body, statements[i + 1:])
                ast.copy_location(rest, statement)
                return self.stmt_If(rest)
            if isinstance(statement, ast.If) and self.returns_anywhere(statement):
                if i != len(statements) - 1:
                    raise self.error(DeviceUnsupportedError,
                                     "a return inside a branch that does not end the "
                                     "function", statement)
                return self.stmt_If(statement)
            method = getattr(self, "stmt_" + type(statement).__name__, None)
            if method is None:
                raise self.error(DeviceUnsupportedError, "%s statements are not supported in "
                                 "device code" % type(statement).__name__, statement)
            method(statement)
        return None

    def returns(self, body):
        return bool(body) and isinstance(body[-1], (ast.Return, ast.If)) and (
            isinstance(body[-1], ast.Return) or (self.returns(body[-1].body) and
                                                 self.returns(body[-1].orelse)))

    def returns_anywhere(self, node):
        return any(isinstance(n, ast.Return) for n in ast.walk(node))

    def stmt_Pass(self, node):
        pass

    def stmt_Assert(self, node):
        """`assert test[, message]`: simt.assert, which stops the kernel with
        CUDA's device assertion (file, line, function and the message, or
        the test's source) where the test is false (CUDA C++ Programming
        Guide 7.31); the kernel's `assertions` option removes it."""
        if node.msg is None:
            message = ast.unparse(node.test)
        elif isinstance(node.msg, ast.Constant) and isinstance(node.msg.value, str):
            message = node.msg.value
        else:
            raise self.error(DeviceTypeError, "an assert's message must be a constant string",
                             node.msg)
        test = self.condition(node.test)
        if isinstance(test, Const) and _is_number(test.obj) and test.obj:
            return
        truth = self.to_i1(test, node.test)
        self.emit("simt.assert", [truth], attributes={"message": self.ir.string_attr(message)})

    def stmt_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring
        self.expr(node.value)

    def stmt_Assign(self, node):
        value = self.expr(node.value)
        for target in node.targets:
            self.assign(target, value)

    def stmt_AnnAssign(self, node):
        if node.value is None:
            raise self.error(DeviceSyntaxError, "a declaration without a value", node)
        self.assign(node.target, self.expr(node.value))

    def stmt_AugAssign(self, node):
        target = node.target
        op = _BINARY.get(type(node.op))
        if op is None:
            raise self.error(DeviceUnsupportedError, "operator %s" % type(node.op).__name__)
        if isinstance(target, ast.Name):
            current = self.lookup(target.id, target)
        elif isinstance(target, ast.Subscript):
            current = self.expr(target)
        else:
            raise self.error(DeviceSyntaxError, "cannot assign to this expression", target)
        self.assign(target, self.binary(op, current, self.expr(node.value), node))

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            self.frame.names[target.id] = value
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            items = self.unpack(value, len(target.elts), target)
            for t, v in zip(target.elts, items):
                self.assign(t, v)
            return
        if isinstance(target, ast.Subscript):
            base = self.expr(target.value)
            if isinstance(base, Val) and base.kind == "vector" and \
                    isinstance(target.value, ast.Name):
                self.frame.names[target.value.id] = self.vector_set(
                    base, self.expr(target.slice), value, target)
                return
            if isinstance(base, Val) and str(base.type) == "ui32" and \
                    isinstance(target.value, ast.Name):
                from . import _simt
                self.frame.names[target.value.id] = _simt.warp_mask_set(
                    self, base, self.expr(target.slice), value, target)
                return
            if isinstance(base, Val) and base.kind == "array":
                indices = self.indices(target.slice)
                self.setitem(base, indices, value, target)
                return
            raise self.error(DeviceTypeError, "%s does not support item assignment"
                             % base.describe(), target)
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            base = self.lookup(target.value.id, target.value)
            if isinstance(base, Val) and base.kind == "vector" and len(target.attr) == 1 \
                    and target.attr in "xyzw" and "xyzw".index(target.attr) < base.ndim:
                self.frame.names[target.value.id] = self.vector_set(
                    base, Const("xyzw".index(target.attr)), value, target)
                return
            if isinstance(base, Val) and base.kind == "struct" and \
                    base.dtype.field_type(target.attr) is not None:
                field = self.dtype_type(base.dtype.field_type(target.attr), target)
                value = self.value(value, target, "a field value")
                if not _ir.types_equal(value.type, field):
                    if not _ir.py_assignable(self.module.policy, value.type, field):
                        raise self.error(DeviceTypeError, "a %s value is not assignable to "
                                         "field %s (%s)" % (value.type, target.attr, field),
                                         target)
                    value = self.cast(value, field, target)
                self.frame.names[target.value.id] = self.op(
                    "py.struct.setattr", [base, value], base.type,
                    {"field": self.ir.string_attr(target.attr)})
                return
        if isinstance(target, ast.Attribute):
            raise self.error(DeviceTypeError, "attributes cannot be added or assigned in "
                             "device code (cuda-device spec, \"Heterogeneous Types and "
                             "Objects\")", target)
        raise self.error(DeviceSyntaxError, "cannot assign to this expression", target)

    def items_of(self, value):
        """The items of a tuple Val (py.tuple.getitem each)."""
        types = self.tuple_types[str(value.type)]
        return TupleVal(self.op("py.tuple.getitem", [value], t, {"index": self.ir.i64_attr(i)})
                        for i, t in enumerate(types))

    def unpack(self, value, count, node):
        if isinstance(value, Val) and str(value.type).startswith("tuple<"):
            value = self.items_of(value)
        if isinstance(value, TupleVal):
            items = value.items
        elif isinstance(value, Const) and isinstance(value.obj, tuple):
            items = [Const(v) for v in value.obj]
        else:
            raise self.error(DeviceTypeError, "cannot unpack %s" % value.describe(), node)
        if len(items) != count:
            raise self.error(DeviceValueError, "cannot unpack %d values into %d names"
                             % (len(items), count), node)
        return items

    # -- control flow ---------------------------------------------------------------
    def to_i1(self, value, node):
        """The truth of a condition as an i1 (a bool's own value, a number
        compared with zero)."""
        if isinstance(value, Const):
            if _is_number(value.obj):
                return self.ir.result(self.emit("arith.constant", (), [self.ir.int_type(1)], {
                    "value": self.ir.integer_attr(self.ir.int_type(1), int(bool(value.obj)))}))
            raise self.error(DeviceTypeError, "%s has no truth value in device code"
                             % value.describe(), node)
        value = self.value(value, node, "a condition")
        text = str(value.type)
        if text == "i1":
            return value.value
        if text == "!py.bool":
            return self.ir.result(self.emit("py.cast", [value], [self.ir.int_type(1)]))
        if value.kind != "number":
            raise self.error(DeviceTypeError, "%s has no truth value in device code"
                             % value.describe(), node)
        truth = self.compare("ne", value, Const(0), node)
        return self.to_i1(truth, node)

    def assigned_names(self, statements):
        names = set()
        for statement in statements:
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
                elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
                    names.add(node.target.id)
        return names

    def carried(self, names, node):
        """The runtime values of `names` before a branch or loop (constants
        materialized, since a branch or loop may change them)."""
        result = []
        for name in sorted(names):
            value = self.frame.names.get(name)
            if value is None:
                continue
            if isinstance(value, Const) and (_is_number(value.obj) or
                                             isinstance(value.obj, _types.Fixed)):
                value = self.constant(value.obj, node)
                self.frame.names[name] = value
            if isinstance(value, Val):
                result.append((name, value))
        return result

    def same_type(self, name, before, after, node, what):
        if not isinstance(after, Val):
            after = self.value(after, node, "'%s'" % name)
        if not _ir.types_equal(before.type, after.type):
            raise self.error(DeviceTypeError, "'%s' is %s before %s and %s after it; a "
                             "variable keeps its type" % (name, before.type, what, after.type),
                             node)
        return after

    def stmt_If(self, node):
        from ._target import TargetCondition
        condition = self.condition(node.test)
        if isinstance(condition, Const) and not isinstance(condition.obj, _api.DeviceObject):
            # A constant condition picks its branch at compile time.
            return self.statements(node.body if condition.obj else node.orelse)
        if isinstance(condition, TargetCondition):
            attribute = self.ir.target_condition_attr(condition.text)
            if not attribute:
                self.check_diagnostics(node.test)
            # target.if: each chip's compile keeps the branch that applies.
            # A branch the host never takes may use device-only entities.
            return self.branches(node, None, "target.if", "target.yield",
                                 {"condition": attribute},
                                 (not condition.on_host, condition.on_host))
        i1 = self.to_i1(condition, node.test)
        return self.branches(node, i1, "scf.if", "scf.yield", None)

    def branches(self, node, i1, op, terminator, attributes, off_host=(False, False)):
        """The two branches of `node` (an if statement) as `op`, yielding
        the names they assign (and a function's returned value); `off_host`
        says which of them the host never runs."""
        returns = self.returns(node.body) and self.returns(node.orelse)
        if self.kind == "kernel" and self.returns_anywhere(node):
            # The if ends the kernel (statements() sees to it): a branch
            # that falls off its end returns too.
            returns = True
        if self.returns_anywhere(node) and not returns:
            raise self.error(DeviceUnsupportedError, "a return in one branch of an if only; "
                             "return in both or after it", node)
        assigned = self.assigned_names(node.body) | self.assigned_names(node.orelse)
        carried = self.carried(assigned, node)
        outer, saved = self.block, dict(self.frame.names)
        branches = []
        device_only = self.device_only
        for body, excluded in zip((node.body, node.orelse), off_host):
            self.frame.names = dict(saved)
            self.block = self.ir.new_block()
            self.device_only = device_only or excluded
            try:
                returned = self.statements(body)
            finally:
                self.device_only = device_only
            if returned is not None and self.kind == "func" and \
                    not (isinstance(returned, Const) and returned.obj is None):
                # Made in the branch, where its operands are.
                returned = self.value(returned, node, "a returned value")
            branches.append((self.block, dict(self.frame.names), returned))
        self.block, self.frame.names = outer, saved
        yielded_types = []
        yields = [[], []]
        for name, before in carried:
            # A name a branch gives another type takes the type all its
            # values promote to (converted in each branch).
            common = before.type
            for _, names, _ in branches:
                after = names[name]
                if isinstance(after, Val) and after.kind == "number" and \
                        before.kind == "number" and not _ir.types_equal(after.type, common):
                    if _bools(common, after.type):
                        common = self.py("bool")  # a comparison's i1 and a bool
                        continue
                    try:
                        common, _ = _ir.py_binary(self.module.policy, "add", common,
                                                  after.type)
                    except ValueError:
                        pass  # same_type reports it
            for k, (block, names, _) in enumerate(branches):
                after = names[name]
                if not _ir.types_equal(common, before.type) or \
                        (isinstance(after, Val) and not _ir.types_equal(after.type, common)):
                    outer_block, self.block = self.block, block
                    try:
                        after = self.cast(self.value(after, node, "'%s'" % name), common,
                                          node)
                    finally:
                        self.block = outer_block
                after = self.same_type(name, self.wrap(before.value, common), after, node,
                                       "this if")
                yields[k].append(after.value)
            yielded_types.append(common)
        # Names both branches assign that had no value before the if
        # (`if c: y = a` / `else: y = b`): defined after it, as in Python.
        # Numbers take the type their values promote to; the same constant
        # (a function, say) stays that constant. Values that cannot be
        # joined make the name an error where it is read, not at the if.
        fresh, joined = [], {}
        for name in sorted(assigned):
            if name in saved or not all(name in names for _, names, _ in branches):
                continue
            sides = [names[name] for _, names, _ in branches]
            if all(isinstance(side, Const) for side in sides) and \
                    sides[0].obj is sides[1].obj:
                joined[name] = sides[0]
                continue
            if not all(isinstance(side, (Val, TupleVal)) or (isinstance(side, Const) and (
                    _is_number(side.obj) or isinstance(side.obj, _types.Fixed)))
                    for side in sides):
                joined[name] = _Unjoined(self.error(
                    DeviceTypeError, "'%s' is %s in one branch of this if and %s in the "
                    "other; a variable has one type" % (name, sides[0].describe(),
                                                        sides[1].describe()), node))
                continue
            values = []
            for (block, _, _), side in zip(branches, sides):
                outer_block, self.block = self.block, block
                try:
                    values.append(self.value(side, node, "'%s'" % name))
                finally:
                    self.block = outer_block
            common = values[0].type
            if _bools(common, values[1].type) and not _ir.types_equal(values[1].type, common):
                common = self.py("bool")  # a comparison's i1 and a bool
            elif not _ir.types_equal(values[1].type, common):
                try:
                    common, _ = _ir.py_binary(self.module.policy, "add", common,
                                              values[1].type)
                except ValueError:
                    joined[name] = _Unjoined(self.error(
                        DeviceTypeError, "'%s' is %s in one branch of this if and %s in "
                        "the other, which do not promote to one type; a variable has one "
                        "type" % (name, values[0].type, values[1].type), node))
                    continue
            for k, (block, _, _) in enumerate(branches):
                value = values[k]
                if not _ir.types_equal(value.type, common):
                    outer_block, self.block = self.block, block
                    try:
                        value = self.cast(value, common, node)
                    finally:
                        self.block = outer_block
                yields[k].append(value.value)
            yielded_types.append(common)
            fresh.append(name)
        result_value = None
        if returns and self.kind == "func":
            values = [self.value(r, node, "a returned value") for _, _, r in branches]
            if not _ir.types_equal(values[0].type, values[1].type):
                raise self.error(DeviceTypeError, "the branches return %s and %s; a function "
                                 "returns one type" % (values[0].type, values[1].type), node)
            for k in range(2):
                yields[k].append(values[k].value)
            yielded_types.append(values[0].type)
            result_value = values[0]
        regions = []
        for k, (block, _, _) in enumerate(branches):
            self.ir.append(block, self.ir.create(terminator, self.loc(node), yields[k]))
            regions.append(self.ir.new_region([block]))
        operation = self.emit(op, [i1] if i1 is not None else [], yielded_types,
                              attributes, regions=regions)
        names = [name for name, _ in carried] + fresh
        for i, name in enumerate(names):
            value = self.wrap(self.ir.result(operation, i), yielded_types[i])
            if str(yielded_types[i]) in self.tuple_types:
                value = self.items_of(value)  # a tuple: its items again
            self.frame.names[name] = value
        self.frame.names.update(joined)
        if returns:
            self.return_node = node
            if result_value is None:
                return Const(None)
            return self.wrap(self.ir.result(operation, len(names)), result_value.type)
        return None

    def index_value(self, value, node, what):
        """An `index` for a loop bound (py.cast of an integer)."""
        if isinstance(value, Const) and isinstance(value.obj, int) and \
                not isinstance(value.obj, bool):
            return self.ir.result(self.emit("arith.constant", (), [self.ir.index_type()], {
                "value": self.ir.integer_attr(self.ir.index_type(), value.obj)}))
        value = self.value(value, node, what)
        text = str(value.type)
        if not (text == "!py.int" or text.startswith(("si", "ui"))):
            raise self.error(DeviceTypeError, "%s must be an integer, not %s"
                             % (what, value.type), node)
        return self.ir.result(self.emit("py.cast", [value], [self.ir.index_type()]))

    def settle_types(self, carried, translate_body, node):
        """Loop-carried names whose type the body changes (`total = 0.`,
        then `total += x[i]` of float32): the type both promote to, found by
        translating the body once into a block that is thrown away; their
        values before the loop are converted to it."""
        for _ in range(4):
            outer, saved = self.block, dict(self.frame.names)
            scratch = self.ir.new_block([v.type for _, v in carried],
                                        [self.loc(node)] * len(carried))
            self.block = scratch
            for i, (name, before) in enumerate(carried):
                self.frame.names[name] = self.wrap(self.ir.block_argument(scratch, i),
                                                   before.type)
            try:
                translate_body()
                after = {n: self.frame.names.get(n) for n, _ in carried}
            finally:
                self.block, self.frame.names = outer, saved
                self.ir.destroy_block(scratch)
            changed = False
            for k, (name, before) in enumerate(carried):
                value = after[name]
                if isinstance(value, Const) and (_is_number(value.obj) or
                                                 isinstance(value.obj, _types.Fixed)):
                    continue  # a constant converts to the name's type at the yield
                if not isinstance(value, Val) or _ir.types_equal(value.type, before.type):
                    continue
                try:
                    common, _ = _ir.py_binary(self.module.policy, "add", before.type,
                                              value.type)
                except ValueError:
                    continue  # same_type reports it
                if _ir.types_equal(common, before.type) or \
                        not _ir.py_castable(before.type, common):
                    continue
                converted = self.cast(before, common, node)
                self.frame.names[name] = converted
                carried[k] = (name, converted)
                changed = True
            if not changed:
                return carried
        return carried

    def stmt_For(self, node):
        if node.orelse:
            raise self.error(DeviceUnsupportedError, "for ... else", node)
        iterator = node.iter
        callee = self.expr(iterator.func) if isinstance(iterator, ast.Call) else None
        if not (isinstance(callee, Const) and callee.obj is range):
            iterable = self.expr(iterator) if callee is None else None
            if isinstance(iterable, Const) and isinstance(iterable.obj, (tuple, list)):
                iterable = TupleVal(Const(v) for v in iterable.obj)
            if isinstance(iterable, Val) and iterable.kind == "vector":
                vector = iterable
                iterable = TupleVal(self.vector_item(vector, Const(i), iterator)
                                    for i in range(vector.ndim))
            if isinstance(iterable, TupleVal):
                # A loop over a tuple known at compile time: unrolled.
                if _jumps(node.body):
                    raise self.error(DeviceUnsupportedError, "break or continue in a loop "
                                     "over a tuple (which is unrolled)", node)
                for item in iterable.items:
                    self.assign(node.target, item)
                    if self.statements(node.body) is not None:
                        raise self.error(DeviceUnsupportedError, "a return inside a loop",
                                         node)
                return
            raise self.error(DeviceUnsupportedError, "device code loops over range(...) or "
                             "a tuple", iterator)
        if iterator.keywords or not 1 <= len(iterator.args) <= 3:
            raise self.error(DeviceSyntaxError, "range takes 1 to 3 arguments", iterator)
        bounds = [self.expr(a) for a in iterator.args]
        if len(bounds) == 1:
            bounds = [Const(0), bounds[0]]
        if len(bounds) == 2:
            bounds.append(Const(1))
        step = bounds[2]
        if not isinstance(node.target, ast.Name):
            raise self.error(DeviceSyntaxError, "the loop variable must be a name",
                             node.target)
        if not (isinstance(step, Const) and isinstance(step.obj, int) and step.obj > 0) or \
                _jumps(node.body):
            # (scf.for cannot stop early: a loop that breaks is a while.)
            return self.range_while(node, bounds)
        self.node = iterator
        lower, upper, step = (self.index_value(b, iterator, "a range() bound")
                              for b in bounds)
        variable = node.target.id
        assigned = self.assigned_names(node.body) - {variable}
        carried = self.carried(assigned, node)

        def trial():
            self.frame.names[variable] = self.op(
                "py.cast", [self.ir.result(self.emit("arith.constant", (),
                                                     [self.ir.index_type()],
                                                     {"value": self.ir.integer_attr(
                                                         self.ir.index_type(), 0)}))],
                self.py("int"))
            self.statements(node.body)
        carried = self.settle_types(carried, trial, node)
        body = self.ir.new_block([self.ir.index_type()] + [v.type for _, v in carried],
                                 [self.loc(node)] * (1 + len(carried)))
        outer, saved = self.block, dict(self.frame.names)
        self.block = body
        for i, (name, before) in enumerate(carried):
            self.frame.names[name] = self.wrap(self.ir.block_argument(body, i + 1), before.type)
        self.node = node.target
        self.frame.names[variable] = self.op("py.cast", [self.ir.block_argument(body, 0)],
                                             self.py("int"))
        if self.statements(node.body) is not None:
            raise self.error(DeviceUnsupportedError, "a return inside a loop", node)
        self.node = node
        yielded = [self.same_type(n, v, self.frame.names[n], node, "the loop").value
                   for n, v in carried]
        self.ir.append(body, self.ir.create("scf.yield", self.loc(node), yielded))
        self.block = outer
        names = saved
        operation = self.emit("scf.for", [lower, upper, step] + [v.value for _, v in carried],
                              [v.type for _, v in carried],
                              regions=[self.ir.new_region([body])])
        for i, (name, before) in enumerate(carried):
            names[name] = self.wrap(self.ir.result(operation, i), before.type)
        self.frame.names = names

    def range_while(self, node, bounds):
        """`for v in range(start, stop, step)` with a step known only at run
        time (or negative): a while loop over a hidden counter, counting up
        while step > 0 and the counter is below stop, down while step < 0
        and it is above (a zero step runs nothing)."""
        hidden = ["range %d %s" % (node.lineno, part) for part in ("i", "stop", "step")]
        for name, bound in zip(hidden, bounds):
            value = bound if isinstance(bound, Const) else self.value(bound, node,
                                                                      "a range() bound")
            if isinstance(value, Const):
                value = self.constant(value.obj, node)
            self.frame.names[name] = value

        def name(text, ctx=ast.Load):
            return ast.copy_location(ast.Name(text, ctx()), node)

        def compare(a, op, b):
            return ast.copy_location(ast.Compare(a, [op], [b]), node)

        zero = ast.copy_location(ast.Constant(0), node)
        counter, stop, step = hidden
        test = ast.copy_location(ast.BoolOp(ast.Or(), [
            ast.copy_location(ast.BoolOp(ast.And(), [
                compare(name(step), ast.Gt(), zero), compare(name(counter), ast.Lt(),
                                                             name(stop))]), node),
            ast.copy_location(ast.BoolOp(ast.And(), [
                compare(name(step), ast.Lt(), zero), compare(name(counter), ast.Gt(),
                                                             name(stop))]), node)]), node)
        # The counter steps as the iteration starts, so `continue` (which
        # skips the rest of the body) still moves on.
        body = [ast.copy_location(ast.Assign([ast.copy_location(
                    ast.Name(node.target.id, ast.Store()), node)], name(counter)), node),
                ast.copy_location(ast.AugAssign(name(counter, ast.Store), ast.Add(),
                                                name(step)), node)]
        body += node.body
        loop = ast.copy_location(ast.While(test, body, []), node)
        self.stmt_While(loop)
        for hidden_name in hidden:
            self.frame.names.pop(hidden_name, None)

    def stmt_While(self, node):
        if node.orelse:
            raise self.error(DeviceUnsupportedError, "while ... else", node)
        if _jumps(node.body):
            return self.while_with_jumps(node)
        assigned = self.assigned_names(node.body)
        carried = self.carried(assigned, node)

        def trial():
            self.to_i1(self.condition(node.test), node.test)
            self.statements(node.body)
        carried = self.settle_types(carried, trial, node)
        types = [v.type for _, v in carried]
        locations = [self.loc(node)] * len(types)
        outer, saved = self.block, dict(self.frame.names)
        before = self.ir.new_block(types, locations)
        self.block = before
        for i, (name, value) in enumerate(carried):
            self.frame.names[name] = self.wrap(self.ir.block_argument(before, i), value.type)
        condition = self.to_i1(self.condition(node.test), node.test)
        self.emit("scf.condition", [condition] + [self.ir.block_argument(before, i)
                                                 for i in range(len(types))])
        after = self.ir.new_block(types, locations)
        self.block = after
        for i, (name, value) in enumerate(carried):
            self.frame.names[name] = self.wrap(self.ir.block_argument(after, i), value.type)
        if self.statements(node.body) is not None:
            raise self.error(DeviceUnsupportedError, "a return inside a loop", node)
        self.node = node
        yielded = [self.same_type(n, v, self.frame.names[n], node, "the loop").value
                   for n, v in carried]
        self.emit("scf.yield", yielded)
        self.block, self.frame.names = outer, saved
        operation = self.emit("scf.while", [v.value for _, v in carried], types,
                              regions=[self.ir.new_region([before]),
                                       self.ir.new_region([after])])
        for i, (name, value) in enumerate(carried):
            self.frame.names[name] = self.wrap(self.ir.result(operation, i), value.type)

    def while_with_jumps(self, node):
        """A while loop whose body breaks or continues: two hidden flags, the
        loop's test checking the first, each jump setting one, and the
        statements after a statement that may jump running only when
        neither is set."""
        broken, skipped = ("break %d:%d" % (node.lineno, node.col_offset),
                           "continue %d:%d" % (node.lineno, node.col_offset))

        def at(tree):
            return ast.fix_missing_locations(ast.copy_location(tree, node))

        def flag(name, value):
            return at(ast.Assign([ast.Name(name, ast.Store())], ast.Constant(value)))

        def rewrite(body):
            out = []
            for i, statement in enumerate(body):
                if isinstance(statement, (ast.Break, ast.Continue)):
                    out.append(flag(broken if isinstance(statement, ast.Break) else skipped,
                                    True))
                    return out  # what follows is unreachable
                if isinstance(statement, ast.If) and _jumps([statement]):
                    statement = ast.copy_location(ast.If(statement.test,
                                                         rewrite(statement.body),
                                                         rewrite(statement.orelse)),
                                                  statement)
                out.append(statement)
                if _jumps([statement]) or any(isinstance(n, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id in (broken, skipped)
                        for t in n.targets) for n in ast.walk(statement)):
                    rest = rewrite(body[i + 1:])
                    if rest:
                        out.append(at(ast.If(ast.UnaryOp(ast.Not(), ast.BoolOp(ast.Or(), [
                            ast.Name(broken, ast.Load()), ast.Name(skipped, ast.Load())])),
                            rest, [])))
                    return out
            return out

        self.stmt_Assign(flag(broken, False))
        test = at(ast.BoolOp(ast.And(), [ast.UnaryOp(ast.Not(), ast.Name(broken, ast.Load())),
                                         node.test]))
        body = [flag(skipped, False)] + rewrite(node.body)
        self.stmt_While(ast.copy_location(ast.While(test, body, []), node))
        self.frame.names.pop(broken, None)
        self.frame.names.pop(skipped, None)

    def stmt_Break(self, node):
        raise self.error(DeviceSyntaxError, "break outside a loop", node)

    def stmt_Continue(self, node):
        raise self.error(DeviceSyntaxError, "continue outside a loop", node)

    # -- expressions ------------------------------------------------------------------
    def expr(self, node):
        saved = self.node
        self.node = node
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            raise self.error(DeviceUnsupportedError, "%s expressions are not supported in "
                             "device code" % type(node).__name__, node)
        result = method(node)
        self.node = saved
        return result

    def expr_Constant(self, node):
        if isinstance(node.value, str):
            return Const(node.value)
        return Const(node.value)

    def lookup(self, name, node):
        if name in self.frame.names:
            value = self.frame.names[name]
            if isinstance(value, _Unjoined):
                raise value.error
            return value
        source = self.frame.source
        if name in source.closure:
            return self.captured(source.closure[name], name, node)
        if name in source.globals:
            return self.captured(source.globals[name], name, node)
        if hasattr(builtins, name):
            return Const(getattr(builtins, name))
        raise self.error(DeviceTypeError, "name '%s' is not defined" % name, node)

    def captured(self, obj, name, node):
        """A global or closure variable as a constant expression (cuda-device
        spec, "Constant Expressions"). A NumPy scalar is a number of its
        dtype; in the numba spelling, a NumPy array is frozen into constant
        memory when the kernel compiles, as numba does (`cuda.const.
        array_like` of it)."""
        kind = type(obj)
        if hasattr(kind, "__cuda_array_interface__") or \
                "__cuda_array_interface__" in (getattr(obj, "__dict__", None) or {}) or (
                hasattr(kind, "__dlpack__") and not hasattr(kind, "__array_interface__")):
            raise self.error(DeviceUnsupportedError, "'%s' is a device array of a global or "
                             "closure variable; cudapy does not capture device arrays (numba "
                             "bakes their address into the kernel): pass it as an argument"
                             % name, node)
        if type(obj).__module__ == "numpy":
            dtype = _types.number_type(getattr(obj, "dtype", None))
            if dtype is not None and getattr(obj, "ndim", None) == 0:
                return Const(_types.Fixed(dtype, obj.item()))
            if self.module.policy == _NUMBAPRO and hasattr(obj, "__array_interface__"):
                from . import _simt
                return _simt.const_array(self, Const(obj), node, name)
        return Const(obj)

    def expr_Name(self, node):
        value = self.lookup(node.id, node)
        if isinstance(value, Const) and isinstance(value.obj, _api.DeviceObject):
            self.use_device_only(value.obj._name, node)
            return Dim3Val(value.obj.op) if value.obj.dim3 else self.constant(value.obj, node)
        return value

    def expr_Tuple(self, node):
        return TupleVal(self.expr(e) for e in node.elts)

    def expr_Attribute(self, node):
        base = self.expr(node.value)
        name = node.attr
        if isinstance(base, Dim3Val):
            if name not in _DIMS:
                raise self.error(DeviceTypeError, "a Dim3 has .x, .y and .z, not .%s" % name,
                                 node)
            return self.op(base.op, (), self.py("int"), {"dim": self.enum(_DIMS[name])})
        if isinstance(base, Const):
            try:
                found = getattr(base.obj, name)
            except DeviceError:
                raise
            except AttributeError as why:
                raise self.error(DeviceTypeError, str(why), node)
            if isinstance(found, _api.DeviceObject):
                self.use_device_only(found._name, node)
                # warp_size, lane_id: read where they are named.
                return Dim3Val(found.op) if found.dim3 else self.constant(found, node)
            return Const(found)
        from ._values import StructRef
        if isinstance(base, StructRef):
            from . import _simt
            return _simt.atomic_member(self, base, name, node)
        if isinstance(base, AtomicVal):
            from . import _simt
            if name in _simt.ATOMIC_METHODS:
                return Method(base, name)
            if name == "dtype":
                return Const(self.dtype_of_text(str(base.dtype)))
        if isinstance(base, Val) and base.kind == "vector":
            if name in ("size",):
                return Const(base.ndim)
            if name == "dtype":
                return Const(base.dtype)
            if name in "xyzw" and len(name) == 1:
                index = "xyzw".index(name)
                if index >= base.ndim:
                    raise self.error(DeviceTypeError, "a vector of %d elements has no .%s "
                                     "(cuda-device spec, \"Vector.%s\")"
                                     % (base.ndim, name, name), node)
                return self.vector_item(base, Const(index), node)
        if isinstance(base, Val) and base.kind == "struct":
            field = base.dtype.field_type(name)
            method = getattr(base.dtype.cls, name, None) if field is None else None
            if method is not None:
                from ._kernel import func as func_class
                if not isinstance(method, func_class):
                    raise self.error(DeviceTypeError, "method %s of @struct %s is not a @func "
                                     "function (device code calls @func methods)"
                                     % (name, base.dtype.name), node)
                return Method(base, name)
            if field is None:
                raise self.error(DeviceTypeError, "@struct %s has no field '%s'"
                                 % (base.dtype.name, name), node)
            if isinstance(field, _types.Atomic):
                raise self.error(DeviceTypeError, "Atomic member %s of a @struct value: an "
                                 "Atomic is reached in memory, through atomic_ref(array, "
                                 "index).%s" % (name, name), node)
            return self.op("py.struct.getattr", [base], self.dtype_type(field, node),
                           {"field": self.ir.string_attr(name)})
        if isinstance(base, Val) and base.kind == "array" and name in ("view", "reshape",
                                                                        "astype"):
            return Method(base, name)
        if isinstance(base, Val) and base.kind == "number" and name in ("real", "imag"):
            part = _ir.py_complex_part_type(base.type)
            if part:
                return self.op("py.complex." + name, [base], part)
            # A real number's real part is itself, its imaginary part zero.
            if name == "real":
                return base
            return self.cast(Const(0), base.type, node)
        if isinstance(base, Val) and base.kind == "array":
            if name == "ndim":
                return Const(base.ndim)
            if name == "dtype":
                return Const(base.dtype)
            if name == "size":
                return self.op("py.array.size", [base], self.ir.int_type(64, True))
            if name in ("shape", "strides"):
                entries = self.ir.tuple_type([self.ir.int_type(64, True)] * base.ndim)
                whole = self.op("py.array." + name, [base], entries)
                return TupleVal(self.op("py.tuple.getitem", [whole], self.ir.int_type(64, True),
                                        {"index": self.ir.i64_attr(d)})
                                for d in range(base.ndim))
        raise self.error(DeviceTypeError, "%s has no attribute '%s' in device code"
                         % (base.describe(), name), node)

    def expr_BinOp(self, node):
        op = _BINARY.get(type(node.op))
        if op is None:
            raise self.error(DeviceUnsupportedError, "operator %s" % type(node.op).__name__,
                             node)
        return self.binary(op, self.expr(node.left), self.expr(node.right), node)

    def binary(self, op, lhs, rhs, node):
        from ._target import TargetDescription
        if isinstance(lhs, Const) and isinstance(lhs.obj, TargetDescription) and \
                isinstance(rhs, Const) and op in ("and", "or"):
            try:
                return Const(_PY_BINARY[op](lhs.obj, rhs.obj))
            except TypeError as why:
                raise self.error(DeviceTypeError, str(why), node)
        if isinstance(lhs, Const) and isinstance(rhs, Const) and _is_number(lhs.obj) and \
                _is_number(rhs.obj):
            try:
                result = _PY_BINARY[op](lhs.obj, rhs.obj)
            except (ArithmeticError, ValueError) as why:
                raise self.error(DeviceValueError, str(why), node)
            except TypeError as why:  # 1 ^ 2.5, say: Python's own error
                raise self.error(DeviceTypeError, str(why), node)
            return Const(result)
        lhs, rhs = self.value(lhs, node), self.value(rhs, node)
        try:
            _, result = _ir.py_binary(self.module.policy, op, lhs.type, rhs.type)
        except ValueError as why:
            raise self.error(DeviceTypeError, str(why), node)
        attributes = {"policy": self.enum(1)} if self.module.policy == 1 else None
        return self.op("py." + op, [lhs, rhs], result, attributes)

    def compare(self, op, lhs, rhs, node):
        if isinstance(lhs, Const) and isinstance(rhs, Const) and _is_number(lhs.obj) and \
                _is_number(rhs.obj):
            try:
                return Const(_PY_BINARY[op](lhs.obj, rhs.obj))
            except TypeError as why:  # complex numbers have no order
                raise self.error(DeviceTypeError, str(why), node)
        lhs, rhs = self.value(lhs, node), self.value(rhs, node)
        try:
            _, result = _ir.py_binary(self.module.policy, op, lhs.type, rhs.type)
        except ValueError as why:
            raise self.error(DeviceTypeError, str(why), node)
        attributes = {"predicate": self.enum(_PREDICATES[op])}
        if self.module.policy == 1:
            attributes["policy"] = self.enum(1)
        return self.op("py.cmp", [lhs, rhs], result, attributes)

    def expr_Compare(self, node):
        left = self.expr(node.left)
        result = None
        for operator, right_node in zip(node.ops, node.comparators):
            op = _COMPARE.get(type(operator))
            right = self.expr(right_node)
            if isinstance(operator, (ast.Is, ast.IsNot)):
                # Only None has one object: `x is None` is known from x's type.
                if not any(isinstance(v, Const) and v.obj is None for v in (left, right)):
                    raise self.error(DeviceUnsupportedError, "'is' in device code compares "
                                     "with None only", node)
                other = right if isinstance(left, Const) and left.obj is None else left
                none = (isinstance(other, Const) and other.obj is None) or \
                    (isinstance(other, Val) and str(other.type) == "!py.none")
                step = Const(none == isinstance(operator, ast.Is))
            elif op is None:
                raise self.error(DeviceUnsupportedError, "operator %s"
                                 % type(operator).__name__, node)
            else:
                step = self.compare(op, left, right, node)
            result = step if result is None else self.logical("and", result, step, node)
            left = right
        return result

    def logical(self, op, a, b, node):
        """`a and b`, `a or b` of conditions: both evaluated (device code has
        no side effects in conditions the spec requires to be skipped)."""
        if isinstance(a, Const) and isinstance(b, Const):
            return Const(a.obj and b.obj if op == "and" else a.obj or b.obj)
        a = self.to_bool(a, node)
        b = self.to_bool(b, node)
        return self.binary(op, a, b, node)

    def to_bool(self, value, node):
        if isinstance(value, Const):
            return Const(bool(value.obj))
        value = self.value(value, node)
        if str(value.type) in ("!py.bool", "i1"):
            return value
        return self.compare("ne", value, Const(0), node)

    def condition(self, node):
        """An expression evaluated for its truth (an if's, a while's, a
        conditional expression's test, `not`'s operand): an `and`/`or` there
        may take operands of any type."""
        self.truth_nodes.add(id(node))
        return self.expr(node)

    def boolean_operand(self, value, node, truth):
        """`and`/`or` give their operands' truth: right for a condition and
        for bool operands; Python's value (the deciding operand) differs for
        other operands used as values, which are refused."""
        if truth:
            return
        is_bool = (isinstance(value, Const) and isinstance(value.obj, bool)) or \
            (isinstance(value, Val) and str(value.type) in ("i1", "!py.bool"))
        if not is_bool:
            raise self.error(DeviceUnsupportedError, "`and`/`or` of %s used as a value "
                             "(Python would give one of the operands); compare it, or use "
                             "`a if c else b`" % value.describe(), node)

    def expr_BoolOp(self, node):
        """`a and b`, `a or b`: Python's short circuit (b is evaluated only
        when a does not decide: `i < n and x[i] > 0` never reads x[n]), as
        an scf.if yielding the truth (an i1)."""
        op = "and" if isinstance(node.op, ast.And) else "or"
        truth = id(node) in self.truth_nodes
        if truth:
            self.truth_nodes.update(id(v) for v in node.values)
        result = self.expr(node.values[0])
        self.boolean_operand(result, node.values[0], truth)
        for value_node in node.values[1:]:
            if isinstance(result, Const):
                # A constant decides at compile time.
                if (op == "and") != bool(result.obj):
                    continue  # `False and …`, `True or …`: the result stands
                result = self.expr(value_node)
                self.boolean_operand(result, value_node, truth)
                continue
            first = self.to_i1(result, node)
            outer = self.block
            decided = self.ir.new_block()
            self.block = decided
            constant = self.ir.result(self.emit("arith.constant", (), [self.ir.int_type(1)], {
                "value": self.ir.integer_attr(self.ir.int_type(1), 0 if op == "and" else 1)}))
            self.emit("scf.yield", [constant])
            evaluated = self.ir.new_block()
            self.block = evaluated
            second_value = self.expr(value_node)
            self.boolean_operand(second_value, value_node, truth)
            second = self.to_i1(second_value, value_node)
            self.emit("scf.yield", [second])
            self.block = outer
            regions = [evaluated, decided] if op == "and" else [decided, evaluated]
            operation = self.emit("scf.if", [first], [self.ir.int_type(1)],
                                  regions=[self.ir.new_region([b]) for b in regions])
            result = self.wrap(self.ir.result(operation), self.ir.int_type(1))
        return result

    def expr_UnaryOp(self, node):
        operand = self.condition(node.operand) if isinstance(node.op, ast.Not) else \
            self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            if isinstance(operand, Const):
                return Const(not operand.obj)
            return self.compare("eq", self.to_bool(operand, node), Const(False), node)
        op = _UNARY[type(node.op)]
        from ._target import TargetDescription
        if isinstance(operand, Const) and isinstance(operand.obj, TargetDescription) and \
                op == "invert":
            return Const(~operand.obj)
        if isinstance(operand, Const) and _is_number(operand.obj):
            return Const({"neg": lambda x: -x, "pos": lambda x: +x,
                          "invert": lambda x: ~x}[op](operand.obj))
        return self.unary(op, operand, node)

    def unary(self, op, operand, node):
        operand = self.value(operand, node)
        try:
            result = _ir.py_unary(op, operand.type)
        except ValueError as why:
            raise self.error(DeviceTypeError, str(why), node)
        return self.op("py." + op, [operand], result)

    def expr_IfExp(self, node):
        condition = self.condition(node.test)
        if isinstance(condition, Const):
            return self.expr(node.body if condition.obj else node.orelse)
        i1 = self.to_i1(condition, node.test)
        outer = self.block
        values, blocks = [], []
        for branch in (node.body, node.orelse):
            self.block = self.ir.new_block()
            values.append(self.value(self.expr(branch), branch))
            blocks.append(self.block)
        self.block = outer
        if not _ir.types_equal(values[0].type, values[1].type):
            # The type both promote to, converted in each branch.
            try:
                common, _ = _ir.py_binary(self.module.policy, "add", values[0].type,
                                          values[1].type)
            except ValueError:
                raise self.error(DeviceTypeError, "the branches of a conditional expression "
                                 "are %s and %s, which do not promote"
                                 % (values[0].type, values[1].type), node)
            for k in range(2):
                self.block = blocks[k]
                values[k] = self.cast(values[k], common, node)
            self.block = outer
        for block, value in zip(blocks, values):
            self.ir.append(block, self.ir.create("scf.yield", self.loc(node), [value.value]))
        operation = self.emit("scf.if", [i1], [values[0].type],
                              regions=[self.ir.new_region([b]) for b in blocks])
        return self.wrap(self.ir.result(operation), values[0].type)

    # -- arrays ---------------------------------------------------------------------------
    def slice_value(self, item):
        """`start:stop:step` as a py.slice (None parts as py.none)."""
        parts = []
        for part in (item.lower, item.upper, item.step):
            if part is None:
                parts.append(self.constant(None, item))
                continue
            value = self.value(self.expr(part), part, "a slice bound")
            text = str(value.type)
            if not (text in ("!py.int", "!py.none") or text.startswith(("si", "ui"))):
                raise self.error(DeviceTypeError, "slice bounds are integers or None, not %s"
                                 % value.type, part)
            parts.append(value)
        if isinstance(item.step, ast.Constant) and item.step.value == 0:
            raise self.error(DeviceValueError, "a slice step cannot be zero", item)
        return self.op("py.slice", parts, self.py("slice"))

    def indices(self, node):
        items = node.elts if isinstance(node, ast.Tuple) else [node]
        result = []
        for item in items:
            if isinstance(item, ast.Slice):
                result.append(self.slice_value(item))
                continue
            value = self.expr(item)
            if isinstance(value, TupleVal):
                result.extend(value.items)
            else:
                result.append(value)
        return result

    def vector_item(self, vector, index, node):
        """`v[i]`, `v.x`: py.vector.getitem (a constant index must be below
        the size: cuda-device spec, "Vector.__getitem__")."""
        operand = self.vector_index(vector, index, node, "Vector.__getitem__")
        return self.op("py.vector.getitem", [vector, operand],
                       self.dtype_type(vector.dtype, node))

    def vector_index(self, vector, index, node, rule):
        """An index of `vector` (a constant one below its size: the spec's
        `rule`)."""
        from ._simt import hinted
        hinted(self, index, "int32", node, "i", rule)
        if isinstance(index, Const) and isinstance(index.obj, int) and \
                not -vector.ndim <= index.obj < vector.ndim:
            raise self.error(DeviceValueError, "index %d of a vector of %d elements (cuda-"
                             "device spec, \"%s\": i < size)" % (index.obj, vector.ndim,
                                                                  rule), node)
        (operand,) = self.index_operands_of([index], node)
        return operand

    def vector_set(self, vector, index, value, node):
        """`v[i] = val`, `v.x = val`: a new vector (py.vector.setitem)."""
        operand = self.vector_index(vector, index, node, "Vector.__setitem__")
        value = self.value(value, node, "a vector element")
        element = self.dtype_type(vector.dtype, node)
        if not _ir.types_equal(value.type, element) and \
                not _ir.py_assignable(self.module.policy, value.type, element):
            raise self.error(DeviceTypeError, "a %s value is not assignable to a %s element "
                             "(cuda-device spec, \"Vector.__setitem__\")"
                             % (value.type, element), node)
        attributes = {"policy": self.enum(1)} if self.module.policy == 1 else None
        return self.op("py.vector.setitem", [vector, operand, value], vector.type, attributes)

    def subscript(self, array, indices, node):
        """`a[i, 1:n, ...]` with slices or fewer indices than dimensions: a
        view (py.array.subscript); integer indices drop their dimension."""
        if len(indices) > array.ndim:
            raise self.error(DeviceTypeError, "%s takes at most %d indices, not %d"
                             % (array.describe(), array.ndim, len(indices)), node)
        operands, dropped = [], 0
        for index in indices:
            if isinstance(index, Val) and str(index.type) == "!py.slice":
                operands.append(index)
                continue
            operands.extend(self.index_operands_of([index], node))
            dropped += 1
        ndim = array.ndim - dropped
        if ndim == 0:
            return self.op("py.array.getitem", [array] + operands,
                           self.dtype_type(array.dtype, node))
        type = self.ir.py_array_type(self.dtype_type(array.dtype, node), ndim, self.loc(node))
        return self.op("py.array.subscript", [array] + operands, type)

    def index_operands_of(self, indices, node):
        operands = []
        for index in indices:
            if isinstance(index, Const) and not (isinstance(index.obj, int) and
                                                 not isinstance(index.obj, bool)):
                raise self.error(DeviceTypeError, "an array index must be an integer, not "
                                 "%r" % (index.obj,), node)
            value = self.value(index, node, "an index")
            text = str(value.type)
            if not (text == "!py.int" or text.startswith(("si", "ui"))):
                raise self.error(DeviceTypeError, "an array index must be an integer, not "
                                 "%s" % value.type, node)
            operands.append(value)
        return operands

    def index_operands(self, array, indices, node):
        if len(indices) != array.ndim:
            raise self.error(DeviceUnsupportedError if len(indices) < array.ndim
                             else DeviceTypeError,
                             "%s takes %d indices, not %d" % (array.describe(), array.ndim,
                                                               len(indices)), node)
        return self.index_operands_of(indices, node)

    def expr_Subscript(self, node):
        base = self.expr(node.value)
        if isinstance(base, Val) and base.kind == "array":
            indices = self.indices(node.slice)
            if len(indices) != base.ndim or any(
                    isinstance(i, Val) and str(i.type) == "!py.slice" for i in indices):
                return self.subscript(base, indices, node)
            operands = self.index_operands(base, indices, node)
            from ._struct import StructType
            if isinstance(base.dtype, StructType) and any(
                    isinstance(t, _types.Atomic) for _, t in base.dtype.fields):
                # An element with Atomic members stays in memory (C++'s
                # std::atomic is not copied): a reference, whose Atomic
                # members and methods (`self`) reach it there.
                from ._values import StructRef
                return StructRef(base, operands, base.dtype)
            return self.op("py.array.getitem", [base] + operands,
                           self.dtype_type(base.dtype, node))
        index = self.expr(node.slice)
        if isinstance(base, Val) and base.kind == "vector":
            return self.vector_item(base, index, node)
        if isinstance(base, Val) and str(base.type) == "ui32":
            from . import _simt
            return _simt.warp_mask_item(self, base, index, node)
        if isinstance(base, TupleVal) and isinstance(index, Const) and \
                isinstance(index.obj, int):
            try:
                return base.items[index.obj]
            except IndexError:
                raise self.error(DeviceValueError, "tuple index %d out of range" % index.obj,
                                 node)
        if isinstance(base, Const) and isinstance(index, Const):
            try:
                return Const(base.obj[index.obj])
            except (IndexError, KeyError, TypeError) as why:
                raise self.error(DeviceTypeError, str(why), node)
        raise self.error(DeviceTypeError, "%s cannot be indexed here" % base.describe(), node)

    def setitem(self, array, indices, value, node):
        operands = self.index_operands(array, indices, node)
        value = self.value(value, node, "a stored value")
        dtype = self.dtype_type(array.dtype, node)
        if not _ir.types_equal(value.type, dtype) and \
                not _ir.py_assignable(self.module.policy, value.type, dtype):
            raise self.error(DeviceTypeError, "a %s value is not assignable to an element of "
                             "%s under the %s promotion policy"
                             % (value.type, array.describe(),
                                "numbapro" if self.module.policy else "array_api"), node)
        attributes = {"policy": self.enum(1)} if self.module.policy == 1 else None
        self.emit("py.array.setitem", [value, array] + operands, [], attributes)

    # -- calls ------------------------------------------------------------------------------
    def expr_Lambda(self, node):
        return LambdaVal(node)

    def call_lambda(self, function, args, node):
        params = function.node.args
        if params.vararg or params.kwarg or params.kwonlyargs or params.defaults or \
                len(params.args) != len(args):
            raise self.error(DeviceTypeError, "the lambda takes %d arguments, %d given"
                             % (len(params.args), len(args)), node)
        saved = dict(self.frame.names)
        for param, arg in zip(params.args, args):
            self.frame.names[param.arg] = arg
        try:
            return self.expr(function.node.body)
        finally:
            self.frame.names = saved

    def common_type(self, values, node):
        """The type numbers of `values` promote to together (the py
        dialect's rules, pairwise)."""
        common = values[0].type
        for value in values[1:]:
            try:
                common, _ = _ir.py_binary(self.module.policy, "add", common, value.type)
            except ValueError as why:
                raise self.error(DeviceTypeError, str(why), node)
        return common

    def expr_Call(self, node):
        callee = self.expr(node.func)
        if any(k.arg is None for k in node.keywords) or \
                any(isinstance(a, ast.Starred) for a in node.args):
            raise self.error(DeviceUnsupportedError, "* and ** arguments in device code",
                             node)
        args = [self.expr(a) for a in node.args]
        kwargs = {k.arg: self.expr(k.value) for k in node.keywords}
        return self.call_value(callee, args, kwargs, node)

    def call_value(self, callee, args, kwargs, node):
        if isinstance(callee, Method) and isinstance(callee.receiver, Val) and \
                callee.receiver.kind == "struct":
            # A @func method of a @struct value: called with the value as self.
            if kwargs:
                raise self.error(DeviceUnsupportedError, "keyword arguments to a @func "
                                 "function", node)
            method = getattr(callee.receiver.dtype.cls, callee.name)
            return self.call_func(method, [callee.receiver] + list(args), node)
        if isinstance(callee, Method) and isinstance(callee.receiver, Val):
            return self.array_method(callee.receiver, callee.name, args, kwargs, node)
        from ._values import StructRef
        if isinstance(callee, Method) and isinstance(callee.receiver, StructRef):
            # A @func method of a struct in memory: `self` is the reference.
            if kwargs:
                raise self.error(DeviceUnsupportedError, "keyword arguments to a @func "
                                 "function", node)
            method = getattr(callee.receiver.struct.cls, callee.name)
            return self.call_func(method, [callee.receiver] + list(args), node)
        if isinstance(callee, Method):
            from . import _simt
            return _simt.atomic_method(self, callee.receiver, callee.name, args, kwargs, node)
        from ._struct import StructType
        if isinstance(callee, Const) and isinstance(callee.obj, StructType):
            return self.make_struct(callee.obj, args, kwargs, node)
        if isinstance(callee, Const) and isinstance(callee.obj, _types.VectorType):
            vector = callee.obj
            if kwargs or len(args) != vector.size:
                raise self.error(DeviceTypeError, "%s takes %d values, not %d (cuda-device "
                                 "spec, \"Vector.__init__\")" % (vector.name, vector.size,
                                                                  len(args)), node)
            values = [self.value(a, node, "a vector element") for a in args]
            return self.op("py.vector.make", values, vector.mlir_type(self.ir))
        if isinstance(callee, LambdaVal):
            if kwargs:
                raise self.error(DeviceTypeError, "keyword arguments to a lambda", node)
            return self.call_lambda(callee, args, node)
        if not isinstance(callee, Const):
            raise self.error(DeviceTypeError, "%s is not callable" % callee.describe(), node)
        function = callee.obj
        translate = _api.DEVICE_FUNCTIONS.get(id(function))
        if translate is not None:
            if id(function) in _api.DEVICE_ONLY:
                self.use_device_only(function.__name__, node)
            return translate(self, args, kwargs, node)
        from ._target import CONSTANT_FUNCTIONS
        if _hashable(function) and function in CONSTANT_FUNCTIONS:
            # Host functions of constant expressions (target descriptions).
            if kwargs or not all(isinstance(a, Const) for a in args):
                raise self.error(DeviceTypeError, "%s takes constant expressions"
                                 % function.__name__, node)
            try:
                return Const(function(*(a.obj for a in args)))
            except TypeError as why:
                raise self.error(DeviceTypeError, str(why), node)
        builtin = _BUILTINS.get(function) if _hashable(function) else None
        if builtin is not None:
            return builtin(self, args, kwargs, node)
        if _hashable(function) and function in _MATH:
            return self.math_function(_MATH[function], args, kwargs, node)
        ufunc = _numpy_ufunc(function)
        if ufunc is not None:
            return self.numpy_ufunc(function, ufunc, args, kwargs, node)
        if isinstance(function, _types.NumberType):
            if len(args) != 1 or kwargs:
                raise self.error(DeviceTypeError, "%s() takes one argument" % function.name,
                                 node)
            if isinstance(args[0], Const) and _is_number(args[0].obj):
                try:
                    return self.constant(_types.Fixed(function, args[0].obj), node)
                except (TypeError, ValueError) as why:
                    raise self.error(DeviceValueError, str(why), node)
            return self.cast(args[0], function.mlir_type(self.ir), node)
        from ._kernel import declare, func as func_class, kernel as kernel_class
        if isinstance(function, declare):
            if kwargs:
                raise self.error(DeviceUnsupportedError, "keyword arguments to a foreign "
                                 "function", node)
            return self.call_foreign(function, args, node)
        if isinstance(function, kernel_class):
            raise self.error(DeviceTypeError, "a kernel is launched, not called (cuda-device "
                             "spec, \"Kernel Functions\")", node)
        if isinstance(function, func_class):
            if kwargs:
                raise self.error(DeviceUnsupportedError, "keyword arguments to a @func "
                                 "function", node)
            return self.call_func(function, args, node)
        raise self.error(DeviceTypeError, "%r cannot be called in device code: device code "
                         "calls @func functions and the device API (cuda-device spec, "
                         "\"Heterogeneous Functions\")" % (function,), node)

    def array_method(self, array, name, args, kwargs, node):
        """`a.view(dtype)`, `a.reshape(shape)`, `a.astype(dtype, copy=False)`
        (cuda-device spec, "Arrays": the calls that do not allocate)."""
        if name == "reshape":
            if kwargs:
                raise self.error(DeviceTypeError, "reshape takes the new shape", node)
            shape = args[0] if len(args) == 1 else TupleVal(args)
            extents = list(shape.items) if isinstance(shape, TupleVal) else \
                list(shape.obj) if isinstance(shape, Const) and isinstance(shape.obj, tuple) \
                else [shape]
            operands = self.index_operands_of(extents, node)
            type = self.ir.py_array_type(self.dtype_type(array.dtype, node), len(extents),
                                         self.loc(node))
            return self.op("py.array.reshape", [array] + operands, type)
        if name == "astype":
            copy = kwargs.pop("copy", Const(True))
            if kwargs or len(args) != 1:
                raise self.error(DeviceTypeError, "astype takes a dtype and copy=False", node)
            if not (isinstance(copy, Const) and copy.obj is False):
                raise self.error(DeviceUnsupportedError, "astype copies unless copy=False "
                                 "(cuda-device spec, \"Arrays\": no allocation in device "
                                 "code)", node)
            dtype = self.number_dtype(args[0].obj) if isinstance(args[0], Const) else None
            if dtype is None:
                raise self.error(DeviceTypeError, "astype takes a dtype", node)
            type = self.ir.py_array_type(self.dtype_type(dtype, node), array.ndim,
                                         self.loc(node))
            return self.op("py.array.astype", [array], type)
        if len(args) != 1 or kwargs or not isinstance(args[0], Const):
            raise self.error(DeviceTypeError, "view takes one dtype", node)
        from ._struct import StructType
        dtype = args[0].obj
        if not isinstance(dtype, StructType):
            dtype = self.number_dtype(dtype)
        if dtype is None:
            raise self.error(DeviceTypeError, "view takes a number or @struct type, not %r"
                             % (args[0].obj,), node)
        type = self.ir.py_array_type(self.dtype_type(dtype, node), array.ndim, self.loc(node))
        if not type:
            self.check_diagnostics(node)
        return self.op("py.array.view", [array], type)

    def make_struct(self, struct, args, kwargs, node):
        """`S(a, b, field=c)`: a @struct value (py.struct.make), each field
        converted to its type."""
        names = [n for n, _ in struct.fields]
        if len(args) > len(names):
            raise self.error(DeviceTypeError, "@struct %s has %d fields, %d values given"
                             % (struct.name, len(names), len(args)), node)
        values = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names or key in values:
                raise self.error(DeviceTypeError, "@struct %s: unknown or repeated field '%s'"
                                 % (struct.name, key), node)
            values[key] = value
        missing = [n for n in names if n not in values]
        if missing:
            raise self.error(DeviceTypeError, "@struct %s needs %s" % (struct.name,
                                                                     ", ".join(missing)), node)
        operands = []
        for field, field_type in struct.fields:
            target = self.dtype_type(field_type, node)
            value = self.value(values[field], node, "field %s" % field)
            if not _ir.types_equal(value.type, target):
                if not _ir.py_assignable(self.module.policy, value.type, target):
                    raise self.error(DeviceTypeError, "a %s value is not assignable to field "
                                     "%s (%s) of @struct %s" % (value.type, field, target,
                                                                 struct.name), node)
                value = self.cast(value, target, node)
            operands.append(value)
        return self.op("py.struct.make", operands, self.dtype_type(struct, node))

    def math_function(self, name, args, kwargs, node):
        """`math.<name>(...)`: simt.math, its operands floats of one type
        (ints convert as Python converts them, to float; ldexp's exponent
        stays an integer)."""
        arity = 2 if name in _MATH_BINARY else 1
        if len(args) != arity or kwargs:
            raise self.error(DeviceTypeError, "math.%s takes %d arguments" % (name, arity),
                             node)
        values = [self.value(a, node, "an argument of math.%s" % name) for a in args]
        floats = values if name != "ldexp" else values[:1]
        for i, value in enumerate(floats):
            text = str(value.type)
            if text == "!py.int" or text == "!py.bool" or text.startswith(("si", "ui", "i")):
                floats[i] = self.cast(value, self.py("float"), node)
        common = self.common_type(floats, node)
        floats = [self.cast(v, common, node) for v in floats]
        operands = floats + values[len(floats):]
        result = self.py("bool") if name in ("isfinite", "isinf", "isnan") else common
        return self.op("simt.math", operands, result,
                       {"function": self.enum(_MATH_FUNCTIONS.index(name))})

    def numpy_ufunc(self, function, name, args, kwargs, node):
        """A NumPy ufunc called in device code (numba's spelling): on
        numbers, the math function of the same meaning; with an output array
        (`np.sin(x, r)`, `out=r`), a loop over its elements, each input an
        array of the output's shape or a number."""
        nin = function.nin
        out = kwargs.pop("out", None)
        if kwargs or not nin <= len(args) <= nin + 1 or (out is not None and
                                                          len(args) > nin):
            raise self.error(DeviceTypeError, "numpy.%s takes %d inputs and an optional "
                             "output array" % (function.__name__, nin), node)
        if len(args) > nin:
            out = args[nin]
        inputs = args[:nin]
        call = _BUILTINS[abs] if name == "abs" else \
            (lambda tr, a, k, n: tr.math_function(name, a, k, n))
        if out is None:
            if any(isinstance(a, Val) and a.kind == "array" for a in inputs):
                raise self.error(DeviceUnsupportedError, "numpy.%s of arrays in device code "
                                 "needs an output array (no allocation)" % function.__name__,
                                 node)
            return call(self, list(inputs), {}, node)
        if not (isinstance(out, Val) and out.kind == "array"):
            raise self.error(DeviceTypeError, "the output of numpy.%s is an array, not %s"
                             % (function.__name__, out.describe()), node)
        # Nested loops over the output's shape, as hidden names in an AST.
        hidden = ["ufunc %d:%d %d" % (node.lineno, node.col_offset, k)
                  for k in range(len(inputs) + 1)]
        for key, value in zip(hidden, [out] + list(inputs)):
            if isinstance(value, Val) and value.kind == "array" and value.ndim != out.ndim:
                raise self.error(DeviceTypeError, "numpy.%s in device code takes arrays of "
                                 "the output's rank" % function.__name__, node)
            self.frame.names[key] = value
        self.frame.names[hidden[0] + " f"] = Const(function)
        counters = ["%s i%d" % (hidden[0], d) for d in range(out.ndim)]

        def at(tree):
            return ast.fix_missing_locations(ast.copy_location(tree, node))

        def load(text):
            return ast.Name(text, ast.Load())

        def element(key, value):
            if isinstance(value, Val) and value.kind == "array":
                index = [load(c) for c in counters]
                return ast.Subscript(load(key), ast.Tuple(index, ast.Load())
                                     if len(index) > 1 else index[0], ast.Load())
            return load(key)

        body = [at(ast.Assign([ast.Subscript(load(hidden[0]), ast.Tuple(
            [load(c) for c in counters], ast.Load()) if len(counters) > 1 else
            load(counters[0]), ast.Store())], ast.Call(load(hidden[0] + " f"), [
                element(k, v) for k, v in zip(hidden[1:], inputs)], [])))]
        for d in reversed(range(out.ndim)):
            extent = ast.Subscript(ast.Attribute(load(hidden[0]), "shape", ast.Load()),
                                   ast.Constant(d), ast.Load())
            body = [at(ast.For(ast.Name(counters[d], ast.Store()),
                               ast.Call(ast.Name("range", ast.Load()), [extent], []),
                               body, []))]
        try:
            self.statements(body)
        finally:
            for key in hidden + [hidden[0] + " f"] + counters:
                self.frame.names.pop(key, None)
        return Const(None)

    def select(self, i1, a, b):
        """`a if i1 else b` of two Vals of one type (scf.if: the py types
        have no select of their own)."""
        blocks = []
        for value in (a, b):
            block = self.ir.new_block()
            self.ir.append(block, self.ir.create("scf.yield", self.loc(), [value.value]))
            blocks.append(block)
        operation = self.emit("scf.if", [i1], [a.type],
                              regions=[self.ir.new_region([b]) for b in blocks])
        return self.wrap(self.ir.result(operation), a.type)

    def cast(self, value, type, node):
        value = self.value(value, node, "a converted value")
        if _ir.types_equal(value.type, type):
            return value
        if not _ir.py_castable(value.type, type):
            raise self.error(DeviceTypeError, "cannot convert %s to %s" % (value.type, type),
                             node)
        return self.op("py.cast", [value], type)

    def call_foreign(self, function, args, node):
        """A call of a declared foreign function: a private interop
        py.func declaration (the extern "C" ABI), its arguments converted to
        its parameter types as a C call converts them."""
        params, results = function.signature(self.ir)
        if len(args) != len(params):
            raise self.error(DeviceTypeError, "%s takes %d arguments, %d given"
                             % (function.name, len(params), len(args)), node)
        operands = []
        for position, (arg, type, declared) in enumerate(zip(args, params, function.params)):
            if isinstance(declared, _types.ArrayType):
                # An array travels as its interoperable array descriptor: an
                # array of exactly the declared dtype and rank.
                if not (isinstance(arg, Val) and arg.kind == "array" and
                        _ir.types_equal(arg.type, type)):
                    raise self.error(DeviceTypeError, "argument %d of %s is a %s array, not "
                                     "%s" % (position, function.name, declared.name,
                                             arg.describe()), node)
                operands.append(arg)
            else:
                operands.append(self.cast(arg, type, node))
        known = self.module.foreign.get(function.name)
        if known is None:
            if any(f is not None and getattr(f, "__name__", None) == function.name
                   for f, _ in self.module.functions):
                raise self.error(DeviceTypeError, "%s is both a foreign function and an "
                                 "interoperable @func" % function.name, node)
            attributes = {
                "sym_name": self.ir.string_attr(function.name),
                "sym_visibility": self.ir.string_attr("private"),
                "function_type": self.ir.type_attr(self.ir.function_type(params, results)),
                "interop": self.ir.unit_attr(),
            }
            if function.abi == "numba":
                attributes["numba_abi"] = self.ir.unit_attr()
            self.module.add(self.ir.create("py.func", self.loc(node), attributes=attributes,
                                           regions=[self.ir.new_region()]))
            self.module.foreign[function.name] = (function, params, results)
            self.module.add_links(function.link)
        elif known[0] is not function and (
                [str(t) for t in known[1]] != [str(t) for t in params] or
                [str(t) for t in known[2]] != [str(t) for t in results] or
                known[0].abi != function.abi):
            raise self.error(DeviceTypeError, "%s is declared twice with different "
                             "signatures" % function.name, node)
        operation = self.emit("py.call", operands, results,
                              {"callee": self.ir.symbol_ref_attr(function.name)})
        if not results:
            return Const(None)
        return self.wrap(self.ir.result(operation), results[0])

    def call_func(self, function, args, node):
        types, operands = [], []
        flags = function._constexpr()
        if len(args) != len(flags):
            raise self.error(DeviceTypeError, "%s takes %d arguments, %d given"
                             % (function.__name__, len(flags), len(args)), node)
        for i, arg in enumerate(args):
            if flags[i]:
                # A ConstExpr parameter: the function is made for the value.
                if not (isinstance(arg, Const) and _types.constant_value(arg.obj)):
                    raise self.error(DeviceTypeError, "argument %d of %s is a ConstExpr "
                                     "parameter: it takes a constant expression, not %s "
                                     "(cuda-device spec, \"Constant Expressions\")"
                                     % (i, function.__name__, arg.describe()), node)
                types.append(arg)
                continue
            if isinstance(arg, Const) and not _is_number(arg.obj) and \
                    not isinstance(arg.obj, _types.Fixed):
                raise self.error(DeviceTypeError, "argument %d of %s is not heterogeneous: "
                                 "%r" % (i, function.__name__, arg.obj), node)
            if isinstance(arg, Dim3Val):
                raise self.error(DeviceTypeError, "a Dim3 is not an argument; pass its .x, "
                                 ".y or .z", node)
            from ._values import StructRef
            if isinstance(arg, StructRef):
                # A reference to a struct in memory: its array and indices.
                types.append(_RefParam(arg.array, arg.operands, arg.struct))
                operands.extend([arg.array] + list(arg.operands))
                continue
            value = self.value(arg, node, "an argument")  # a tuple: py.tuple.make
            types.append(value.type)
            operands.append(value)
        symbol, results = self.module.function(function, types, self, node)
        operation = self.emit("py.call", operands, results,
                              {"callee": self.ir.symbol_ref_attr(symbol)})
        if not results:
            return Const(None)
        result = self.wrap(self.ir.result(operation), results[0])
        if str(results[0]).startswith("tuple<"):
            return TupleVal(self.op("py.tuple.getitem", [result], t,
                                    {"index": self.ir.i64_attr(i)})
                            for i, t in enumerate(self.tuple_types[str(results[0])]))
        return result


def _bools(a, b):
    """Whether both types are truth values (a comparison's i1, a bool)."""
    return str(a) in ("i1", "!py.bool") and str(b) in ("i1", "!py.bool")


def _jumps(statements):
    """Whether `statements` break or continue the loop they are in (not a
    loop inside them)."""
    work = list(statements)
    while work:
        statement = work.pop()
        if isinstance(statement, (ast.Break, ast.Continue)):
            return True
        if isinstance(statement, (ast.For, ast.While, ast.FunctionDef, ast.Lambda,
                                  ast.ClassDef)):
            work.extend(statement.orelse if isinstance(statement, (ast.For, ast.While))
                        else [])
            continue
        work.extend(n for n in ast.iter_child_nodes(statement) if isinstance(n, ast.stmt))
    return False


class _RefParam:
    """A parameter that is a reference to a struct in memory (`self` of a
    method of a struct with Atomic members): the array's and the indices'
    block arguments."""

    __slots__ = ("types", "struct")

    def __init__(self, array, operands, struct):
        self.types = [array.type] + [o.type for o in operands]
        self.struct = struct

    def __str__(self):
        return "ref " + ", ".join(str(t) for t in self.types)


class _Unjoined:
    """A name the branches of an if gave values that cannot be joined: the
    error reading it raises (made at the if)."""

    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


_PY_BINARY = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "truediv": lambda a, b: a / b, "floordiv": lambda a, b: a // b,
    "mod": lambda a, b: a % b, "pow": _jit.constant_power, "and": lambda a, b: a & b,
    "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b, "lshift": _jit.constant_lshift,
    "rshift": lambda a, b: a >> b, "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b}


def _len(tr, args, kwargs, node):
    if len(args) != 1 or kwargs:
        raise tr.error(DeviceTypeError, "len() takes one argument", node)
    value = args[0]
    if isinstance(value, TupleVal):
        return Const(len(value.items))
    if isinstance(value, Const):
        return Const(len(value.obj))
    if isinstance(value, Val) and value.kind == "array":
        return tr.op("py.len", [value], tr.py("int"))
    if isinstance(value, Val) and value.kind == "vector":
        return Const(value.ndim)
    raise tr.error(DeviceTypeError, "len() of %s" % value.describe(), node)


def _abs(tr, args, kwargs, node):
    if len(args) != 1 or kwargs:
        raise tr.error(DeviceTypeError, "abs() takes one argument", node)
    if isinstance(args[0], Const) and _is_number(args[0].obj):
        return Const(abs(args[0].obj))
    return tr.unary("abs", args[0], node)


def _minmax(which):
    def translate(tr, args, kwargs, node):
        if len(args) < 2 or kwargs:
            raise tr.error(DeviceTypeError, "%s() takes two or more numbers" % which, node)
        result = args[0]
        for other in args[1:]:
            if isinstance(result, Const) and isinstance(other, Const):
                result = Const(min(result.obj, other.obj) if which == "min"
                               else max(result.obj, other.obj))
                continue
            a, b = tr.value(result, node), tr.value(other, node)
            try:
                operand, _ = _ir.py_binary(tr.module.policy, "lt", a.type, b.type)
            except ValueError as why:
                raise tr.error(DeviceTypeError, str(why), node)
            a, b = tr.cast(a, operand, node), tr.cast(b, operand, node)
            picks_b = tr.compare("lt" if which == "min" else "gt", b, a, node)
            i1 = tr.to_i1(picks_b, node)
            result = tr.select(i1, b, a)
        return result
    return translate


def _number(kind):
    def translate(tr, args, kwargs, node):
        if len(args) != 1 or kwargs:
            raise tr.error(DeviceTypeError, "%s() takes one argument" % kind.__name__, node)
        if isinstance(args[0], Const) and _is_number(args[0].obj):
            return Const(kind(args[0].obj))
        return tr.cast(args[0], tr.py(kind.__name__), node)
    return translate


def _print_value(tr, value, node):
    """The format pieces and values of one print() item: constants as their
    text, numbers in the conversion CUDA's printf reads them with (CUDA C++
    Programming Guide 7.34), complex numbers as (re+imj), tuples as
    tuples."""
    if isinstance(value, Const) and isinstance(value.obj, (str, bool, int, float)) \
            and not isinstance(value.obj, _types.Fixed):
        return str(value.obj).replace("%", "%%"), []
    if isinstance(value, TupleVal):
        texts, values = ["("], []
        for i, item in enumerate(value.items):
            text, more = _print_value(tr, item, node)
            texts.append((", " if i else "") + text)
            values.extend(more)
        texts.append(",)" if len(value.items) == 1 else ")")
        return "".join(texts), values
    value = tr.value(value, node, "a value to print")
    if value.kind != "number":
        raise tr.error(DeviceTypeError, "print() takes numbers, constants and tuples of "
                       "them, not %s" % value.describe(), node)
    if _ir.py_complex_part_type(value.type):
        real, imag = (tr.op("py.complex." + part, [value],
                            _ir.py_complex_part_type(value.type))
                      for part in ("real", "imag"))
        return "(%f%+fj)", [real, imag]
    text = str(value.type)
    if text in ("i1", "!py.bool"):
        return "%d", [value]
    if text == "!py.int" or text in ("si8", "si16", "si32"):
        return "%d", [value]
    if text in ("ui8", "ui16", "ui32"):
        return "%u", [value]
    if text == "si64":
        return "%lld", [value]
    if text == "ui64":
        return "%llu", [value]
    if text in ("f8E4M3FN", "f8E5M2"):
        value = tr.cast(value, tr.ir.float_type("f32"), node)
    return "%f", [value]


def _print(tr, args, kwargs, node):
    """print(*values, sep=' ', end='\\n') from each thread: one line in one
    simt.print, so that lines of different threads do not interleave."""
    unknown = sorted(set(kwargs) - {"sep", "end"})
    if unknown:
        raise tr.error(DeviceTypeError, "print() takes sep and end, not %s"
                       % ", ".join(unknown), node)
    texts = {}
    for name, default in (("sep", " "), ("end", "\n")):
        given = kwargs.get(name, Const(default))
        if not (isinstance(given, Const) and isinstance(given.obj, (str, type(None)))):
            raise tr.error(DeviceTypeError, "print()'s %s must be a constant string" % name,
                           node)
        texts[name] = (default if given.obj is None else given.obj).replace("%", "%%")
    pieces, values = [], []
    for value in args:
        text, more = _print_value(tr, value, node)
        pieces.append(text)
        values.extend(more)
    if len(values) > 32:
        raise tr.error(DeviceValueError, "print() of %d runtime values: CUDA's printf takes "
                       "at most 32 (CUDA C++ Programming Guide 7.34.2)" % len(values), node)
    tr.emit("simt.print", values,
            attributes={"format": tr.ir.string_attr(texts["sep"].join(pieces) + texts["end"])})
    return Const(None)


def _hashable(obj):
    try:
        hash(obj)
        return True
    except TypeError:
        return False


# simt.math's functions, in its enumeration's order (dialects/Simt/IR/SimtEnums.td).
_MATH_FUNCTIONS = [
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh",
    "degrees", "erf", "erfc", "exp", "exp2", "expm1", "fabs", "floor", "gamma", "lgamma", "log",
    "log10", "log1p", "log2", "radians", "sin", "sinh", "sqrt", "tan", "tanh", "trunc", "atan2",
    "copysign", "fmod", "hypot", "ldexp", "nextafter", "pow", "remainder", "isfinite", "isinf",
    "isnan"]
_MATH_BINARY = {"atan2", "copysign", "fmod", "hypot", "ldexp", "nextafter", "pow", "remainder"}
_MATH = {getattr(math, name): name for name in _MATH_FUNCTIONS if hasattr(math, name)}

_NUMPY_NAMES = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
                "arccosh": "acosh", "arctanh": "atanh", "arctan2": "atan2", "power": "pow",
                "deg2rad": "radians", "rad2deg": "degrees", "absolute": "abs", "abs": "abs"}


def _numpy_ufunc(function):
    """The math function name of a NumPy ufunc device code can call
    (`numpy.sin` -> "sin"), or None."""
    if type(function).__name__ != "ufunc" or type(function).__module__ != "numpy":
        return None
    name = _NUMPY_NAMES.get(function.__name__, function.__name__)
    return name if name in _MATH_FUNCTIONS or name == "abs" else None


_BUILTINS = {len: _len, abs: _abs, builtins.min: _minmax("min"),
             builtins.max: _minmax("max"), int: _number(int), float: _number(float),
             bool: _number(bool), complex: _number(complex), builtins.print: _print}


def translate_kernel(kernel, module, parameter_types, interop):
    """Builds in `module` (a ModuleTranslator) the gpu.module of `kernel` (a
    cudapy.device kernel) for launches whose arguments have
    `parameter_types` (types of the module's context; Const for ConstExpr
    values); returns `module`."""
    source = kernel._function_source()
    tr = FunctionTranslator(module, source, "kernel")
    ir = module.ir
    location = tr.loc(source.tree)
    body = ir.new_module(location)
    ir.set_attribute(ir.module_operation(), "gpu.container_module", ir.unit_attr())
    module.module_block = ir.new_block()
    module.add_links(kernel.link)
    operation, _ = tr.translate_function(kernel.__name__, parameter_types, interop)
    module.add(operation)
    gpu_module = ir.create("gpu.module", location,
                           attributes={"sym_name": ir.string_attr(kernel.__name__)},
                           regions=[ir.new_region([module.module_block])])
    ir.append(body, gpu_module)
    return module


def translate_functions(module, functions, name):
    """Builds in `module` a gpu.module `name` of the given @func functions,
    each for its parameter types (what export_ptx compiles)."""
    ir = module.ir
    first = functions[0][0]._function_source()
    tr = FunctionTranslator(module, first, "func")
    location = tr.loc(first.tree)
    body = ir.new_module(location)
    ir.set_attribute(ir.module_operation(), "gpu.container_module", ir.unit_attr())
    module.module_block = ir.new_block()
    for function, types in functions:
        module.function(function, types, tr, first.tree)
    gpu_module = ir.create("gpu.module", location, attributes={"sym_name": ir.string_attr(name)},
                           regions=[ir.new_region([module.module_block])])
    ir.append(body, gpu_module)
    return module


def _function(self, function, types, caller, node):
    """The symbol and result types of `function`'s py.func for argument
    `types`, translated on first use."""
    key = (function, tuple(("const", type(t.obj).__name__, repr(t.obj)) if isinstance(t, Const)
                           else str(t) for t in types))
    found = self.functions.get(key)
    if found is not None:
        return found
    if function in self.in_progress:
        raise caller.error(DeviceUnsupportedError, "recursive @func calls", node)
    self.in_progress.add(function)
    try:
        self.add_links(function.link)
        tr = FunctionTranslator(self, function._function_source(), "func")
        symbol = "%s_%d" % (function.__name__, len(self.functions))
        if function.interop:
            symbol = function.__name__
        operation, results = tr.translate_function(symbol, list(types), function.interop)
        types = [t for t in types if not isinstance(t, Const)]
    finally:
        self.in_progress.discard(function)
    self.add(operation)
    self.functions[key] = (symbol, results)
    return symbol, results


ModuleTranslator.function = _function
