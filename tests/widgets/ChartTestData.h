#pragma once

#include "widgets/charts/ChartData.h"

#include <QStringList>

// Realistic chart data for the widget tests: the seed article's five GPUs (dense FP16 tensor figures).
namespace ChartTestData {

inline ChartData seedCompute()
{
    ChartData data;
    data.title = QStringLiteral("Dense FP16 tensor compute");
    data.valueAxisLabel = QStringLiteral("Dense FP16 tensor throughput (TFLOPS)");
    data.unit = QStringLiteral("TFLOPS");
    data.categories = {QStringLiteral("FP16/BF16")};
    data.series = {
        {QStringLiteral("H100 SXM5"), {989.4}, {}},      {QStringLiteral("H200 SXM"), {989.4}, {}},
        {QStringLiteral("A100 80GB SXM4"), {312.0}, {}}, {QStringLiteral("RTX A6000"), {154.8}, {}},
        {QStringLiteral("L40S"), {362.05}, {}},
    };
    data.footnote = QStringLiteral("Dense figures (without 2:4 sparsity).");
    return data;
}

inline ChartData seedMemoryAndBandwidth()
{
    ChartData data;
    data.title = QStringLiteral("Memory bandwidth");
    data.valueAxisLabel = QStringLiteral("Memory bandwidth (GB/s)");
    data.unit = QStringLiteral("GB/s");
    data.categories = {QStringLiteral("HBM / GDDR bandwidth")};
    data.series = {
        {QStringLiteral("H100 SXM5"), {3350.0}, {}},
        {QStringLiteral("H200 SXM"), {4800.0}, {}},
        {QStringLiteral("A100 80GB SXM4"), {2039.0}, {}},
        {QStringLiteral("RTX A6000"), {768.0}, {}},
        {QStringLiteral("L40S"), {864.0}, {}},
    };
    return data;
}

inline ChartData seedRadar()
{
    ChartData data;
    data.title = QStringLiteral("Normalised strengths");
    data.valueAxisLabel = QStringLiteral("Relative to the best GPU shown (1 = best)");
    data.categories = {QStringLiteral("Compute"),          QStringLiteral("Memory"),
                       QStringLiteral("Bandwidth"),        QStringLiteral("Interconnect"),
                       QStringLiteral("Power efficiency"), QStringLiteral("Price efficiency")};
    data.series = {
        {QStringLiteral("H100 SXM5"), {1.0, 0.567, 0.698, 1.0, 0.85, 0.55}, {}},
        {QStringLiteral("H200 SXM"), {1.0, 1.0, 1.0, 1.0, 0.9, 0.5}, {}},
        {QStringLiteral("A100 80GB SXM4"), {0.315, 0.567, 0.425, 0.667, 0.55, 0.7}, {}},
        {QStringLiteral("RTX A6000"), {0.156, 0.34, 0.16, std::nullopt, 0.4, 0.8}, {}},
        {QStringLiteral("L40S"), {0.366, 0.34, 0.18, 0.0, 0.6, 1.0}, {}},
    };
    data.footnote = QStringLiteral("Each axis divides by the best value among the GPUs shown.");
    return data;
}

} // namespace ChartTestData
