//===- Target.td - the target dialect, umbrella ------------*- tablegen -*-===//

include "dialects/Target/IR/TargetDialect.td"
include "dialects/Target/IR/TargetAttrs.td"
include "dialects/Target/IR/TargetInterfaces.td"
include "dialects/Target/IR/TargetOps.td"
