#pragma once

#include "app/analysis/Estimate.h"
#include "widgets/compare/ComparisonData.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <utility>

// The 80% ranges of the estimates (Estimate::ranges) as the table and the charts show them: which table
// row shows which estimated number, its range scaled to the row's unit (MFU in %, the budget in days), and
// the words of a cell's tooltip.
class RangeRows
{
    Q_DECLARE_TR_FUNCTIONS(RangeRows)
public:
    // The dotted `estimate --json` path of the number a table row shows; empty for rows without one.
    static QString pathFor(const QString &rowId);
    // The range of the number shown as `shown` in row rowId, in the row's unit; nullopt without a range.
    static std::optional<std::pair<double, double>> interval(const Estimate &estimate, const QString &rowId,
                                                             double shown);
    // The tooltip line of a cell: "80% range 61.2 to 74.9 tokens/s (±10%: llama.cpp decode, 53
    // measurements, leave-one-GPU-out)", or why the number has none; empty for rows without an estimate.
    static QString cellText(const Estimate &estimate, const QString &rowId, double shown,
                            const QString &unit);
    // Adds cellText to the tooltip of every cell of the table's workload rows that has a value, and the
    // range's spread ("±10%") beside the number where the cell has no note of its own.
    static void annotate(ComparisonData &table, const QVector<Estimate> &estimates);
};
