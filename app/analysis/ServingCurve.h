#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Workload.h"
#include "db/GpuSpec.h"

#include <QVector>

// The latency curve against users: the estimator asked for one deployment (the workload's split, as it
// would be estimated), then simulated in a closed loop at each user count. Above the estimator, which does
// not call it.
namespace ServingCurve {

struct Point
{
    int concurrency = 0; // users on the whole deployment
    double ttftP90Ms = 0.0;
    double tpotP90Ms = 0.0;
    double outputTokensPerS = 0.0; // deployment
};

// User counts for a curve: 1, 2, 4, ... up to `upTo` (always included).
QVector<int> userCounts(int upTo);

// p90 TTFT and TPOT in a closed loop at each user count (the workload's lengths, engine and split; its
// own traffic ignored). Empty when the workload does not fit this GPU.
QVector<Point> curve(const GpuSpec &gpu, const Workload &workload, const EfficiencyParameters &parameters,
                     const QVector<int> &users);

} // namespace ServingCurve
