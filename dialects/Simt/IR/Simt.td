//===- Simt.td - the simt dialect, umbrella ----------------*- tablegen -*-===//

include "dialects/Simt/IR/SimtDialect.td"
include "dialects/Simt/IR/SimtEnums.td"
include "dialects/Simt/IR/SimtTypes.td"
include "dialects/Simt/IR/SimtOps.td"
