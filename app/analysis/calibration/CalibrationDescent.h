#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/calibration/Calibrator.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>
#include <algorithm>
#include <cmath>

// The fit ServingCalibrator and TrainingCalibrator share: Calibrator::fit's coordinate descent over profiles
// keyed by id, each point predicted with its own profile. A Point has gpu, workload, profileId and measured;
// Model says how to predict one and whether it counts in the objective.
namespace CalibrationDescent {

using Profiles = QMap<QString, EfficiencyParameters>;

// The order the supported factors are searched in.
enum class Order
{
    KeyedFirst, // the keyed factors, then the defaults a training point reaches
    Listed,     // as listed (defaults before their keys)
};

template <typename Point> struct Model
{
    double (*predict)(const Point &point, const EfficiencyParameters &parameters);
    bool (*fitted)(const Point &point); // counts in the objective
    Order order;
};

// The value of a fit parameter: a table's key, or "kv_memory_fraction"
// (EfficiencyParameters::kvMemoryFraction).
double current(const EfficiencyParameters &parameters, const Calibrator::FitParameter &p);
void assign(EfficiencyParameters &parameters, const Calibrator::FitParameter &p, double value);
// |ln(predicted / measured)|, 10 for a prediction that is not a positive number.
double logError(double predicted, double measured);

// Calibrator::fit's schedule over any state: five rounds over `parameters`, each tried at 24 log-spaced
// values around its current value (13 decades below its maximum when it is 0), the span shrinking 2.5x a
// round; a value is kept when it lowers objective(state). Deterministic.
template <typename State, typename Objective, typename Current, typename Assign>
State coordinateSearch(State state, const QVector<Calibrator::FitParameter> &parameters,
                       const Objective &objective, const Current &current, const Assign &assign)
{
    double best = objective(state);
    double span = std::log(4.0);
    for (int round = 0; round < 5; ++round, span /= 2.5) {
        for (const Calibrator::FitParameter &p : parameters) {
            const double centre = current(state, p);
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
                State trial = state;
                assign(trial, p, value);
                const double o = objective(trial);
                if (o < best - 1e-12) {
                    best = o;
                    state = trial;
                }
            }
        }
    }
    return state;
}

