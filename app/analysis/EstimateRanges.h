#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/UncertaintyTable.h"

#include <QString>

// Attaches to an estimate the 80% range of each estimated number (Estimate::ranges, keyed by the dotted
// path of its `estimate --json` key) from the band of its kind for the estimate's profile, and writes the
// range on the math terms of those numbers. A number follows the band of what measures it: TPOT the decode
// band, TTFT the prefill band, training times and budgets the training band, $ and J per token the band
// of the speed they divide by; a time or a price takes the band inverted. A number with no band (memory, a
// profile without measurements of its kind) gets its reason in Estimate::unranged instead.
namespace EstimateRanges {

// How far a GPU on a software stack the profile never measured may stray beyond its band, on a log scale each
// way: the spread between stacks in what their tuned matmuls reach of the datasheet, the one figure every
// stack publishes (catalogue, achievable_matmul_tflops: CUDA GPUs' median share 0.80, ROCm's 0.60 over
// MI300X, MI325X and MI355X): ln(0.80 / 0.60), about -25% / +33%. The planner ranks such a GPU ahead of a
// measured one only beyond it.
inline constexpr double kUnmeasuredStackLog = 0.2877;

void attach(Estimate &estimate, const UncertaintyTable &table);

// The dotted paths of the speed and the cost the verdicts compare (VerdictRules, AnswerSummary):
// training tokens/s, the deployment's output tokens/s under a load, else the offline throughput; and
// $ per million tokens (the same for every estimate), each its quantity's path (OutputQuantity).
QString speedPath(const Estimate &estimate);
QString costPath(const Estimate &estimate);

// The kind of calibrated number behind the number at `path` (UncertaintyTable's kinds) and whether it is a
// time or a price (its band inverted); nullopt for a number that has none (memory).
struct NumberKind
{
    QString kind;
    bool inverse = false;
};
std::optional<NumberKind> kindOf(const Estimate &estimate, const QString &path);

// What a kind is called where it has no band: "decode speed", "throughput under load".
QString kindName(const QString &kind);

// How far beyond its band the estimate may stray, on a log scale each way, for the factors it inherits
// rather than has measured (an unmeasured stack, an assumed matmul or memory share); 0 for none.
double inheritedLog(const Estimate &estimate);

// The range at `path`, or null.
const ValueRange *find(const Estimate &estimate, const QString &path);

} // namespace EstimateRanges
