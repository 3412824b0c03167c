#pragma once

#include "db/Benchmark.h"

#include <QByteArray>
#include <QVector>
#include <optional>

// Reads resources/seed/benchmarks-calibration.csv (measured results with sources) into Benchmark
// records. value must be a number; value_per_gpu may be empty; num_gpus is a whole number >= 1.
namespace BenchmarkCsvParser {

std::optional<QVector<Benchmark>> parse(const QByteArray &csv, QString *error);

} // namespace BenchmarkCsvParser
