#include "ServingCalibrator.h"

#include "Estimator.h"
#include "GpuCapabilities.h"

#include <algorithm>
#include <cmath>

namespace ServingCalibrator {

namespace {

const QString kKvMemoryFraction = QStringLiteral("kv_memory_fraction");

double current(const EfficiencyParameters &parameters, const Calibrator::FitParameter &p)
{
    return p.table == kKvMemoryFraction ? parameters.kvMemoryFraction
                                        : Calibrator::currentValue(parameters, p);
}

void assign(EfficiencyParameters &parameters, const Calibrator::FitParameter &p, double value)
{
    if (p.table == kKvMemoryFraction)
        parameters.kvMemoryFraction = value;
    else if (PropertyTable *table = parameters.table(p.table))
        table->set(p.key, value);
}

double logError(double predicted, double measured)
{
    return predicted > 0.0 && std::isfinite(predicted) ? std::fabs(std::log(predicted / measured)) : 10.0;
}

double pick(const LatencyStats &stats, ServingStatistic statistic)
{
    return statistic == ServingStatistic::P50 ? stats.p50 : stats.mean;
}

// Coordinate descent of Calibrator::fit over `parameters`, each candidate value written into every
// profile named in `targets`; the objective is the mean |ln| over `points` with their own profiles.
Profiles descend(const QVector<ServingPoint> &points, Profiles profiles, const QStringList &targets,
                 const QVector<Calibrator::FitParameter> &parameters)
{
    const auto objective = [&points](const Profiles &trial) {
        double sum = 0.0;
        int counted = 0;
        for (const ServingPoint &point : points) {
            if (!point.notFitted.isEmpty())
                continue;
            sum += logError(predict(point, trial[point.profileId]), point.measured);
            ++counted;
        }
        return counted == 0 ? 0.0 : sum / counted;
    };
    const auto set = [&targets](Profiles &trial, const Calibrator::FitParameter &p, double value) {
        for (const QString &id : targets)
            assign(trial[id], p, value);
    };
    for (const Calibrator::FitParameter &p : parameters)
        set(profiles, p, p.start);
    double best = objective(profiles);
    double span = std::log(4.0);
    for (int round = 0; round < 5; ++round, span /= 2.5) {
        for (const Calibrator::FitParameter &p : parameters) {
            const double centre = current(profiles[targets.first()], p);
            QVector<double> candidates;
            if (centre > 1e-9) {
                for (int step = -12; step <= 12; ++step)
                    if (step != 0)
                        candidates << centre * std::exp(span * step / 12.0);
            } else {
                for (int step = 0; step <= 12; ++step)
                    candidates << p.maximum * std::pow(10.0, -4.0 + 4.0 * step / 12.0);
            }
            if (p.minimum <= 0.0 && centre > 1e-9)
                candidates << 0.0;
            for (double value : candidates) {
                value = std::clamp(value, p.minimum, p.maximum);
                Profiles trial = profiles;
                set(trial, p, value);
                const double o = objective(trial);
                if (o < best - 1e-12) {
                    best = o;
                    profiles = trial;
                }
            }
        }
    }
    return profiles;
}

// Whether a factor keyed `key` ("default", an architecture family, a memory class, a model kind) applies to
// a point: a keyed factor without a point of its key in the training set is not fitted but set to the
// table's default, so a held-out GPU of that key is predicted from the others, not from a start value.
bool applies(const ServingPoint &point, const QString &key)
{
    return key == QLatin1String("default") || key == GpuCapabilities::architectureFamily(point.gpu) ||
           key == GpuCapabilities::memoryClass(point.gpu) || key == point.workload.model.kind;
}

Profiles descendSupported(const QVector<ServingPoint> &points, Profiles profiles, const QStringList &targets,
                          const QVector<Calibrator::FitParameter> &parameters)
{
    const auto fittedPoints = [&points](const auto &predicate) {
        return std::any_of(points.cbegin(), points.cend(), [&predicate](const ServingPoint &point) {
            return point.notFitted.isEmpty() && predicate(point);
        });
    };
    const auto isDefault = [](const Calibrator::FitParameter &p) {
        return p.key == QLatin1String("default");
    };
    // A keyed factor is fitted when a training point has its key; a default when a training point has
    // none of the fitted keys of its table.
    QVector<Calibrator::FitParameter> keyed;
    QVector<Calibrator::FitParameter> unsupportedKeyed;
    for (const Calibrator::FitParameter &p : parameters)
        if (!isDefault(p))
            (fittedPoints([&p](const ServingPoint &point) { return applies(point, p.key); })
                 ? keyed
                 : unsupportedKeyed)
                .append(p);
    QVector<Calibrator::FitParameter> supported = keyed;
    QVector<Calibrator::FitParameter> unsupportedDefaults;
    for (const Calibrator::FitParameter &p : parameters) {
        if (!isDefault(p))
            continue;
        const bool reached = fittedPoints([&](const ServingPoint &point) {
            return std::none_of(keyed.cbegin(), keyed.cend(), [&](const Calibrator::FitParameter &k) {
                return k.table == p.table && applies(point, k.key);
            });
        });
        (reached ? supported : unsupportedDefaults).append(p);
    }
    profiles = descend(points, profiles, targets, supported);
    // Every training point had a key of this table: the default is that key's value (a GPU of another
    // architecture gets what was learnt, not a start value).
    for (const Calibrator::FitParameter &p : unsupportedDefaults)
        for (const Calibrator::FitParameter &k : keyed)
            if (k.table == p.table) {
                for (const QString &id : targets)
                    assign(profiles[id], p, current(profiles[id], k));
                break;
            }
    // No training point has this key: it takes the default (fitted or just set).
    for (const Calibrator::FitParameter &p : unsupportedKeyed) {
        Calibrator::FitParameter byDefault = p;
        byDefault.key = QStringLiteral("default");
        for (const QString &id : targets)
            assign(profiles[id], p, current(profiles[id], byDefault));
    }
    return profiles;
}

} // namespace

double predict(const ServingPoint &point, const EfficiencyParameters &parameters)
{
    const Estimate e = Estimator::estimate(point.gpu, point.workload, parameters, EstimateOptions{false});
    if (!e.serving)
        return 0.0;
    const ServingResult &s = *e.serving;
    switch (point.metric) {
    case ServingMetric::TtftMs:
        return pick(s.ttftMs, point.statistic);
    case ServingMetric::TpotMs:
        return pick(s.tpotMs, point.statistic);
    case ServingMetric::ItlMs:
        return pick(s.itlMs, point.statistic);
    case ServingMetric::E2eMs:
        return pick(s.e2eMs, point.statistic);
    case ServingMetric::OutputTokensPerS:
        return s.outputTokensPerS;
    case ServingMetric::RequestsPerS:
        return s.requestsPerS;
    }
    return 0.0;
}

double predictStatic(const ServingPoint &point, const EfficiencyParameters &parameters)
{
    Workload w = point.workload;
    w.traffic.reset();
    w.batch = point.staticBatch;
    const Estimate e = Estimator::estimate(point.gpu, w, parameters, EstimateOptions{false});
    if (!e.inference)
        return 0.0;
    const InferenceResult &r = *e.inference;
    switch (point.metric) {
    case ServingMetric::TtftMs:
        return r.ttftMs;
    case ServingMetric::TpotMs:
    case ServingMetric::ItlMs:
        return r.tpotMs;
    case ServingMetric::E2eMs:
        return r.ttftMs + std::max(0, w.outputTokens - 1) * r.tpotMs;
    case ServingMetric::OutputTokensPerS:
        return r.throughputTokensPerS;
    case ServingMetric::RequestsPerS:
        return w.outputTokens > 0 ? r.throughputTokensPerS / w.outputTokens : 0.0;
    }
    return 0.0;
}

QVector<double> absolutePercentageErrors(const QVector<ServingPoint> &points, const Profiles &profiles)
{
    QVector<double> errors;
    for (const ServingPoint &point : points)
        errors.append(std::fabs(predict(point, profiles[point.profileId]) / point.measured - 1.0));
    return errors;
}

QVector<double> staticAbsolutePercentageErrors(const QVector<ServingPoint> &points, const Profiles &profiles)
{
    QVector<double> errors;
    for (const ServingPoint &point : points)
        errors.append(std::fabs(predictStatic(point, profiles[point.profileId]) / point.measured - 1.0));
    return errors;
}

Profiles fit(const QVector<ServingPoint> &training, const Profiles &start, const QVector<ProfileFit> &fits)
{
    Profiles fitted = start;
    QMap<QString, QVector<ServingPoint>> byProfile;
    for (const ServingPoint &point : training)
        if (point.notFitted.isEmpty())
            byProfile[point.profileId].append(point);
    QVector<const ProfileFit *> transferred;
    for (const ProfileFit &f : fits) {
        const QVector<ServingPoint> own = byProfile.value(f.profileId);
        if (own.size() >= kOwnFitMinimum)
            fitted = descendSupported(own, fitted, {f.profileId}, f.parameters);
        else
            transferred.append(&f);
    }
    // Too few points of its own: one set of factors fitted on every training point, written into every
    // profile those points use (only for the search), then kept for this profile.
    for (const ProfileFit *f : transferred) {
        QStringList targets{f->profileId};
        for (auto it = byProfile.cbegin(); it != byProfile.cend(); ++it)
            if (!targets.contains(it.key()))
                targets << it.key();
        const Profiles pooled = descendSupported(training, fitted, targets, f->parameters);
        for (const Calibrator::FitParameter &p : f->parameters)
            assign(fitted[f->profileId], p, current(pooled[f->profileId], p));
    }
    return fitted;
}

QVector<double> leaveGroupOut(const QVector<ServingPoint> &points, const Profiles &start,
                              const QVector<ProfileFit> &fits,
                              const std::function<QString(const ServingPoint &)> &group)
{
    QStringList groups;
    for (const ServingPoint &point : points)
        if (!groups.contains(group(point)))
            groups << group(point);
    QVector<double> errors(points.size(), 0.0);
    for (const QString &left : groups) {
        QVector<ServingPoint> training;
        for (const ServingPoint &point : points)
            if (group(point) != left)
                training.append(point);
        const Profiles fitted = fit(training, start, fits);
        for (qsizetype i = 0; i < points.size(); ++i)
            if (group(points[i]) == left)
                errors[i] =
                    std::fabs(predict(points[i], fitted[points[i].profileId]) / points[i].measured - 1.0);
    }
    return errors;
}

} // namespace ServingCalibrator
