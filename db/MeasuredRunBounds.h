#pragma once

#include "db/MeasuredRun.h"

#include <QString>
#include <QVector>
#include <optional>

// The plausible bounds of what a run measures: every number of a MeasuredRun named once with its unit and
// the most a real run can have (issue 60: a mean TTFT of 1e308 ms was imported and fitted). Every door
// reads runs through here: the measurement readers (command line, files dropped on the window) and the
// catalogue's JSON import. Entered values of the same kind (a TTFT target, a price, days) share the bounds
// below (WorkloadDefaults).
namespace MeasuredRunBounds {

inline constexpr double kMostLatencyMs = 86'400'000.0; // a day: no request of a benchmark waits longer
inline constexpr double kMostTokensPerS = 1e9;         // tokens/s of one run, all its GPUs
inline constexpr double kMostRequestsPerS = 1e7;
inline constexpr double kMostRequests = 1e9;
inline constexpr double kMostDurationS = 1e7;      // about 116 days
inline constexpr double kMostStepTimeS = 86'400.0; // a training step: a day
inline constexpr double kMostTokensPerRequest = 1e7;

struct Bound
{
    const char *name; // "TTFT mean": as messages name it
    const char *unit; // "ms"
    double most;
    std::optional<double> MeasuredRun::*top = nullptr;                  // a number of the run
    std::optional<double> MeasuredRun::Latency::*latencyPart = nullptr; // with latency: one of its parts
    MeasuredRun::Latency MeasuredRun::*latency = nullptr;
    std::optional<double> MeasuredRun::LlamaBench::*bench = nullptr;
    std::optional<double> MeasuredRun::Training::*training = nullptr;
};

// The table: every number a run may hold.
const QVector<Bound> &all();

// The first number above its bound, as "the TTFT mean is 1e+308 ms, above the 86400000 ms a run can
// take"; empty when every number is plausible (an unlimited request rate, infinity, is one).
QString problem(const MeasuredRun &run);

} // namespace MeasuredRunBounds
