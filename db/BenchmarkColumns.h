#pragma once

#include "db/Benchmark.h"

// The benchmark record's text fields, one table for the CSV parser and the repository: the name in the
// published calibration files' header, the benchmarks table's column, and the member it fills.
struct BenchmarkTextColumn
{
    const char *csvName;
    const char *column;
    QString Benchmark::*member;
};

inline constexpr BenchmarkTextColumn kBenchmarkTextColumns[] = {
    {"bench_id", "bench_id", &Benchmark::benchId},
    {"category", "category", &Benchmark::category},
    {"gpu_id", "gpu_id", &Benchmark::gpuId},
    {"gpu_as_reported", "gpu_as_reported", &Benchmark::gpuAsReported},
    {"system_or_submitter", "system", &Benchmark::system},
    {"model", "model", &Benchmark::model},
    {"task", "task", &Benchmark::task},
    {"precision_or_quant", "precision", &Benchmark::precision},
    {"batch_size", "batch_size", &Benchmark::batchSize},
    {"input_len", "input_length", &Benchmark::inputLength},
    {"output_len", "output_length", &Benchmark::outputLength},
    {"framework", "framework", &Benchmark::framework},
    {"metric", "metric", &Benchmark::metric},
    {"unit", "unit", &Benchmark::unit},
    {"scenario_constraints", "constraints", &Benchmark::constraints},
    {"date_or_version", "date_or_version", &Benchmark::dateOrVersion},
    {"source", "source", &Benchmark::source},
    {"reliability", "reliability", &Benchmark::reliability},
    {"notes", "notes", &Benchmark::notes},
};
