// The condition algebra (cuda-device spec, "Target Specialization"): every
// attribute prints in normal form, so equivalent spellings print alike.
// RUN: cudapy-opt %s | FileCheck %s

// CHECK-LABEL: @spec_table
// The spec's table, row by row (its `!` is accepted for `~`).
// CHECK-SAME: r1 = #target.cond<"is_host">
// CHECK-SAME: r2 = #target.cond<"is_device">
// CHECK-SAME: r3 = #target.cond<"is_exactly(sm_70) | is_exactly(sm_80) | is_exactly(sm_90)">
// CHECK-SAME: r4 = #target.cond<"~provides(sm_80)">
// CHECK-SAME: r5 = #target.cond<"is_exactly(sm_80) | ~provides(sm_80)">
// CHECK-SAME: r6 = #target.cond<"provides(sm_80) & ~is_exactly(sm_80)">
// CHECK-SAME: r7 = #target.cond<"provides(sm_80)">
func.func @spec_table() attributes {
  r1 = #target.cond<"is_host">,
  r2 = #target.cond<"is_device">,
  r3 = #target.cond<"is_exactly(sm70) | is_exactly(sm80) | is_exactly(sm90)">,
  r4 = #target.cond<"!provides(sm80)">,
  r5 = #target.cond<"!provides(sm80) | is_exactly(sm80)">,
  r6 = #target.cond<"provides(sm80) & ~is_exactly(sm80)">,
  r7 = #target.cond<"provides(sm80)">} {
  return
}

// CHECK-LABEL: @laws
// Double negation, idempotence, identities, annihilators, complements.
// The host and the device partition the targets.
// De Morgan: both sides print alike.
// Commutativity: operands are ordered.
// CHECK-SAME: annihilator_and = #target.cond<"no_target">
// CHECK-SAME: annihilator_or = #target.cond<"any_target">
// CHECK-SAME: commute_a = #target.cond<"is_exactly(sm_75) | is_host">
// CHECK-SAME: commute_b = #target.cond<"is_exactly(sm_75) | is_host">
// CHECK-SAME: contradiction = #target.cond<"no_target">
// CHECK-SAME: de_morgan_1 = #target.cond<"~is_exactly(sm_90) & ~provides(sm_100)">
// CHECK-SAME: de_morgan_1b = #target.cond<"~is_exactly(sm_90) & ~provides(sm_100)">
// CHECK-SAME: de_morgan_2 = #target.cond<"is_exactly(sm_90) | ~provides(sm_80)">
// CHECK-SAME: de_morgan_2b = #target.cond<"is_exactly(sm_90) | ~provides(sm_80)">
// CHECK-SAME: double_negation = #target.cond<"provides(sm_80)">
// CHECK-SAME: excluded_middle = #target.cond<"any_target">
// CHECK-SAME: host_or_device = #target.cond<"any_target">
// CHECK-SAME: idempotent_and = #target.cond<"provides(sm_80)">
// CHECK-SAME: idempotent_or = #target.cond<"is_exactly(sm_90)">
// CHECK-SAME: identity_and = #target.cond<"provides(sm_80)">
// CHECK-SAME: identity_or = #target.cond<"provides(sm_80)">
// CHECK-SAME: not_device = #target.cond<"is_host">
// CHECK-SAME: not_host = #target.cond<"is_device">
func.func @laws() attributes {
  double_negation = #target.cond<"~~provides(sm_80)">,
  idempotent_and = #target.cond<"provides(sm_80) & provides(sm_80)">,
  idempotent_or = #target.cond<"is_exactly(sm_90) | is_exactly(sm_90)">,
  identity_and = #target.cond<"provides(sm_80) & any_target">,
  identity_or = #target.cond<"provides(sm_80) | no_target">,
  annihilator_and = #target.cond<"provides(sm_80) & no_target">,
  annihilator_or = #target.cond<"provides(sm_80) | any_target">,
  excluded_middle = #target.cond<"provides(sm_80) | ~provides(sm_80) | is_host">,
  contradiction = #target.cond<"provides(sm_80) & ~provides(sm_80)">,
  not_host = #target.cond<"~is_host">,
  not_device = #target.cond<"~is_device">,
  host_or_device = #target.cond<"is_host | is_device">,
  de_morgan_1 = #target.cond<"~(is_exactly(sm_90) | provides(sm_100))">,
  de_morgan_1b = #target.cond<"~is_exactly(sm_90) & ~provides(sm_100)">,
  de_morgan_2 = #target.cond<"~(provides(sm_80) & ~is_exactly(sm_90))">,
  de_morgan_2b = #target.cond<"~provides(sm_80) | ~~is_exactly(sm_90)">,
  commute_a = #target.cond<"is_host | is_exactly(sm_75)">,
  commute_b = #target.cond<"is_exactly(sm_75) | is_host">} {
  return
}

