#include "app/analysis/calibration/UserProfileFit.h"

#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/UncertaintyTable.h"
#include "app/analysis/calibration/CalibrationDescent.h"
#include "app/analysis/calibration/ProfileFits.h"
#include "app/analysis/calibration/RunOutliers.h"

#include <QCoreApplication>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>

namespace UserProfileFit {

namespace {

using Calibrator::FitParameter;
using Predictions = QVector<QVector<double>>; // per case, per measured value

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("UserProfileFit", text, disambiguation, n);
}

Predictions predictAll(const QVector<MeasuredRunCase> &cases, const EfficiencyParameters &parameters)
{
    Predictions predictions;
    predictions.reserve(cases.size());
    for (const MeasuredRunCase &c : cases)
        predictions << MeasuredRunCases::predict(c, parameters);
    return predictions;
}

double meanLogError(const QVector<MeasuredRunCase> &cases, const Predictions &predictions)
{
    double sum = 0.0;
    int counted = 0;
    for (qsizetype i = 0; i < cases.size(); ++i)
        for (qsizetype v = 0; v < cases[i].values.size(); ++v, ++counted)
            sum += CalibrationDescent::logError(predictions[i].value(v), cases[i].values[v].measured);
    return counted == 0 ? 0.0 : sum / counted;
}

double medianError(const QVector<MeasuredRunCase> &cases, const Predictions &predictions)
{
    QVector<double> errors;
    for (qsizetype i = 0; i < cases.size(); ++i)
        for (qsizetype v = 0; v < cases[i].values.size(); ++v)
            errors << std::fabs(predictions[i].value(v) / cases[i].values[v].measured - 1.0);
    return Calibrator::median(errors);
}

// The factors the base profile's bundled fit lists (memory and compute efficiency always), each at the key
// its table reads for the runs' GPUs and models: the value the runs actually use.
QVector<FitParameter> candidatesFor(const QVector<MeasuredRunCase> &cases, const EfficiencyParameters &base)
{
    QVector<FitParameter> listed =
        ProfileFits::allOf(base.userFit ? base.userFit->baseProfileId : base.profileId);
    const auto lists = [&listed](const char *table) {
        return std::any_of(listed.cbegin(), listed.cend(),
                           [table](const FitParameter &p) { return p.table == QLatin1String(table); });
    };
    if (!lists("memory_efficiency"))
        listed.prepend(
            FitParameter{QStringLiteral("memory_efficiency"), QStringLiteral("default"), 0.1, 1.2});
    if (!lists("compute_efficiency"))
        listed.prepend(
            FitParameter{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.3});

    EfficiencyParameters probe = base;
    QVector<FitParameter> candidates;
    QSet<QString> seen;
    for (const FitParameter &p : listed) {
        QStringList keys;
        if (const PropertyTable *table = probe.table(p.table)) {
            for (const MeasuredRunCase &c : cases) {
                const QString key = table->keyFor(GpuCapabilities::architectureFamily(c.gpu),
                                                  GpuCapabilities::memoryClass(c.gpu), c.workload.model.kind);
                if (!keys.contains(key))
                    keys << key;
            }
        } else {
            keys << p.key; // kv_memory_fraction
        }
        for (const QString &key : keys) {
            if (seen.contains(p.table + u'/' + key))
                continue;
            seen.insert(p.table + u'/' + key);
            FitParameter candidate = p;
            candidate.key = key;
            candidate.maximum = physicalMaximum(candidate);
            candidate.start = CalibrationDescent::current(base, candidate);
            candidates << candidate;
        }
    }
    return candidates;
}

// ln(estimate at 1.2x the factor / estimate) of every measured value, in order.
QVector<double> effectOf(const QVector<MeasuredRunCase> &cases, const EfficiencyParameters &base,
                         const Predictions &basePredictions, const FitParameter &p)
{
    const double value = CalibrationDescent::current(base, p);
    const double trial =
        value > 1e-9 ? (value * 1.2 <= p.maximum ? value * 1.2 : value / 1.2) : p.maximum / 100.0;
    EfficiencyParameters moved = base;
    CalibrationDescent::assign(moved, p, trial);
    const Predictions predictions = predictAll(cases, moved);
    QVector<double> effect;
    for (qsizetype i = 0; i < cases.size(); ++i)
        for (qsizetype v = 0; v < cases[i].values.size(); ++v) {
            const double before = basePredictions[i].value(v);
            const double after = predictions[i].value(v);
            effect << (before > 0.0 && after > 0.0 ? std::log(after / before) : 0.0);
        }
    return effect;
}

double cosine(const QVector<double> &a, const QVector<double> &b)
{
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        ab += a[i] * b[i];
        aa += a[i] * a[i];
        bb += b[i] * b[i];
    }
    return aa > 0.0 && bb > 0.0 ? ab / std::sqrt(aa * bb) : 0.0;
}

