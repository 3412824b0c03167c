#include "CostModel.h"

#include <QCoreApplication>

namespace CostModel {

CostResult run(const GpuSpec &gpu, const Workload &w, int gpus, double tokensPerS, double budgetHours,
               MathLog *math)
{
    CostResult r;
    r.usdPerGpuHour = w.usdPerGpuHour ? w.usdPerGpuHour : gpu.usdPerGpuHour;
    const double tdp = gpu.tdpW.value_or(0.0);
    r.powerW = tdp * w.utilisation * gpus;
    if (tokensPerS > 0.0) {
        r.joulesPerToken = r.powerW / tokensPerS;
        r.electricityUsdPerMillionTokens = r.joulesPerToken * 1e6 / 3.6e6 * w.usdPerKwh;
        if (r.usdPerGpuHour)
            r.usdPerMillionTokens = *r.usdPerGpuHour * gpus / 3600.0 / tokensPerS * 1e6;
    }
    if (r.usdPerGpuHour && budgetHours > 0.0)
        r.usdForBudget = *r.usdPerGpuHour * gpus * budgetHours;
    if (math) {
        const auto n = [](double value) { return MathLog::number(value); };
        if (r.usdPerMillionTokens)
            math->add(
                QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "rental per million tokens")),
                QCoreApplication::translate("CostModel", "$/GPU-hour x GPUs / 3600 / tokens per s x 1e6"),
                QStringLiteral("%1 x %2 / 3600 / %3 x 1e6")
                    .arg(n(*r.usdPerGpuHour))
                    .arg(gpus)
                    .arg(n(tokensPerS)),
                *r.usdPerMillionTokens, QStringLiteral("USD"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "power (all GPUs)")),
                  QCoreApplication::translate("CostModel", "TDP x utilisation x GPUs"),
                  QStringLiteral("%1 x %2 x %3").arg(n(tdp), n(w.utilisation)).arg(gpus), r.powerW,
                  QStringLiteral("W"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "energy per token")),
                  QCoreApplication::translate("CostModel", "power / tokens per s"),
                  QStringLiteral("%1 / %2").arg(n(r.powerW), n(tokensPerS)), r.joulesPerToken,
                  QStringLiteral("J"));
        math->add(QStringLiteral(QT_TRANSLATE_NOOP("MathTerm", "electricity per million tokens")),
                  QCoreApplication::translate("CostModel", "J/token x 1e6 / 3.6e6 x $/kWh"),
                  QStringLiteral("%1 x 1e6 / 3.6e6 x %2").arg(n(r.joulesPerToken), n(w.usdPerKwh)),
                  r.electricityUsdPerMillionTokens, QStringLiteral("USD"));
    }
    return r;
}

} // namespace CostModel
