#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/UncertaintyTable.h"

#include <QString>
#include <QVector>
#include <optional>

// "B200 is 1.34x H100 (1.18-1.52x, 80%)": the ratio of two GPUs' estimates of one number, with the 80% range
// of that ratio. Two estimates of one workload err together (the same engine, model and lengths), so the
// ratio is far surer than either number (docs/estimator-accuracy.md, "GPU pairs"): its range comes from the
// calibration's pair residuals, not from the two numbers' own ranges. A pair residual is, for two GPUs
// measured under the same conditions, the difference of their leave-one-GPU-out residuals:
// ln(measured ratio / predicted ratio) of the rate (UncertaintyResidual::conditions groups them).
struct PairRatio
{
    QString path;   // the number's dotted --json path ("serving.output_tokens_per_s")
    int first = 0;  // the two estimates' indices in the comparison
    int second = 0; // ratio = first's value / second's
    double ratio = 0.0;
    std::optional<double> low; // the ratio's 80% range; none without calibration pairs of its kind
    std::optional<double> high;
    int pairs = 0; // calibration pairs behind the range
    QString basis; // what they are: "vllm throughput under load, 12 GPU pairs, leave-one-GPU-out"

    // The range straddles 1: the estimator cannot tell which of the two is higher.
    bool aboutTheSame() const { return low && high && *low <= 1.0 && *high >= 1.0; }
    // "1.34x (1.18-1.52x, 80%)"; "1.34x (no range: ...)" without one.
    QString text() const;
    QString ratioText() const; // "1.34x"
    QString rangeText() const; // "1.18-1.52x, 80%"; "no range: ..." without one
};

namespace PairRanges {

// The pair residuals of `kind` and `profileId` (kAnyProfile: every profile's), each pair of GPUs both ways
// round, skipping pairs for which skip(gpuA, gpuB) is true.
QVector<double> residuals(const QVector<UncertaintyResidual> &residuals, const QString &kind,
                          const QString &profileId,
                          const std::function<bool(const QString &, const QString &)> &skip = {});

// The 80% band of the pair residuals of that kind and profile (10th to 90th percentile; symmetric, as each
// pair counts both ways round), from at least UncertaintyTable::kMinimumPoints pairs; `points` counts the
// pairs. Falls back to every profile's pairs of the kind.
std::optional<UncertaintyBand> band(const QVector<UncertaintyResidual> &residuals, const QString &kind,
                                    const QString &profileId,
                                    const std::function<bool(const QString &, const QString &)> &skip = {});

// How often the pair bands hold a pair they did not see: each calibration pair against the band made from
// the pairs that share neither of its GPUs (both held out). Per band and in all.
struct Coverage
{
    int covered = 0;
    int counted = 0;
    double share() const { return counted > 0 ? double(covered) / counted : 0.0; }
};
Coverage heldOutCoverage(const QVector<UncertaintyResidual> &residuals);

// The numbers two GPUs are compared on: the speed and the cost the verdicts compare, and the latencies
// (p90 under a load, else the single request's TTFT and TPOT), those `estimate` has.
QStringList headlinePaths(const Estimate &estimate);

// The ratio of a's and b's numbers at `path` with its range (nullopt when either lacks the number). The
// range is widened, as each GPU's own range is, for each factor either GPU inherits unmeasured.
std::optional<PairRatio> ratio(const QVector<Estimate> &estimates, int a, int b, const QString &path,
                               const UncertaintyTable &table = UncertaintyTable::bundled());

// Every pair of fitting GPUs (each once, the earlier column first) on each headline number.
QVector<PairRatio> all(const QVector<Estimate> &estimates,
                       const UncertaintyTable &table = UncertaintyTable::bundled());

} // namespace PairRanges