// Whether the factors stay within what the runs' GPUs can do where two factors share one rate: the KV
// cache is read at memory_efficiency x kv_read_efficiency of the bandwidth, at most all of it.
bool withinPhysics(const QVector<MeasuredRunCase> &cases, const EfficiencyParameters &parameters)
{
    return std::all_of(cases.cbegin(), cases.cend(), [&parameters](const MeasuredRunCase &c) {
        const ResolvedEfficiency r = ResolvedEfficiency::resolve(parameters, c.gpu, c.workload.model.kind);
        return r.memory * r.kvRead <= 1.0 + 1e-9;
    });
}

EfficiencyParameters searchFrom(const EfficiencyParameters &start, const QVector<MeasuredRunCase> &cases,
                                const QVector<FitParameter> &parameters)
{
    return CalibrationDescent::coordinateSearch(
        start, parameters,
        [&cases](const EfficiencyParameters &trial) {
            return withinPhysics(cases, trial) ? meanLogError(cases, predictAll(cases, trial))
                                               : std::numeric_limits<double>::infinity();
        },
        [](const EfficiencyParameters &state, const FitParameter &p) {
            return CalibrationDescent::current(state, p);
        },
        [](EfficiencyParameters &state, const FitParameter &p, double value) {
            CalibrationDescent::assign(state, p, value);
        });
}

// ln(measured / estimate) of a rate; a time's enters inverted (UncertaintyTable's convention).
double residualOf(const MeasuredValue &value, double predicted)
{
    const double r = std::log(value.measured / predicted);
    return MeasuredRunCases::isTime(value.metric) ? -r : r;
}

} // namespace

QString summary(const EfficiencyParameters::UserFit &fit)
{
    const double error = fit.leaveOneOutError.value_or(fit.errorAfter);
    return tr("fitted on %1 of your runs, \u00b1%2 (from %3)")
        .arg(QString::number(fit.runIds.size()), QString::number(std::round(100.0 * error)) + u'%',
             fit.baseProfileId);
}

double physicalMaximum(const FitParameter &parameter)
{
    // Shares of a rate the GPU has (its achievable or datasheet bandwidth, matmul rate, link speed).
    static const QStringList shares{QStringLiteral("memory_efficiency"), QStringLiteral("compute_efficiency"),
                                    QStringLiteral("attention_efficiency"),
                                    QStringLiteral("communication_efficiency"),
                                    QStringLiteral("network_efficiency")};
    return shares.contains(parameter.table) ? std::min(parameter.maximum, 1.0) : parameter.maximum;
}

QString factorName(const FitParameter &parameter)
{
    return parameter.key == QLatin1String("default")
               ? parameter.table
               : QStringLiteral("%1 (%2)").arg(parameter.table, parameter.key);
}

