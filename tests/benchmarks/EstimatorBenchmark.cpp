// Estimator throughput: GPU x workload evaluations per second on one core (issue 8's target:
// >= 1,000,000 with the math terms off). items_per_second is the figure; docs/estimator.md records it.

#include "app/analysis/Estimator.h"
#include "app/analysis/TrainingRecipe.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/DatasheetCsvParser.h"
#include "db/SeedCatalogue.h"

#include <QFile>
#include <benchmark/benchmark.h>

namespace {

struct Fixture
{
    QVector<GpuSpec> gpus;
    QVector<Workload> workloads;
    EfficiencyParameters inference;
    EfficiencyParameters training;
    EfficiencyParameters fsdp;
    ModelSpec llama70b;
    ModelSpec deepseekV3;
    EfficiencyParameters megatron;
    ResolvedWorkload comparison; // Llama-3 8B inference, as the window's default resolves it
};

const Fixture &fixture()
{
    static const Fixture f = [] {
        Fixture result;
        const QString seed = QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/");
        QFile csv(seed + QStringLiteral("gpu-specs.csv"));
        csv.open(QIODevice::ReadOnly);
        QString error;
        result.gpus = DatasheetCsvParser::parse(csv.readAll(), &error).value_or(QVector<GpuSpec>{});
        const auto models =
            SeedCatalogue::readModels(seed + QStringLiteral("models.json")).value_or(QVector<ModelSpec>{});
        const auto profiles = SeedCatalogue::readProfiles(seed + QStringLiteral("profiles.json"))
                                  .value_or(QVector<EfficiencyProfile>{});
        for (const EfficiencyProfile &profile : profiles) {
            if (profile.profileId == QLatin1String("vllm"))
                result.inference = *EfficiencyParameters::fromProfile(profile);
            if (profile.profileId == QLatin1String("pytorch-amp"))
                result.training = *EfficiencyParameters::fromProfile(profile);
            if (profile.profileId == QLatin1String("fsdp"))
                result.fsdp = *EfficiencyParameters::fromProfile(profile);
            if (profile.profileId == QLatin1String("megatron"))
                result.megatron = *EfficiencyParameters::fromProfile(profile);
        }
        for (const ModelSpec &model : models) {
            if (model.modelId == QLatin1String("llama-3-70b"))
                result.llama70b = model;
            if (model.modelId == QLatin1String("deepseek-v3"))
                result.deepseekV3 = model;
            if (model.modelId != QLatin1String("llama-3-8b") &&
                model.modelId != QLatin1String("llama-3-70b") &&
                model.modelId != QLatin1String("mixtral-8x7b"))
                continue;
            Workload w;
            w.model = model;
            result.workloads << w; // inference, batch 1
            w.batch = 32;
            w.gpuCount = 8;
            result.workloads << w; // inference, batch 32 on 8 GPUs
            w.task = Task::Training;
            w.batch = 32;
            w.microBatch = 4;
            w.zeroStage = 1;
            // One layout, data parallel over the 8 GPUs: an evaluation. Left automatic, the estimate would be
            // the layout search's (hundreds of evaluations; BM_TrainingRecipeSearch512Gpus times that).
            w.tensorParallel = 1;
            w.pipelineParallel = 1;
            result.workloads << w; // training on 8 GPUs, 4 sequences per GPU
        }
        CatalogueSnapshot catalogue;
        catalogue.gpus = result.gpus;
        catalogue.models = models;
        catalogue.profiles = profiles;
        result.comparison = WorkloadResolver::resolve(WorkloadRequest(), catalogue);
        return result;
    }();
    return f;
}

enum class Memory
{
    SharedByGpus,
    PerEvaluation
};

void evaluate(benchmark::State &state, bool buildMath, Memory memory)
{
    const Fixture &f = fixture();
    QVector<ModelArchitecture> architectures;
    for (const Workload &w : f.workloads)
        architectures << ModelArchitecture::from(w.model);
    const EstimateOptions options{buildMath};
    std::int64_t evaluations = 0;
    for (auto _ : state) {
        for (qsizetype i = 0; i < f.workloads.size(); ++i) {
            const Workload &w = f.workloads[i];
            const EfficiencyParameters &profile = Tasks::isTraining(w.task) ? f.training : f.inference;
            // Made inside the timed loop, once per workload, as estimateAll makes it.
            SplitMemory shared(architectures[i], w, profile);
            for (const GpuSpec &gpu : f.gpus) {
                Estimate e = memory == Memory::SharedByGpus
                                 ? Estimator::estimate(gpu, shared, profile, options)
                                 : Estimator::estimate(gpu, w, architectures[i], profile, options);
                benchmark::DoNotOptimize(e);
                ++evaluations;
            }
        }
    }
    state.SetItemsProcessed(evaluations);
}

// One GPU x workload evaluation: memory, fit, fewest GPUs, speed, cost; no math terms. The GPUs of one
// workload share its memory evaluations, as in a comparison (Estimator::estimateAll): the budget's figure.
void BM_EstimateWithoutMath(benchmark::State &state)
{
    evaluate(state, false, Memory::SharedByGpus);
}
BENCHMARK(BM_EstimateWithoutMath);

// The same, each evaluation alone (Estimator::estimate without a shared memo: the show-the-math path).
void BM_EstimateAloneWithoutMath(benchmark::State &state)
{
    evaluate(state, false, Memory::PerEvaluation);
}
BENCHMARK(BM_EstimateAloneWithoutMath);

// With every MathTerm built (what the window's show-the-math panel asks for).
void BM_EstimateWithMath(benchmark::State &state)
{
    evaluate(state, true, Memory::SharedByGpus);
}
BENCHMARK(BM_EstimateWithMath);

// A whole comparison with verdicts: 22 GPUs, one workload, plus the companion task.
void BM_EstimateAllTwentyTwoGpus(benchmark::State &state)
{
    const Fixture &f = fixture();
    for (auto _ : state) {
        QVector<Estimate> all = Estimator::estimateAll(f.gpus, f.comparison, EstimateOptions{false});
        benchmark::DoNotOptimize(all);
    }
    state.SetItemsProcessed(state.iterations() * f.gpus.size());
}
BENCHMARK(BM_EstimateAllTwentyTwoGpus);

// Issue 38's budget: the automatic training layout search for one GPU type at 512 GPUs, everything left
// to it (tp, pp, ZeRO stage, micro-batch, recomputation), at most 50 ms. Llama-3 70B, global batch 1,024
// sequences of 4,096 tokens on H100 SXM.
void BM_TrainingRecipeSearch512Gpus(benchmark::State &state)
{
    const Fixture &f = fixture();
    const auto gpu = std::find_if(f.gpus.cbegin(), f.gpus.cend(), [](const GpuSpec &g) {
        return g.gpuId == QLatin1String("h100_sxm5_80gb");
    });
    Workload w;
    w.model = f.llama70b;
    w.task = Task::Training;
    w.gpuCount = 512;
    w.batch = 1024;
    w.sequenceLength = 4096;
    w.automatic = {true, true, true};
    TrainingRecipe::Result r;
    for (auto _ : state) {
        r = TrainingRecipe::search(*gpu, w, f.fsdp);
        benchmark::DoNotOptimize(r);
    }
    state.counters["candidates"] = r.searched;
    state.counters["tokens_per_s_per_gpu"] = r.fastest ? r.fastest->estimate.training->tokensPerSPerGpu : 0.0;
}
BENCHMARK(BM_TrainingRecipeSearch512Gpus)->Unit(benchmark::kMillisecond);

// The same for a model with experts, where expert parallelism joins the search (ep 1, 8, 16, 32, 64):
// DeepSeek-V3 with the megatron profile, global batch 1,024 sequences of 4,096 tokens on 512 H100 SXM.
void BM_TrainingRecipeSearchMoe512Gpus(benchmark::State &state)
{
    const Fixture &f = fixture();
    const auto gpu = std::find_if(f.gpus.cbegin(), f.gpus.cend(), [](const GpuSpec &g) {
        return g.gpuId == QLatin1String("h100_sxm5_80gb");
    });
    Workload w;
    w.model = f.deepseekV3;
    w.task = Task::Training;
    w.gpuCount = 512;
    w.batch = 1024;
    w.sequenceLength = 4096;
    w.mtpLayers = 1;
    w.automatic = {true, true, true, true};
    TrainingRecipe::Result r;
    for (auto _ : state) {
        r = TrainingRecipe::search(*gpu, w, f.megatron);
        benchmark::DoNotOptimize(r);
    }
    state.counters["candidates"] = r.searched;
    state.counters["tokens_per_s_per_gpu"] = r.fastest ? r.fastest->estimate.training->tokensPerSPerGpu : 0.0;
    state.counters["ep"] = r.fastest ? r.fastest->workload.expertParallel : 0;
}
BENCHMARK(BM_TrainingRecipeSearchMoe512Gpus)->Unit(benchmark::kMillisecond);

} // namespace
