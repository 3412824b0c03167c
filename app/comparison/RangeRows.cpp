#include "app/comparison/RangeRows.h"

#include "app/analysis/EstimateRanges.h"
#include "app/analysis/OutputQuantity.h"
#include "widgets/common/ValueFormat.h"

QString RangeRows::pathFor(const QString &rowId)
{
    // Only the estimated speeds, times, costs and the memory have a range (EstimateRanges); the other
    // paths (a batch, a layout) find none there.
    const OutputQuantityInfo *quantity = OutputQuantities::find(rowId);
    return quantity ? QString::fromLatin1(quantity->jsonPath) : QString();
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