Result fit(const QVector<MeasuredRunCase> &allCases, const EfficiencyParameters &base, const QString &name,
           const QStringList &files, const QString &fittedAt, bool keepOutliers)
{
    Result result;
    // Runs the base profile cannot estimate (they do not fit, or give no such number) cannot steer a fit.
    QVector<MeasuredRunCase> cases;
    for (const MeasuredRunCase &c : allCases) {
        const QVector<double> predicted = MeasuredRunCases::predict(c, base);
        if (std::all_of(predicted.cbegin(), predicted.cend(), [](double v) { return v > 0.0; }))
            cases << c;
        else
            result.skipped << tr("run %1: no estimate under %2 (the workload does not fit, or the estimate "
                                 "gives no such number)")
                                  .arg(c.runId)
                                  .arg(base.profileId);
    }
    if (cases.isEmpty()) {
        result.error = tr("none of the runs can be estimated under %1").arg(base.profileId);
        return result;
    }
    // Runs far off the others steer a fit of few factors wherever they are: named, and left out unless
    // asked for.
    const QVector<RunOutliers::Outlier> outliers = RunOutliers::find(cases, predictAll(cases, base));
    for (const RunOutliers::Outlier &outlier : outliers)
        result.outliers << outlier.reason;
    result.outliersKept = keepOutliers;
    if (!keepOutliers)
        for (auto it = outliers.crbegin(); it != outliers.crend(); ++it)
            cases.removeAt(it->index);
    result.runs = int(cases.size());
    for (const MeasuredRunCase &c : cases)
        result.values += int(c.values.size());

    const Predictions basePredictions = predictAll(cases, base);
    struct Candidate
    {
        FitParameter parameter;
        QVector<double> effect;
        double weight = 0.0;
        int noticeable = 0;
    };
    QVector<Candidate> candidates;
    for (const FitParameter &p : candidatesFor(cases, base)) {
        Candidate c{p, effectOf(cases, base, basePredictions, p)};
        for (const double e : c.effect) {
            c.weight += std::fabs(e);
            c.noticeable += std::fabs(e) >= kNoticeable ? 1 : 0;
        }
        candidates << c;
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate &a, const Candidate &b) { return a.weight > b.weight; });

    const int mostFactors = std::max(1, std::min(result.runs, result.values / kValuesPerFactor));
    QVector<const Candidate *> chosen;
    for (const Candidate &c : candidates) {
        Factor factor{c.parameter, c.parameter.start, c.parameter.start, false, {}};
        const auto parallel = std::find_if(chosen.cbegin(), chosen.cend(), [&c](const Candidate *taken) {
            return std::fabs(cosine(c.effect, taken->effect)) > kParallel;
        });
        if (c.noticeable < 2)
            factor.keptBecause =
                tr("fewer than two of the measured numbers change by 2% when it changes by 20%");
        else if (parallel != chosen.cend())
            factor.keptBecause =
                tr("it moves these runs' numbers as %1 does: the runs cannot tell the two apart")
                    .arg(factorName((*parallel)->parameter));
        else if (chosen.size() >= mostFactors)
            factor.keptBecause = tr("%1 runs with %2 measured numbers pin down at most %3 of these factors")
                                     .arg(result.runs)
                                     .arg(result.values)
                                     .arg(mostFactors);
        else
            chosen << &c;
        result.factors << factor;
    }
    QVector<FitParameter> parameters;
    for (const Candidate *c : chosen)
        parameters << c->parameter;

    // A base above a factor's physical bound (an older fit) starts the search at the bound.
    EfficiencyParameters start = base;
    for (const FitParameter &p : parameters)
        CalibrationDescent::assign(start, p,
                                   std::clamp(CalibrationDescent::current(start, p), p.minimum, p.maximum));
    EfficiencyParameters fitted = searchFrom(start, cases, parameters);
    for (Factor &factor : result.factors) {
        factor.after = CalibrationDescent::current(fitted, factor.parameter);
        factor.moved = factor.keptBecause.isEmpty();
    }

    EfficiencyParameters::UserFit record;
    record.baseProfileId = base.userFit ? base.userFit->baseProfileId : base.profileId;
    for (const MeasuredRunCase &c : cases)
        record.runIds << c.runId;
    record.files = files;
    record.fittedAt = fittedAt;
    record.errorBefore = medianError(cases, basePredictions);
    record.errorAfter = medianError(cases, predictAll(cases, fitted));
    for (const FitParameter &p : parameters)
        record.moved << factorName(p);

    // Each run predicted by the fit without it: the error to expect on a run the profile has not seen, and
    // the residuals of its own bands. With one run there is nothing left to fit on.
    QVector<UncertaintyResidual> residuals;
    if (cases.size() >= kFewestRunsToCheck) {
        Predictions held(cases.size());
        for (qsizetype i = 0; i < cases.size(); ++i) {
            QVector<MeasuredRunCase> others = cases;
            others.removeAt(i);
            held[i] = MeasuredRunCases::predict(cases[i], searchFrom(start, others, parameters));
        }
        record.leaveOneOutError = medianError(cases, held);
        for (qsizetype i = 0; i < cases.size(); ++i)
            for (qsizetype v = 0; v < cases[i].values.size(); ++v)
                if (held[i].value(v) > 0.0)
                    residuals << UncertaintyResidual{
                        MeasuredRunCases::uncertaintyKind(cases[i].values[v].metric),
                        name,
                        tr("your runs"),
                        cases[i].gpu.gpuId,
                        residualOf(cases[i].values[v], held[i].value(v)),
                        QString()};
    }
    record.bands = UncertaintyTable::fit(residuals);

    fitted.profileId = name;
    fitted.profileName = name;
    // The engine the base was measured on is not what this profile was fitted on: the user's runs are.
    fitted.engine = tr("your measured runs (from %1)").arg(record.baseProfileId);
    fitted.userFit = record;
    result.fitted = fitted;
    // Kept only when it predicts runs it has not seen better than the base does.
    // -> QString: a QStringBuilder returned would refer to the temporary number (use after free).
    const auto figure = [](double error) -> QString { return QString::number(100.0 * error, 'f', 1) + u'%'; };
    if (!record.leaveOneOutError)
        result.error = tr("one run cannot show that a fit helps (each run is checked against a fit made "
                          "without it): import another run; nothing was saved");
    else if (!(*record.leaveOneOutError < record.errorBefore))
        result.error = tr("the fit does not help: median error %1 with %2, %3 with each run left out of the "
                          "fit (%4 on the runs it was fitted on); nothing was saved")
                           .arg(figure(record.errorBefore), base.profileId, figure(*record.leaveOneOutError),
                                figure(record.errorAfter));
    return result;
}

} // namespace UserProfileFit
