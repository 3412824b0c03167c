#pragma once

#include "app/analysis/OutputQuantity.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// One quantity compared across the GPUs, prepared by a controller; the table knows nothing about GPUs.
struct ComparisonRow
{
    QString id;      // stable key for the quantity: selecting a cell reports (id, column) to ask for its math
    QString section; // group heading, e.g. "Specs", "Memory", "Speed", "Cost"; consecutive rows share one
    QString label;   // "FP16 tensor, dense"
    QString unit;    // "TFLOPS"; shown on the row
    // Which value of the row is best: the analysis layer's direction (a datasheet row's too), so that an
    // estimate's quantity and its row say it with the same enum.
    QuantityBetter betterWhen = QuantityBetter::None;
    QVector<std::optional<double>> values; // one per column; nullopt shows "n/a"
    QVector<QString> notes; // one per column (may be shorter): "sparse", "measured: 1,234 tok/s"
    QString detail;         // more about the quantity (method, source), shown as the label's tooltip
    // One per column (may be shorter): why a column has no value when the GPU's record lacks one it needs
    // ("needs memory bandwidth"), shown instead of "n/a"; such a cell is never the best.
    QVector<QString> missing;
    // One per column (may be shorter): more about that one value, added to its tooltip (why a measured
    // value is doubted).
    QVector<QString> cellDetails;
};

struct ComparisonData
{
    QStringList columnTitles; // one per GPU, e.g. "H100 SXM5"
    QVector<ComparisonRow> rows;
    // Sections shown folded (heading only) until the user opens them: the datasheet's rows once a workload
    // is estimated, so its results come first on screen.
    QStringList foldedSections;
};
