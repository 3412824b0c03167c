#pragma once

#include "db/MeasuredRun.h"

#include <QString>

namespace MeasuredRunText {

// A run's headline figures, as `measurements list` and the window's Measurements view show them: serving
// latencies and throughput ("TTFT 55.12 ms, TPOT 6.28 ms, 2425 tok/s"), llama-bench's rate, or training's.
QString headline(const MeasuredRun &run);

} // namespace MeasuredRunText