// CHECK-LABEL: @ordering
// provides() is ordered: the weaker requirement absorbs the stronger in |,
// the stronger in &; is_exactly of a chip implies provides of an older one.
// CHECK-SAME: and_max = #target.cond<"provides(sm_90)">
// CHECK-SAME: device_and_provides = #target.cond<"provides(sm_80)">
// CHECK-SAME: exact_and_provides = #target.cond<"is_exactly(sm_90)">
// CHECK-SAME: exact_in_provides = #target.cond<"provides(sm_80)">
// CHECK-SAME: or_min = #target.cond<"provides(sm_70)">
// CHECK-SAME: provides_in_device = #target.cond<"is_device">
func.func @ordering() attributes {
  or_min = #target.cond<"provides(sm_90) | provides(sm_70) | provides(sm_80)">,
  and_max = #target.cond<"provides(sm_80) & provides(sm_90)">,
  exact_in_provides = #target.cond<"is_exactly(sm_90) | provides(sm_80)">,
  exact_and_provides = #target.cond<"is_exactly(sm_90) & provides(sm_80)">,
  provides_in_device = #target.cond<"provides(sm_80) | is_device">,
  device_and_provides = #target.cond<"is_device & provides(sm_80)">} {
  return
}

// CHECK-LABEL: @variants
// Architecture-specific (a) and family (f) chips: sm_90a is an sm_90, so it
// provides sm_80; provides(sm_90a) is sm_90a alone.
// Absorption: both alternatives imply ~provides(sm_90).
// CHECK-SAME: a_alone = #target.cond<"provides(sm_90a)">
// CHECK-SAME: a_in_90 = #target.cond<"is_exactly(sm_90)">
// CHECK-SAME: a_within_80 = #target.cond<"provides(sm_80)">
// CHECK-SAME: exact_a = #target.cond<"is_exactly(sm_90a)">
// CHECK-SAME: family = #target.cond<"provides(sm_100f)">
// CHECK-SAME: grouped = #target.cond<"(is_exactly(sm_80) | is_exactly(sm_90)) & ~is_exactly(sm_90a)">
// CHECK-SAME: nested = #target.cond<"is_exactly(sm_80) | is_host">
func.func @variants() attributes {
  a_alone = #target.cond<"provides(sm_90a)">,
  a_in_90 = #target.cond<"is_exactly(sm_90) | provides(sm_90a)">,
  a_within_80 = #target.cond<"provides(sm_80) | provides(sm_90a)">,
  exact_a = #target.cond<"is_exactly(sm_90a) & provides(sm_90)">,
  family = #target.cond<"provides(sm_100f) | provides(sm_100a)">,
  nested = #target.cond<"(is_exactly(sm_80) | is_host) & ~provides(sm_90)">,
  grouped = #target.cond<"(is_exactly(sm_90) | is_exactly(sm_80)) & ~is_exactly(sm_90a)">} {
  return
}
