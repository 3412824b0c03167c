#pragma once

#include "app/analysis/Precision.h"
#include "db/GpuField.h"

#include <QString>
#include <QStringList>
#include <QVector>

// Datasheet values an estimate needs and a GPU's record lacks (the normal state of a GPU just added):
// which ones, and the one wording the window and the command line say it with ("needs memory
// bandwidth"), so a missing value is never shown as 0.
namespace MissingSpecs {

// The compute-rate field a workload's math precision reads first (FP16/BF16 dense for bf16 and GGUF).
GpuField::Id computeField(Precision mathPrecision);

// "memory size", "memory bandwidth", "FP16/BF16 dense compute rate", "board power (TDP)" (translated,
// context MissingSpecs).
QString what(GpuField::Id field);

// "needs memory bandwidth", "needs memory bandwidth and FP16/BF16 dense compute rate"; empty for none.
QString needsText(const QVector<GpuField::Id> &fields);

// The catalogue's names of the fields, for --json: "memory_bandwidth_gbs".
QStringList keys(const QVector<GpuField::Id> &fields);

} // namespace MissingSpecs
