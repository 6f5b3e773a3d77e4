//===- Py.td - the py dialect, umbrella --------------------*- tablegen -*-===//

include "dialects/Py/IR/PyDialect.td"
include "dialects/Py/IR/PyEnums.td"
include "dialects/Py/IR/PyTypes.td"
include "dialects/Py/IR/PyOps.td"
