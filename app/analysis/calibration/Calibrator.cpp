#include "app/analysis/calibration/Calibrator.h"

#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"

#include <QSet>
#include <algorithm>
#include <cmath>

namespace Calibrator {

namespace {

void assign(EfficiencyParameters &parameters, const FitParameter &p, double value)
{
    if (PropertyTable *table = parameters.table(p.table))
        table->set(p.key, value);
}

} // namespace

double predict(const CalibrationPoint &point, const EfficiencyParameters &parameters)
{
    const Estimate e = Estimator::estimate(point.gpu, point.workload, parameters, EstimateOptions{false});
    switch (point.metric) {
    case CalibrationMetric::DecodeTokensPerS:
        return e.inference ? e.inference->decodeTokensPerS : 0.0;
    case CalibrationMetric::PrefillTokensPerS:
    case CalibrationMetric::SamplesPerS:
        return e.inference ? e.inference->prefillTokensPerS : 0.0;
    case CalibrationMetric::ThroughputTokensPerS:
        return e.inference ? e.inference->throughputTokensPerS : 0.0;
    case CalibrationMetric::TrainingSamplesPerS:
        return e.training ? e.training->samplesPerS : 0.0;
    case CalibrationMetric::TtftMs:
        return e.inference ? e.inference->ttftMs : 0.0;
    }
    return 0.0;
}

double objective(const QVector<CalibrationPoint> &points, const EfficiencyParameters &parameters)
{
    double sum = 0.0;
    for (const CalibrationPoint &point : points) {
        const double predicted = predict(point, parameters);
        sum += predicted > 0.0 && std::isfinite(predicted) ? std::fabs(std::log(predicted / point.measured))
                                                           : 10.0;
    }
    return points.isEmpty() ? 0.0 : sum / points.size();
}

QVector<double> absolutePercentageErrors(const QVector<CalibrationPoint> &points,
                                         const EfficiencyParameters &parameters)
{
    QVector<double> errors;
    for (const CalibrationPoint &point : points)
        errors.append(std::fabs(predict(point, parameters) / point.measured - 1.0));
    return errors;
}

double currentValue(const EfficiencyParameters &parameters, const FitParameter &p)
{
    EfficiencyParameters copy = parameters;
    const PropertyTable *table = copy.table(p.table);
    if (!table)
        return 1.0;
    if (p.key == QLatin1String("default"))
        return table->defaultValue();
    for (const auto &[name, value] : table->overrides())
        if (name == p.key)
            return value;
    return table->defaultValue();
}

double median(QVector<double> values)
{
    if (values.isEmpty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

EfficiencyParameters fit(const QVector<CalibrationPoint> &points, const EfficiencyParameters &start,
                         const QVector<FitParameter> &parameters)
{
    EfficiencyParameters best = start;
    for (const FitParameter &p : parameters)
        assign(best, p, p.start);
    double bestObjective = objective(points, best);
    double span = std::log(4.0);
    for (int round = 0; round < 5; ++round, span /= 2.5) {
        for (const FitParameter &p : parameters) {
            const double centre = currentValue(best, p);
            QVector<double> candidates;
            if (centre > 1e-9) {
                for (int step = -12; step <= 12; ++step)
                    candidates << centre * std::exp(span * step / 12.0);
            } else {
                for (int step = 0; step <= 12; ++step)
                    candidates << p.maximum * std::pow(10.0, -4.0 + 4.0 * step / 12.0);
            }
            if (p.minimum <= 0.0)
                candidates << 0.0;
            for (double value : candidates) {
                value = std::clamp(value, p.minimum, p.maximum);
                EfficiencyParameters trial = best;
                assign(trial, p, value);
                const double o = objective(points, trial);
                if (o < bestObjective - 1e-12) {
                    bestObjective = o;
                    best = trial;
                }
            }
        }
    }
    return best;
}

namespace {

template <typename Group>
QVector<double> leaveGroupOutPredictions(const QVector<CalibrationPoint> &points,
                                         const EfficiencyParameters &start,
                                         const QVector<FitParameter> &parameters, const Group &group)
{
    QStringList groups;
    for (const CalibrationPoint &point : points)
        if (!groups.contains(group(point.gpu)))
            groups << group(point.gpu);
    QVector<double> predictions(points.size(), 0.0);
    for (const QString &left : groups) {
        QVector<CalibrationPoint> training;
        for (const CalibrationPoint &point : points)
            if (group(point.gpu) != left)
                training.append(point);
        if (training.isEmpty())
            continue;
        const EfficiencyParameters fitted = fit(training, start, parameters);
        for (qsizetype i = 0; i < points.size(); ++i)
            if (group(points[i].gpu) == left)
                predictions[i] = predict(points[i], fitted);
    }
    return predictions;
}

} // namespace

QVector<double> leaveOneGpuOutPredictions(const QVector<CalibrationPoint> &points,
                                          const EfficiencyParameters &start,
                                          const QVector<FitParameter> &parameters)
{
    return leaveGroupOutPredictions(points, start, parameters, [](const GpuSpec &gpu) { return gpu.gpuId; });
}

QVector<double> leaveOneArchitectureOutPredictions(const QVector<CalibrationPoint> &points,
                                                   const EfficiencyParameters &start,
                                                   const QVector<FitParameter> &parameters)
{
    return leaveGroupOutPredictions(points, start, parameters, [](const GpuSpec &gpu) {
        return GpuCapabilities::architectureFamily(gpu).toString();
    });
}

EfficiencyParameters idealOf(const EfficiencyParameters &parameters)
{
    EfficiencyParameters ideal = parameters;
    EfficiencyParameters neutral = EfficiencyParameters::roofline();
    for (const QString &key : EfficiencyParameters::tableKeys())
        *ideal.table(key) = *neutral.table(key);
    ideal.useFp16AccumulatePeak = false;
    ideal.achievableRates = false; // the datasheet's rates: the ideal, not what kernels reach
    ideal.calibratedStacks.clear();
    ideal.frameworkOverheadGb = 0.0;
    return ideal;
}

} // namespace Calibrator
