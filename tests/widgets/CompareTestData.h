#pragma once

#include "widgets/compare/ComparisonData.h"
#include "widgets/compare/VerdictData.h"

#include <QVector>

// Realistic data for the compare views: the seed article's five GPUs.
namespace CompareTestData {

inline ComparisonRow row(const QString &id, const QString &section, const QString &label, const QString &unit,
                         QuantityBetter better, QVector<std::optional<double>> values,
                         QVector<QString> notes = {})
{
    ComparisonRow r;
    r.id = id;
    r.section = section;
    r.label = label;
    r.unit = unit;
    r.betterWhen = better;
    r.values = std::move(values);
    r.notes = std::move(notes);
    return r;
}

inline ComparisonData seedComparison()
{
    using B = QuantityBetter;
    ComparisonData data;
    data.columnTitles = {QStringLiteral("H100 SXM5"), QStringLiteral("H200 SXM"),
                         QStringLiteral("A100 80GB SXM4"), QStringLiteral("RTX A6000"),
                         QStringLiteral("L40S")};
    const QString specs = QStringLiteral("Specs");
    const QString memory = QStringLiteral("Memory");
    const QString speed = QStringLiteral("Speed");
    const QString cost = QStringLiteral("Cost");
    data.rows = {
        row(QStringLiteral("fp16-dense"), specs, QStringLiteral("FP16 tensor, dense"),
            QStringLiteral("TFLOPS"), B::Higher, {989.4, 989.4, 312.0, 154.8, 362.05}),
        row(QStringLiteral("fp8-dense"), specs, QStringLiteral("FP8 tensor, dense"), QStringLiteral("TFLOPS"),
            B::Higher, {1978.9, 1978.9, std::nullopt, std::nullopt, 733.0}),
        row(QStringLiteral("fp16-sparse"), specs, QStringLiteral("FP16 tensor, 2:4 sparse"),
            QStringLiteral("TFLOPS"), B::Higher, {1978.9, 1978.9, 624.0, 309.7, 733.0},
            {QStringLiteral("sparse"), QStringLiteral("sparse"), QStringLiteral("sparse"),
             QStringLiteral("sparse"), QStringLiteral("sparse")}),
        row(QStringLiteral("tdp"), specs, QStringLiteral("Board power"), QStringLiteral("W"), B::None,
            {700.0, 700.0, 400.0, 300.0, 350.0}),
        row(QStringLiteral("memory"), memory, QStringLiteral("Memory capacity"), QStringLiteral("GB"),
            B::Higher, {80.0, 141.0, 80.0, 48.0, 48.0}),
        row(QStringLiteral("bandwidth"), memory, QStringLiteral("Memory bandwidth"), QStringLiteral("GB/s"),
            B::Higher, {3350.0, 4800.0, 2039.0, 768.0, 864.0}),
        row(QStringLiteral("decode"), speed, QStringLiteral("Decode, Llama 3 8B fp16, batch 1"),
            QStringLiteral("tokens/s"), B::Higher, {144.0, 195.0, 92.0, 35.0, 40.0},
            {QStringLiteral("measured: 143 tokens/s"), {}, QStringLiteral("measured: 88 tokens/s"), {}, {}}),
        row(QStringLiteral("ttft"), speed, QStringLiteral("Time to first token, 2k prompt"),
            QStringLiteral("ms"), B::Lower, {41.0, 40.0, 118.0, 245.0, 110.0}),
        row(QStringLiteral("cost-per-mtok"), cost, QStringLiteral("Cost per million output tokens"),
            QStringLiteral("$"), B::Lower, {5.2, 4.8, 4.9, std::nullopt, 6.1}),
    };
    return data;
}

inline QVector<VerdictData> seedVerdicts()
{
    auto v = [](const QString &name, VerdictLevel training, QStringList trainingReasons,
                VerdictLevel inference, QStringList inferenceReasons) {
        VerdictData d;
        d.gpuName = name;
        d.training = training;
        d.trainingReasons = std::move(trainingReasons);
        d.inference = inference;
        d.inferenceReasons = std::move(inferenceReasons);
        return d;
    };
    return {
        v(QStringLiteral("H100 SXM5"), VerdictLevel::Recommended,
          {QStringLiteral("989 TFLOPS dense FP16, FP8 Transformer Engine"),
           QStringLiteral("NVLink 900 GB/s for multi-GPU")},
          VerdictLevel::Recommended, {QStringLiteral("3,350 GB/s keeps decode fast")}),
        v(QStringLiteral("H200 SXM"), VerdictLevel::Recommended,
          {QStringLiteral("141 GB fits larger models per GPU")}, VerdictLevel::Recommended,
          {QStringLiteral("4,800 GB/s: fastest decode of the five")}),
        v(QStringLiteral("A100 80GB SXM4"), VerdictLevel::Suitable,
          {QStringLiteral("312 TFLOPS dense; no FP8")}, VerdictLevel::Suitable,
          {QStringLiteral("2,039 GB/s")}),
        v(QStringLiteral("RTX A6000"), VerdictLevel::Unsuitable,
          {QStringLiteral("48 GB cannot hold 8B full fine-tuning state (~128 GB)")}, VerdictLevel::Limited,
          {QStringLiteral("768 GB/s limits decode to ~35 tokens/s"),
           QStringLiteral("no NVLink across more than 2 cards")}),
        v(QStringLiteral("L40S"), VerdictLevel::Limited,
          {QStringLiteral("PCIe only: slow gradient all-reduce")}, VerdictLevel::Suitable,
          {QStringLiteral("FP8 support, 48 GB")}),
    };
}

} // namespace CompareTestData
