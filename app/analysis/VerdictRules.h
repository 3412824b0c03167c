#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/UncertaintyTable.h"
#include "db/GpuSpec.h"

#include <QVector>

// Verdicts per GPU, from documented rules, each adding a reason; the level is the worst any rule gives.
//  0. Missing datasheet values (Estimate::missing): no memory size -> unsuitable, nothing judged; no
//     bandwidth or compute rate -> fit and links judged, speed and cost not, at most limited (never
//     recommended on a speed that was not estimated). A speed out of range (Estimate::speedOutOfRange)
//     -> unsuitable, and never the fastest.
//  1. Fit: does not fit on the GPUs given -> limited when at most 8 GPUs (one node) hold it; beyond one
//     node, limited on switch-fabric GPUs (NVSwitch, Infinity Fabric: built to scale out) and unsuitable
//     on cards linked in pairs or by PCIe only; nowhere up to 1024 GPUs -> unsuitable.
//  2. Links: training on more than one GPU without NVLink (PCIe only) -> at most limited; inference on
//     several GPUs without NVLink -> at most suitable.
//  3. Speed against the fastest fitting GPU of the comparison: >= 75% recommended, >= 35% suitable,
//     else limited.
//     A GPU whose speed ratio to the fastest one has an 80% range that holds 1 (PairRanges: the range of
//     the ratio from the calibration's GPU pairs, the answer strip's rule) is about the same, not worsened.
//  4. Cost: more than 2x the cheapest $/million tokens of the comparison -> one level down; not when the
//     range of the two costs' ratio holds 1 (about the same, as for speed).
//  5. Dense, not sparse: when a GPU's sparse FP16 figure (which some tables print) exceeds another
//     GPU's dense figure but its dense figure does not (training verdicts), the reason says so: the verdict
//     follows dense.
namespace VerdictRules {

// estimates[i] belongs to gpus[i]; all estimates are for the same task.
// `table` holds the calibration's residuals the pair ranges come from.
QVector<Verdict> judge(const QVector<GpuSpec> &gpus, const QVector<Estimate> &estimates, bool training,
                       const UncertaintyTable &table = UncertaintyTable::bundled());

} // namespace VerdictRules
