#include "app/comparison/RangeRows.h"

#include "app/analysis/EstimateRanges.h"
#include "widgets/common/ValueFormat.h"

#include <QHash>

QString RangeRows::pathFor(const QString &rowId)
{
    static const QHash<QString, QString> paths{
        {QStringLiteral("fit.memory"), QStringLiteral("memory.per_gpu_gb")},
        {QStringLiteral("infer.ttft"), QStringLiteral("inference.ttft_ms")},
        {QStringLiteral("infer.tpot"), QStringLiteral("inference.tpot_ms")},
        {QStringLiteral("infer.decode"), QStringLiteral("inference.decode_tokens_per_s")},
        {QStringLiteral("infer.throughput"), QStringLiteral("inference.throughput_tokens_per_s")},
        {QStringLiteral("serve.ttft.p50"), QStringLiteral("serving.ttft_ms.p50")},
        {QStringLiteral("serve.tpot.p50"), QStringLiteral("serving.tpot_ms.p50")},
        {QStringLiteral("serve.ttft.p90"), QStringLiteral("serving.ttft_ms.p90")},
        {QStringLiteral("serve.tpot.p90"), QStringLiteral("serving.tpot_ms.p90")},
        {QStringLiteral("serve.queue.p90"), QStringLiteral("serving.queue_ms.p90")},
        {QStringLiteral("serve.throughput"), QStringLiteral("serving.output_tokens_per_s")},
        {QStringLiteral("serve.requests"), QStringLiteral("serving.requests_per_s")},
        {QStringLiteral("train.step"), QStringLiteral("training.step_time_s")},
        {QStringLiteral("train.tokens"), QStringLiteral("training.tokens_per_s")},
        {QStringLiteral("train.tokens-per-gpu"), QStringLiteral("training.tokens_per_s_per_gpu")},
        {QStringLiteral("train.samples"), QStringLiteral("training.samples_per_s")},
        {QStringLiteral("train.mfu"), QStringLiteral("training.mfu")},
        {QStringLiteral("train.hfu"), QStringLiteral("training.hfu")},
        {QStringLiteral("train.budget"), QStringLiteral("training.budget_days")},
        {QStringLiteral("train.gpu-hours"), QStringLiteral("training.budget_gpu_hours")},
        {QStringLiteral("train.energy"), QStringLiteral("training.budget_energy_kwh")},
        {QStringLiteral("cost.per-million"), QStringLiteral("cost.usd_per_million_tokens")},
        {QStringLiteral("cost.budget"), QStringLiteral("training.budget_usd")},
        {QStringLiteral("cost.energy"), QStringLiteral("cost.joules_per_token")},
        {QStringLiteral("cost.electricity"), QStringLiteral("cost.electricity_usd_per_million_tokens")},
    };
    return paths.value(rowId);
}

std::optional<std::pair<double, double>> RangeRows::interval(const Estimate &estimate, const QString &rowId,
                                                             double shown)
{
    const ValueRange *range = EstimateRanges::find(estimate, pathFor(rowId));
    if (!range || range->value <= 0.0)
        return std::nullopt;
    // The row may show the number in another unit (MFU in %, the budget in days): scale alike.
    const double scale = shown / range->value;
    return std::pair{range->low * scale, range->high * scale};
}

QString RangeRows::cellText(const Estimate &estimate, const QString &rowId, double shown, const QString &unit)
{
    const QString path = pathFor(rowId);
    if (path.isEmpty())
        return {};
    if (const auto bounds = interval(estimate, rowId, shown))
        return tr("80% range %1 to %2 (%3)")
            .arg(ValueFormat::number(bounds->first), ValueFormat::withUnit(bounds->second, unit),
                 EstimateRanges::find(estimate, path)->text());
    return estimate.unranged.value(path);
}

void RangeRows::annotate(ComparisonData &table, const QVector<Estimate> &estimates)
{
    for (ComparisonRow &row : table.rows) {
        if (pathFor(row.id).isEmpty())
            continue;
        row.cellDetails.resize(std::max(row.cellDetails.size(), estimates.size()));
        for (qsizetype column = 0; column < estimates.size() && column < row.values.size(); ++column) {
            if (!row.values.at(column))
                continue;
            const Estimate &estimate = estimates.at(column);
            const QString text = cellText(estimate, row.id, *row.values.at(column), row.unit);
            if (text.isEmpty())
                continue;
            // The spread beside the number, so that a 5% number and a 30% one do not read alike; a cell's
            // own note ("does not fit", a measured doubt) keeps its place.
            const ValueRange *range = EstimateRanges::find(estimate, pathFor(row.id));
            if (range && row.notes.value(column).isEmpty()) {
                row.notes.resize(std::max(row.notes.size(), estimates.size()));
                row.notes[column] = range->spreadText();
            }
            QString &detail = row.cellDetails[column];
            detail = detail.isEmpty() ? text : detail + u'\n' + text;
        }
    }
}
