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
namespace UserProfileFit {

inline constexpr double kNoticeable = 0.02;
inline constexpr double kParallel = 0.95;
inline constexpr int kValuesPerFactor = 4;

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
    int values = 0;      // measured numbers compared
    QStringList skipped; // "run 7: ...": runs the base profile cannot estimate (they do not fit)
    QString error;       // why nothing was fitted
};

// Fits NAME on the cases (every one read under the base profile). fittedAt and files describe the runs in
// the stored profile.
Result fit(const QVector<MeasuredRunCase> &cases, const EfficiencyParameters &base, const QString &name,
           const QStringList &files, const QString &fittedAt);

// "fitted on 24 of your runs, ±6% (from vllm)": how the profile box, `profiles` and reports describe it;
// the error is the leave-one-run-out median where there is one.
QString summary(const EfficiencyParameters::UserFit &fit);

// "compute_efficiency" or "memory_efficiency (Hopper)": a factor as the output names it.
QString factorName(const Calibrator::FitParameter &parameter);

} // namespace UserProfileFit
