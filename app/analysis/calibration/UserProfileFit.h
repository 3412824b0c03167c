#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/calibration/Calibrator.h"
#include "app/analysis/calibration/MeasuredRunCase.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// A profile of the user's own, fitted on their measured runs (`gpucompare calibrate --profile NAME --base
// PROFILE`), with the bundled profiles' fitting: the same factors and ranges (ProfileFits), the same
// objective (mean |ln(estimate / measured)|) and the same coordinate search (CalibrationDescent), started
// from the base profile's values.
//
// Few runs cannot pin down many factors, so only the factors the runs can tell apart move:
//   - a factor is tried at 1.2x its value; it is pinned down by the runs when at least two measured
//     numbers move by kNoticeable or more;
//   - factors are taken by how much they move the numbers, skipping one whose effect on the runs is
//     parallel (|cosine| > kParallel) to one taken: the runs cannot tell the two apart;
//   - at most one factor per kValuesPerFactor measured numbers (and per run).
// The rest keep the base profile's values, each with the reason.
//
// What a fit may do, and when it is kept (issue 60):
//   - a factor that is a share of a rate (memory, compute, attention, communication, network efficiency)
//     stays at most 1 of the rate it shares: no run is faster than its GPU can go, so a run faster than
//     that is told by the error left, not by a factor above the peak; the KV cache's reads
//     (memory_efficiency x kv_read_efficiency of the bandwidth) stay at most all of it;
//   - runs far off the others (RunOutliers) are named and left out, unless keepOutliers;
//   - a fit is kept only when each run, predicted by the fit made without it, is closer than under the
//     base: the leave-one-run-out median error below the base's (it needs two runs). Otherwise error says
//     so with the figures, and the caller saves nothing.
namespace UserProfileFit {

inline constexpr double kNoticeable = 0.02;
inline constexpr double kParallel = 0.95;
inline constexpr int kValuesPerFactor = 4;
inline constexpr int kFewestRunsToCheck = 2; // a fit made without one run predicts it

struct Factor
{
    Calibrator::FitParameter parameter;
    double before = 0.0;
    double after = 0.0;
    bool moved = false;
    QString keptBecause; // why it kept the base's value
};

struct Result
{
    EfficiencyParameters fitted; // the base's factors with the moved ones, its userFit filled
    QVector<Factor> factors;
    int runs = 0;
    int values = 0;       // measured numbers compared
    QStringList skipped;  // "run 7: ...": runs the base profile cannot estimate (they do not fit)
    QStringList outliers; // "run 7: its TTFT median is ...": runs far off the others
    bool outliersKept = false;
    QString error; // why nothing was fitted, or why the fit is not kept (fitted then holds its figures)
};

// Fits NAME on the cases (every one read under the base profile). fittedAt and files describe the runs in
// the stored profile.
Result fit(const QVector<MeasuredRunCase> &cases, const EfficiencyParameters &base, const QString &name,
           const QStringList &files, const QString &fittedAt, bool keepOutliers = false);

// The most a fitted factor may be: 1 for a share of a rate (the physical bound), else the listed maximum.
double physicalMaximum(const Calibrator::FitParameter &parameter);

// "fitted on 24 of your runs, ±6% (from vllm)": how the profile box, `profiles` and reports describe it;
// the error is the leave-one-run-out median where there is one.
QString summary(const EfficiencyParameters::UserFit &fit);

// "compute_efficiency" or "memory_efficiency (Hopper)": a factor as the output names it.
QString factorName(const Calibrator::FitParameter &parameter);

} // namespace UserProfileFit
