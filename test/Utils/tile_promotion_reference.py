"""The cuTile Python promotion rules, transcribed from the spec, as text.

cuTile Python, "Data Model" > "Arithmetic Promotion": the table of common
dtypes of two typed operands (ERR: no common dtype), copied cell by cell, and
the rules for loosely typed constants, written out from the spec's prose.
Prints one line per case; test/CAPI/tile.c prints the same lines from the C
API (`cudapyTilePromoteCuTile`), and the lit test diffs them.
"""

COLUMNS = "b1 u8 u16 u32 u64 i8 i16 i32 i64 f16 f32 f64 bf tf32 f8e4m3fn f8e5m2 f8e8m0fnu f4e2m1fn".split()

# Row dtype, then the common dtype with each column dtype.
TABLE = """
b1         b1        u8        u16       u32       u64       i8        i16       i32       i64       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
u8         u8        u8        u16       u32       u64       ERR       ERR       ERR       ERR       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
u16        u16       u16       u16       u32       u64       ERR       ERR       ERR       ERR       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
u32        u32       u32       u32       u32       u64       ERR       ERR       ERR       ERR       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
u64        u64       u64       u64       u64       u64       ERR       ERR       ERR       ERR       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
i8         i8        ERR       ERR       ERR       ERR       i8        i16       i32       i64       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
i16        i16       ERR       ERR       ERR       ERR       i16       i16       i32       i64       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
i32        i32       ERR       ERR       ERR       ERR       i32       i32       i32       i64       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
i64        i64       ERR       ERR       ERR       ERR       i64       i64       i64       i64       f16       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
f16        f16       f16       f16       f16       f16       f16       f16       f16       f16       f16       f32       f64       ERR       ERR       ERR       ERR       ERR       ERR
f32        f32       f32       f32       f32       f32       f32       f32       f32       f32       f32       f32       f64       f32       ERR       ERR       ERR       ERR       ERR
f64        f64       f64       f64       f64       f64       f64       f64       f64       f64       f64       f64       f64       f64       ERR       ERR       ERR       ERR       ERR
bf         bf        bf        bf        bf        bf        bf        bf        bf        bf        ERR       f32       f64       bf        ERR       ERR       ERR       ERR       ERR
tf32       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       tf32      ERR       ERR       ERR       ERR
f8e4m3fn   ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       f8e4m3fn  ERR       ERR       ERR
f8e5m2     ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       f8e5m2    ERR       ERR
f8e8m0fnu  ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       f8e8m0fnu ERR
f4e2m1fn   ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       ERR       f4e2m1fn
"""

NAMES = {"b1": "bool", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
         "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "f16": "float16",
         "f32": "float32", "f64": "float64", "bf": "bfloat16", "tf32": "tfloat32",
         "f8e4m3fn": "float8_e4m3fn", "f8e5m2": "float8_e5m2",
         "f8e8m0fnu": "float8_e8m0fnu", "f4e2m1fn": "float4_e2m1fn", "ERR": "ERR"}
CATEGORY = {"b1": 0}
CATEGORY.update({c: 1 for c in ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"]})
CATEGORY.update({c: 2 for c in ["f16", "f32", "f64", "bf", "tf32", "f8e4m3fn", "f8e5m2",
                                "f8e8m0fnu", "f4e2m1fn"]})


def table():
    cells = {}
    for line in TABLE.strip().splitlines():
        row, *values = line.split()
        assert len(values) == len(COLUMNS), row
        for column, value in zip(COLUMNS, values):
            cells[row, column] = value
    return cells


def loose_dtype(constant):
    """Integral constants are treated as int32, int64, or uint64, depending
    on the value; floating-point constants are treated as float32."""
    if constant == "float":
        return "f32"
    if -2**31 <= constant < 2**31:
        return "i32"
    if -2**63 <= constant < 2**63:
        return "i64"
    return "u64"


def with_constant(dtype, constant):
    """One typed operand and one loose constant: the higher category's dtype
    wins; within a category, the typed operand's dtype."""
    concrete = loose_dtype(constant)
    if CATEGORY[concrete] > CATEGORY[dtype]:
        return concrete
    return dtype


CONSTANTS = [0, -1, 2**31 - 1, 2**31, -2**31 - 1, 2**63 - 1, 2**63, 2**64 - 1, "float"]


def constant_name(constant):
    return "float" if constant == "float" else "int(%d)" % constant


def main():
    cells = table()
    for a in COLUMNS:
        for b in COLUMNS:
            print("%s + %s -> %s" % (NAMES[a], NAMES[b], NAMES[cells[a, b]]))
    for a in COLUMNS:
        for constant in CONSTANTS:
            result = NAMES[with_constant(a, constant)]
            print("%s + %s -> %s" % (NAMES[a], constant_name(constant), result))
            print("%s + %s -> %s" % (constant_name(constant), NAMES[a], result))
    # Two loose constants give a loose constant.
    print("int(5) + int(7) -> loose int")
    print("int(5) + float -> loose float")
    print("float + float -> loose float")


if __name__ == "__main__":
    main()
