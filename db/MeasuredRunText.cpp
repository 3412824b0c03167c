#include "db/MeasuredRunText.h"

#include <QStringList>

namespace MeasuredRunText {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 4);
}

} // namespace

QString headline(const MeasuredRun &run)
{
    QStringList parts;
    if (run.ttftMs.median)
        parts << QStringLiteral("TTFT %1 ms").arg(number(*run.ttftMs.median));
    if (run.tpotMs.median)
        parts << QStringLiteral("TPOT %1 ms").arg(number(*run.tpotMs.median));
    if (run.outputTokensPerS)
        parts << QStringLiteral("%1 tok/s").arg(number(*run.outputTokensPerS));
    const MeasuredRun::LlamaBench &bench = run.llamaBench;
    if (bench.promptTokensPerS)
        parts << QStringLiteral("pp%1 %2 t/s")
                     .arg(bench.nPrompt.value_or(0))
                     .arg(number(*bench.promptTokensPerS));
    if (bench.generationTokensPerS)
        parts << QStringLiteral("tg%1 %2 t/s")
                     .arg(bench.nGen.value_or(0))
                     .arg(number(*bench.generationTokensPerS));
    if (bench.combinedTokensPerS)
        parts << QStringLiteral("pp%1+tg%2 %3 t/s")
                     .arg(bench.nPrompt.value_or(0))
                     .arg(bench.nGen.value_or(0))
                     .arg(number(*bench.combinedTokensPerS));
    if (run.training.tokensPerSPerGpu)
        parts << QStringLiteral("%1 tok/s/GPU").arg(number(*run.training.tokensPerSPerGpu));
    if (run.training.mfu)
        parts << QStringLiteral("MFU %1%").arg(number(*run.training.mfu * 100));
    return parts.join(QStringLiteral(", "));
}

} // namespace MeasuredRunText