// Coordinate descent of Calibrator::fit over `parameters`, each candidate value written into every
// profile named in `targets`; the objective is the mean |ln| over the fitted `points` with their profiles.
template <typename Point>
Profiles descend(const Model<Point> &model, const QVector<Point> &points, Profiles profiles,
                 const QStringList &targets, const QVector<Calibrator::FitParameter> &parameters)
{
    const auto objective = [&model, &points](const Profiles &trial) {
        double sum = 0.0;
        int counted = 0;
        for (const Point &point : points) {
            if (!model.fitted(point))
                continue;
            sum += logError(model.predict(point, trial[point.profileId]), point.measured);
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
    return coordinateSearch(
        profiles, parameters, objective,
        [&targets](const Profiles &state, const Calibrator::FitParameter &p) {
            return current(state[targets.first()], p);
        },
        set);
}

// Whether a factor keyed `key` ("default", an architecture family, a memory class, a model kind) applies to
// a point.
template <typename Point> bool applies(const Point &point, const QString &key)
{
    return key == QLatin1String("default") || key == GpuCapabilities::architectureFamily(point.gpu) ||
           key == GpuCapabilities::memoryClass(point.gpu) || key == point.workload.model.kind;
}

// descend over the factors the fitted points support: a keyed factor without a training point of its key is
// not fitted but set to the table's default, so a held-out GPU of that key is predicted from the others, not
// from a start value; a default that no training point reaches (every point has a fitted key of its table)
// takes that key's value.
template <typename Point>
Profiles descendSupported(const Model<Point> &model, const QVector<Point> &points, Profiles profiles,
                          const QStringList &targets, const QVector<Calibrator::FitParameter> &parameters)
{
    const auto fittedPoints = [&model, &points](const auto &predicate) {
        return std::any_of(points.cbegin(), points.cend(),
                           [&](const Point &point) { return model.fitted(point) && predicate(point); });
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
            (fittedPoints([&p](const Point &point) { return applies(point, p.key); }) ? keyed
                                                                                      : unsupportedKeyed)
                .append(p);
    QVector<Calibrator::FitParameter> supported = keyed;
    QVector<Calibrator::FitParameter> unsupportedDefaults;
    for (const Calibrator::FitParameter &p : parameters) {
        if (!isDefault(p))
            continue;
        const bool reached = fittedPoints([&](const Point &point) {
            return std::none_of(keyed.cbegin(), keyed.cend(), [&](const Calibrator::FitParameter &k) {
                return k.table == p.table && applies(point, k.key);
            });
        });
        (reached ? supported : unsupportedDefaults).append(p);
    }
    if (model.order == Order::Listed) {
        QVector<Calibrator::FitParameter> ordered;
        for (const Calibrator::FitParameter &p : parameters)
            if (std::any_of(supported.cbegin(), supported.cend(), [&p](const Calibrator::FitParameter &q) {
                    return q.table == p.table && q.key == p.key;
                }))
                ordered << p;
        supported = ordered;
    }
    profiles = descend(model, points, profiles, targets, supported);
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

// Every profile of `fits` (each with a profileId and its parameters) fitted on `training`, starting from
// `start`: on its own fitted points when it has at least `ownFitMinimum`; else its factors fitted on every
// training point together (written into every profile those points use, only for the search), the other
// profiles' own factors fixed at their fits. prepare(fitted, fit, ownFits) runs before each profile is
// fitted, ownFits naming the profiles already fitted on their own points.
template <typename Point, typename Fit, typename Prepare>
Profiles fit(const Model<Point> &model, const QVector<Point> &training, const Profiles &start,
             const QVector<Fit> &fits, int ownFitMinimum, const Prepare &prepare)
{
    Profiles fitted = start;
    QMap<QString, QVector<Point>> byProfile;
    for (const Point &point : training)
        if (model.fitted(point))
            byProfile[point.profileId].append(point);
    QVector<const Fit *> transferred;
    QStringList ownFits;
    for (const Fit &f : fits) {
        prepare(fitted, f, ownFits);
        const QVector<Point> own = byProfile.value(f.profileId);
        if (own.size() >= ownFitMinimum) {
            fitted = descendSupported(model, own, fitted, {f.profileId}, f.parameters);
            ownFits << f.profileId;
        } else {
            transferred.append(&f);
        }
    }
    for (const Fit *f : transferred) {
        QStringList targets{f->profileId};
        for (auto it = byProfile.cbegin(); it != byProfile.cend(); ++it)
            if (!targets.contains(it.key()))
                targets << it.key();
        const Profiles pooled = descendSupported(model, training, fitted, targets, f->parameters);
        for (const Calibrator::FitParameter &p : f->parameters)
            assign(fitted[f->profileId], p, current(pooled[f->profileId], p));
    }
    return fitted;
}

// |predicted / measured - 1| per point, each with its profile from `profiles`.
template <typename Point>
QVector<double> absolutePercentageErrors(const QVector<Point> &points, const Profiles &profiles,
                                         double (*predict)(const Point &, const EfficiencyParameters &))
{
    QVector<double> errors;
    for (const Point &point : points)
        errors.append(std::fabs(predict(point, profiles[point.profileId]) / point.measured - 1.0));
    return errors;
}

// The prediction of every point (in the order of `points`) when the points sharing its group were left out
// of the fit: fitOn(training) returns the profiles fitted on the other points.
template <typename Point, typename Group, typename FitOn>
QVector<double> leaveGroupOutPredictions(const Model<Point> &model, const QVector<Point> &points,
                                         const Group &group, const FitOn &fitOn)
{
    QStringList groups;
    for (const Point &point : points)
        if (!groups.contains(group(point)))
            groups << group(point);
    QVector<double> predictions(points.size(), 0.0);
    for (const QString &left : groups) {
        QVector<Point> training;
        for (const Point &point : points)
            if (group(point) != left)
                training.append(point);
        const Profiles fitted = fitOn(training);
        for (qsizetype i = 0; i < points.size(); ++i)
            if (group(points[i]) == left)
                predictions[i] = model.predict(points[i], fitted[points[i].profileId]);
    }
    return predictions;
}

// |predicted / measured - 1| of every point, in the order of `points`.
template <typename Point>
QVector<double> absoluteErrors(const QVector<Point> &points, const QVector<double> &predictions)
{
    QVector<double> errors(points.size(), 0.0);
    for (qsizetype i = 0; i < points.size() && i < predictions.size(); ++i)
        errors[i] = std::fabs(predictions[i] / points[i].measured - 1.0);
    return errors;
}

// Errors of every point (in the order of `points`) when the points sharing its group were left out of the
// fit: fitOn(training) returns the profiles fitted on the other points.
template <typename Point, typename Group, typename FitOn>
QVector<double> leaveGroupOut(const Model<Point> &model, const QVector<Point> &points, const Group &group,
                              const FitOn &fitOn)
{
    return absoluteErrors(points, leaveGroupOutPredictions(model, points, group, fitOn));
}

} // namespace CalibrationDescent
