#pragma once

#include <QString>

#include <optional>

// What the workload form holds, as plain values. The window's controller turns it into the
// estimator's Workload; the form itself knows nothing about the estimator.
struct WorkloadFormValues
{
    QString modelId = QStringLiteral("llama-3-8b");
    QString customConfigPath; // a local Hugging Face config.json; used when modelId is empty
    QString task = QStringLiteral("inference"); // inference, training, lora, qlora
    QString weightPrecision = QStringLiteral("bf16");
    QString kvPrecision = QStringLiteral("bf16");
    int batch = 1;
    int inputTokens = 1024;
    int outputTokens = 256;
    int sequenceLength = 4096; // training
    int gpus = 1;
    int tensorParallel = 0;   // 0 = automatic
    int pipelineParallel = 0; // 0 = automatic
    int zeroStage = 1;
    QString recompute = QStringLiteral("selective"); // none, selective, full
    QString profileId; // empty = the task's default profile
    std::optional<double> usdPerGpuHour; // nullopt = each GPU's catalogue default
    double usdPerKwh = 0.15;
    double trainTokensBillions = 1.0;

    bool isTraining() const { return task != QStringLiteral("inference"); }
    bool operator==(const WorkloadFormValues &) const = default;
};

// Where a value in the form is wrong, and why; shown at the field.
struct WorkloadFieldError
{
    QString field; // one of the WorkloadForm::Field names: "batch", "tensorParallel", ...
    QString reason;
};
