// The planner (issue 19's budgets, one core): the serving search over 24 GPU types <= 1 s; the training
// search <= 200 ms. What the Plan tab and `gpucompare plan` wait for. docs/performance.md records the
// figures.

#include "app/analysis/Planner.h"
#include "db/DatasheetCsvParser.h"
#include "db/SeedCatalogue.h"

#include <QFile>
#include <benchmark/benchmark.h>

namespace {

// The seed catalogue's 22 GPUs plus two more (an H100 and an A100 at another price) to make 24 types.
const CatalogueSnapshot &catalogue()
{
    static const CatalogueSnapshot snapshot = [] {
        CatalogueSnapshot result;
        const QString seed = QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/");
        QFile csv(seed + QStringLiteral("gpu-specs.csv"));
        csv.open(QIODevice::ReadOnly);
        QString error;
        result.gpus = DatasheetCsvParser::parse(csv.readAll(), &error).value_or(QVector<GpuSpec>{});
        for (const char *id : {"h100_sxm5_80gb", "a100_sxm4_80gb"})
            if (const GpuSpec *gpu = result.findGpu(QLatin1String(id))) {
                GpuSpec other = *gpu;
                other.gpuId += QStringLiteral("_other_price");
                other.usdPerGpuHour = other.usdPerGpuHour.value_or(2.0) * 0.8;
                result.gpus.append(other);
            }
        result.models =
            SeedCatalogue::readModels(seed + QStringLiteral("models.json")).value_or(QVector<ModelSpec>{});
        result.profiles = SeedCatalogue::readProfiles(seed + QStringLiteral("profiles.json"))
                              .value_or(QVector<EfficiencyProfile>{});
        return result;
    }();
    return snapshot;
}

void measure(benchmark::State &state, const PlanRequest &request)
{
    int searched = 0;
    for (auto _ : state) {
        const PlanResult result = Planner::plan(request, catalogue());
        searched = result.searched;
        benchmark::DoNotOptimize(result.plans.data());
    }
    state.counters["gpu_types"] = double(catalogue().gpus.size());
    state.counters["configurations"] = searched;
}

// Serve Llama-3.3-70B to 50 users (1,024 in, 256 out), TTFT p90 <= 2 s, TPOT p90 <= 50 ms.
void servingPlan(benchmark::State &state)
{
    PlanRequest request;
    request.workload.modelId = QStringLiteral("llama-3.3-70b");
    request.workload.concurrency = 50;
    request.workload.ttftP90Ms = 2000.0;
    request.workload.tpotP90Ms = 50.0;
    if (state.range(0) == 3)
        request.precisions = {Precision::Bf16, Precision::Fp8, Precision::Int4};
    measure(state, request);
}
BENCHMARK(servingPlan)->Arg(1)->Arg(3)->ArgName("precisions")->Unit(benchmark::kMillisecond);

// Train a 13B model (Llama-2 13B) on 1 T tokens in 30 days.
void trainingPlan(benchmark::State &state)
{
    PlanRequest request;
    request.workload.modelId = QStringLiteral("llama-2-13b");
    request.workload.task = Task::Training;
    request.workload.trainTokens = 1e12;
    request.deadlineDays = 30.0;
    if (state.range(0) == 2)
        request.precisions = {Precision::Bf16, Precision::Fp8};
    measure(state, request);
}
BENCHMARK(trainingPlan)->Arg(1)->Arg(2)->ArgName("precisions")->Unit(benchmark::kMillisecond);

} // namespace
