#include "app/analysis/calibration/CalibrationDescent.h"

namespace CalibrationDescent {

namespace {

const QString kKvMemoryFraction = QStringLiteral("kv_memory_fraction");

} // namespace

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

} // namespace CalibrationDescent
