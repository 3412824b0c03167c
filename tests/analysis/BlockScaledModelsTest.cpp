// Issue 23: the block-scaled 4- and 8-bit formats (MXFP4, NVFP4, MXFP8), the GPUs that run them natively,
// and the 2025 model presets (gpt-oss, Qwen3, Llama 4, DeepSeek-R1, Kimi K2, Gemma 3, Phi-4, Mistral Small
// 3), checked against published figures with their sources.
#include "app/analysis/Estimator.h"
#include "app/analysis/GpuCapabilities.h"
#include "app/analysis/HuggingFaceConfig.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/ModelArchitecture.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/ModelSpecCheck.h"
#include "db/SeedCatalogue.h"
#include "tests/analysis/TestCatalogue.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

namespace {

using TestCatalogue::seedGpu;

// A CDNA 4 class GPU: AMD, with an FP4 rate (the MI300X record plus the FP4 figure MI355X-class parts list).
GpuSpec amdWithFp4()
{
    GpuSpec gpu = seedGpu(QStringLiteral("mi300x_192gb"));
    gpu.fp4DenseTflops = 2.0 * gpu.fp8DenseTflops.value_or(0.0);
    return gpu;
}

Workload inference(const ModelSpec &model, Precision weights, int input = 1024, int output = 256)
{
    Workload w;
    w.model = model;
    w.task = Task::Inference;
    w.weightPrecision = weights;
    w.activationPrecision = Precisions::defaultActivationFor(weights);
    w.kvPrecision = Precision::Bf16;
    w.inputTokens = input;
    w.outputTokens = output;
    w.batch = 1;
    w.gpuCount = 1;
    return w;
}

Parallelism single()
{
    Parallelism p;
    p.gpus = 1;
    return p;
}

} // namespace

TEST(BlockScaledFormats, CountTheirScalesInTheBitsPerWeight)
{
    // OCP MX v1.0: k = 32 elements share one 8-bit E8M0 scale. NVFP4: one FP8 E4M3 scale per 16 values
    // (the per-tensor FP32 scale is negligible per weight).
    EXPECT_DOUBLE_EQ(Precisions::bitsPerValue(Precision::Mxfp4), 4.25);
    EXPECT_DOUBLE_EQ(Precisions::bitsPerValue(Precision::Nvfp4), 4.5);
    EXPECT_DOUBLE_EQ(Precisions::bitsPerValue(Precision::Mxfp8), 8.25);
    for (const char *name : {"mxfp4", "nvfp4", "mxfp8"}) {
        const auto parsed = Precisions::parse(QLatin1String(name).toString().toUpper());
        ASSERT_TRUE(parsed.has_value()) << name;
        EXPECT_EQ(Precisions::name(*parsed), QLatin1String(name));
        EXPECT_TRUE(Precisions::allNames().contains(QLatin1String(name)))
            << "the CLI and the window offer it";
    }
}

TEST(BlockScaledFormats, RunNativelyOnlyWhereTheTensorCoresTakeBlockScales)
{
    const GpuSpec b200 = seedGpu(QStringLiteral("b200_sxm_180gb"));
    const GpuSpec h100 = TestCatalogue::h100Sxm();
    const GpuSpec a100 = TestCatalogue::a100Sxm80();
    const GpuSpec cdna4 = amdWithFp4();

    // Blackwell: all three at their own rate.
    for (Precision p : {Precision::Mxfp4, Precision::Nvfp4}) {
        const ComputeRate rate = GpuCapabilities::peak(b200, p);
        EXPECT_EQ(rate.used, p);
        EXPECT_FALSE(rate.fellBack);
        EXPECT_DOUBLE_EQ(rate.tflops, *b200.fp4DenseTflops);
    }
    const ComputeRate mxfp8 = GpuCapabilities::peak(b200, Precision::Mxfp8);
    EXPECT_EQ(mxfp8.used, Precision::Mxfp8);
    EXPECT_FALSE(mxfp8.fellBack);
    EXPECT_DOUBLE_EQ(mxfp8.tflops, *b200.fp8DenseTflops);

    // Hopper has FP8 tensor cores but no block scaling: the FP8 rate, said as a fallback.
    for (Precision p : {Precision::Mxfp4, Precision::Nvfp4, Precision::Mxfp8}) {
        const ComputeRate rate = GpuCapabilities::peak(h100, p);
        EXPECT_EQ(rate.used, Precision::Fp8) << Precisions::name(p).toStdString();
        EXPECT_TRUE(rate.fellBack);
        EXPECT_DOUBLE_EQ(rate.tflops, *h100.fp8DenseTflops);
    }
    // Ampere: no FP8 either, the FP16 rate.
    EXPECT_EQ(GpuCapabilities::peak(a100, Precision::Mxfp4).used, Precision::Fp16);
    EXPECT_TRUE(GpuCapabilities::peak(a100, Precision::Mxfp4).fellBack);

    // CDNA 4 runs the OCP formats, not NVIDIA's NVFP4.
    EXPECT_EQ(GpuCapabilities::peak(cdna4, Precision::Mxfp4).used, Precision::Mxfp4);
    EXPECT_EQ(GpuCapabilities::peak(cdna4, Precision::Mxfp8).used, Precision::Mxfp8);
    EXPECT_EQ(GpuCapabilities::peak(cdna4, Precision::Nvfp4).used, Precision::Fp8);
    EXPECT_TRUE(GpuCapabilities::peak(cdna4, Precision::Nvfp4).fellBack);
}

TEST(BlockScaledFormats, AFallbackIsSaidInTheNotes)
{
    const Workload w = inference(TestCatalogue::model(QStringLiteral("gpt-oss-20b")), Precision::Mxfp4);
    const Estimate h100 =
        Estimator::estimate(TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("vllm")));
    EXPECT_EQ(h100.computePrecisionUsed, Precision::Fp8);
    EXPECT_TRUE(h100.notes.join(u'\n').contains(QStringLiteral("no mxfp4 tensor rate")))
        << h100.notes.join(u'\n').toStdString();
    const Estimate b200 = Estimator::estimate(seedGpu(QStringLiteral("b200_sxm_180gb")), w,
                                              TestCatalogue::profile(QStringLiteral("vllm")));
    EXPECT_EQ(b200.computePrecisionUsed, Precision::Mxfp4);
    EXPECT_FALSE(b200.notes.join(u'\n').contains(QStringLiteral("tensor rate")));
}

// gpt-oss-20b's checkpoint: 12.8 GiB = 13.74 GB (model card, arXiv 2508.10925, table 1; the files of
// https://huggingface.co/openai/gpt-oss-20b/tree/main add up to the same). The experts are MXFP4 (4.25 bits),
// attention, router and embeddings BF16 (config.json quantization_config.modules_to_not_convert).
TEST(GptOss, WeightsAtMxfp4MatchThePublishedCheckpointWithin5Percent)
{
    const ModelArchitecture a = ModelArchitecture::from(TestCatalogue::model(QStringLiteral("gpt-oss-20b")));
    const Workload w = inference(TestCatalogue::model(QStringLiteral("gpt-oss-20b")), Precision::Mxfp4);
    const double checkpointGb = 12.8 * 1024.0 * 1024.0 * 1024.0 / 1e9;
    const double weightsGb = MemoryModel::weightBytesPerGpu<double>(a, w, single()) / 1e9;
    EXPECT_NEAR(weightsGb, checkpointGb, 0.05 * checkpointGb);
    // All of it at 4.25 bits would be 11.1 GB, 19 % short: the per-part formats are what gets it right.
    EXPECT_LT(a.totalParams * 4.25 / 8.0 / 1e9, 0.9 * checkpointGb);
    // Total and active parameters: 20.9B and 3.6B (model card; active counts the unembedding only).
    EXPECT_NEAR(a.totalParams / 1e9, 20.9, 0.02 * 20.9);
    EXPECT_NEAR(a.matmulParamsActive / 1e9, 3.6, 0.03 * 3.6);
}

TEST(GptOss, OtherPrecisionsStoreEveryWeightAlike)
{
    const ModelSpec model = TestCatalogue::model(QStringLiteral("gpt-oss-20b"));
    const ModelArchitecture a = ModelArchitecture::from(model);
    const Workload fp8 = inference(model, Precision::Fp8);
    EXPECT_DOUBLE_EQ(MemoryModel::weightBytesPerGpu<double>(a, fp8, single()), a.totalParams * 1.0);
    const Workload nvfp4 = inference(model, Precision::Nvfp4);
    EXPECT_DOUBLE_EQ(MemoryModel::weightBytesPerGpu<double>(a, nvfp4, single()), a.totalParams * 4.5 / 8.0);
}

TEST(GptOss, OneHundredTwentyBFitsOneB200AtMxfp4AndSaysHow)
{
    const Workload w = inference(TestCatalogue::model(QStringLiteral("gpt-oss-120b")), Precision::Mxfp4);
    EstimateOptions options;
    options.buildMath = true;
    const Estimate e = Estimator::estimate(seedGpu(QStringLiteral("b200_sxm_180gb")), w,
                                           TestCatalogue::profile(QStringLiteral("vllm")), options);
    // 60.8 GiB = 65.3 GB checkpoint (model card) within 5 %.
    EXPECT_NEAR(e.memory.weightsGb, 60.8 * 1.073741824, 0.05 * 65.3);
    EXPECT_TRUE(e.fits);
    bool perPart = false;
    for (const MathTerm &term : e.math)
        perPart = perPart || term.formula.contains(QStringLiteral("non-expert"));
    EXPECT_TRUE(perPart) << "the weights' math names the two parts";
}

// Qwen3-30B-A3B: "Number of Parameters: 30.5B in total and 3.3B activated" (model card,
// https://huggingface.co/Qwen/Qwen3-30B-A3B).
TEST(Qwen3, ThirtyBA3BCountsTotalAndActiveParameters)
{
    const ModelArchitecture a =
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("qwen3-30b-a3b")));
    EXPECT_NEAR(a.totalParams / 1e9, 30.5, 0.02 * 30.5);
    EXPECT_NEAR(a.activeParams / 1e9, 3.3, 0.03 * 3.3);
}

// Published totals: model cards and release posts named in models.json's notes.
// ZeRO-3 over 16 GPUs with ep 8: each expert group's experts are sharded again over its other GPUs, so a GPU
// holds 1/16 of every weight, as without expert parallelism (not 1/16 of an eighth of the experts), plus the
// two layers FSDP gathers whole at a time (the running one and the prefetched next), each the shared weights
// and an eighth of the experts: 2 x (8.0B + 227B / 8) x 2 bytes / 94 layers = 1.55 GB.
// Qwen3-235B full training with Adam: 235 B x (2 + 2 + 12) bytes / 16 = 235 GB per GPU, more than a B200's
// 180 GB; unsharded (ZeRO-0) the experts are split over ep only.
TEST(MoePresets, FullShardingWithExpertParallelismHoldsOneGpusShareOfEveryWeight)
{
    const ModelSpec model = TestCatalogue::model(QStringLiteral("qwen3-235b-a22b"));
    const ModelArchitecture a = ModelArchitecture::from(model);
    Workload w = inference(model, Precision::Bf16);
    w.task = Task::Training;
    w.zeroStage = 3;
    Parallelism p;
    p.gpus = 16;
    p.data = 16;
    p.expert = 8;
    const double gathered =
        2.0 * (a.totalParams - a.expertParams() + a.expertParams() / 8.0) * 2.0 / a.layers;
    EXPECT_NEAR(MemoryModel::weightBytesPerGpu<double>(a, w, p), a.totalParams * 2.0 / 16.0 + gathered,
                1e-6 * a.totalParams);
    EXPECT_NEAR(gathered / 1e9, 1.55, 0.01);

    w.gpuCount = 16;
    w.expertParallel = 8;
    const Estimate e = Estimator::estimate(seedGpu(QStringLiteral("b200_sxm_180gb")), w,
                                           TestCatalogue::profile(QStringLiteral("fsdp")));
    EXPECT_FALSE(e.fits) << e.perGpuGb;
    EXPECT_GT(e.perGpuGb, a.totalParams * 16.0 / 16.0 / 1e9) << "weights, gradients and Adam state alone";

    w.zeroStage = 0;
    p.data = 2;
    p.tensor = 8;
    const double unsharded = MemoryModel::weightBytesPerGpu<double>(a, w, p);
    EXPECT_NEAR(unsharded, (a.totalParams - a.expertParams() * 7.0 / 8.0) * 2.0 / 8.0, 1e-6 * a.totalParams)
        << "unsharded: the experts split over ep, everything over tp";
}

TEST(ModelPresets2025, ParameterCountsMatchThePublishedOnes)
{
    struct Published
    {
        const char *id;
        double totalBillions;
        double activeBillions; // 0: dense
        double tolerance;
    };
    // Llama 4's 109B / 400B include the vision encoder the presets leave out (text_config only).
    const Published published[] = {
        {"gpt-oss-120b", 116.8, 0.0, 0.02},   {"qwen3-8b", 8.2, 0.0, 0.02},
        {"qwen3-32b", 32.8, 0.0, 0.02},       {"qwen3-235b-a22b", 235.0, 22.0, 0.03},
        {"llama-4-scout", 109.0, 17.0, 0.03}, {"llama-4-maverick", 400.0, 17.0, 0.03},
        {"deepseek-r1", 671.0, 37.0, 0.02},   {"kimi-k2", 1040.0, 32.0, 0.04},
        {"gemma-3-27b", 27.0, 0.0, 0.03},     {"phi-4", 14.7, 0.0, 0.02},
        {"mistral-small-3", 23.6, 0.0, 0.02},
    };
    for (const Published &p : published) {
        const ModelArchitecture a = ModelArchitecture::from(TestCatalogue::model(QLatin1String(p.id)));
        EXPECT_NEAR(a.totalParams / 1e9, p.totalBillions, p.tolerance * p.totalBillions) << p.id;
        if (p.activeBillions > 0.0) {
            EXPECT_NEAR(a.activeParams / 1e9, p.activeBillions, 0.06 * p.activeBillions) << p.id;
        }
    }
}

// Llama 4 Scout at 128k tokens: 36 of 48 layers attend within 8192-token chunks and cache at most one
// chunk; 12 NoPE layers cache everything. (12 x 131072 + 36 x 8192) / (48 x 131072) = 0.297 of an
// all-global cache.
TEST(Llama4, ChunkedAttentionCachesAThirdOfAnAllGlobalKvAt128k)
{
    const ModelSpec scout = TestCatalogue::model(QStringLiteral("llama-4-scout"));
    ModelSpec allGlobal = scout;
    allGlobal.attentionChunkSize = 0;
    allGlobal.fullAttentionInterval = 0;
    const auto kvGb = [](const ModelSpec &model) {
        const ModelArchitecture a = ModelArchitecture::from(model);
        const Workload w = inference(model, Precision::Bf16, 131072 - 256, 256);
        return MemoryModel::kvBytesPerTokenPerGpu<double>(a, w, single()) *
               MemoryModel::effectiveKvContext<double>(a, 131072.0) / 1e9;
    };
    // 2 (K, V) x 8 KV heads x 128 x 2 bytes x 48 layers = 196608 bytes per token: 25.77 GB at 131072.
    EXPECT_NEAR(kvGb(allGlobal), 196608.0 * 131072 / 1e9, 1e-6);
    EXPECT_NEAR(kvGb(scout) / kvGb(allGlobal), (12.0 * 131072 + 36.0 * 8192) / (48.0 * 131072), 1e-9);
}

TEST(Gemma3, FiveLocalLayersToOneGlobalKeepTheWindowOnly)
{
    const ModelArchitecture a = ModelArchitecture::from(TestCatalogue::model(QStringLiteral("gemma-3-27b")));
    EXPECT_EQ(a.fullLayers, 10); // layers 6, 12, ..., 60 of 62
    EXPECT_EQ(a.localLayers(), 52);
    EXPECT_NEAR(MemoryModel::effectiveKvContext<double>(a, 32768.0), (10.0 * 32768 + 52.0 * 1024) / 62, 1e-9);
    // Below the window every layer holds the whole context.
    EXPECT_DOUBLE_EQ(MemoryModel::effectiveKvContext<double>(a, 500.0), 500.0);
}

TEST(Gemma3, TheLongestContextThatFitsGrowsPastTheWindowWithTheGlobalLayersOnly)
{
    const ModelSpec model = TestCatalogue::model(QStringLiteral("gemma-3-27b"));
    Workload w = inference(model, Precision::Bf16);
    const Estimate e =
        Estimator::estimate(TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("vllm")));
    ASSERT_TRUE(e.fits);
    ASSERT_TRUE(e.inference.has_value());
    // The context that fits fills the room left beside the weights: the KV cache at that context is the room.
    const ModelArchitecture a = ModelArchitecture::from(model);
    const double perToken = MemoryModel::kvBytesPerTokenPerGpu<double>(a, w, single());
    const double room = (e.capacityGb - (e.perGpuGb - e.memory.kvCacheGb)) * 1e9;
    const double context = std::min<double>(e.inference->maxContext, a.maxContext);
    if (context < a.maxContext) {
        EXPECT_NEAR(perToken * MemoryModel::effectiveKvContext<double>(a, context), room, perToken * 62);
    }
    EXPECT_GT(e.inference->maxContext, room / perToken) << "more than an all-global model's context fits";
}

TEST(MoePresets, ExpertParallelismSplitsTheExpertsOnly)
{
    const ModelSpec model = TestCatalogue::model(QStringLiteral("qwen3-235b-a22b"));
    const ModelArchitecture a = ModelArchitecture::from(model);
    Workload w = inference(model, Precision::Bf16);
    w.task = Task::Training;
    Parallelism p = single();
    const double whole = MemoryModel::weightBytesPerGpu<double>(a, w, p);
    p.expert = 8;
    const double split = MemoryModel::weightBytesPerGpu<double>(a, w, p);
    const double experts = a.expertParams() * 2.0;
    EXPECT_NEAR(split, whole - experts * 7.0 / 8.0, 1e-6 * whole);
    EXPECT_GT(a.expertParams() / a.totalParams, 0.95) << "Qwen3-235B is almost all experts";
}

TEST(ModelPresets2025, TheNewFieldsAreBoundedWithAClearMessage)
{
    ModelSpec model = TestCatalogue::model(QStringLiteral("gpt-oss-20b"));
    EXPECT_TRUE(ModelSpecCheck::problem(model).isEmpty());
    ModelSpec both = model;
    both.attentionChunkSize = 8192;
    EXPECT_TRUE(ModelSpecCheck::problem(both).contains(QStringLiteral("give one of them")));
    ModelSpec longPattern = model;
    longPattern.fullAttentionInterval = model.layers + 1;
    EXPECT_TRUE(ModelSpecCheck::problem(longPattern).contains(QStringLiteral("full_attention_interval")));
    ModelSpec badName = model;
    badName.expertPrecision = QStringLiteral("MX FP4!");
    EXPECT_TRUE(ModelSpecCheck::problem(badName).contains(QStringLiteral("expert_precision")));
    // A name the estimator does not know stores every weight at the asked format.
    ModelSpec unknown = model;
    unknown.expertPrecision = QStringLiteral("fp3");
    EXPECT_TRUE(ModelSpecCheck::problem(unknown).isEmpty());
    EXPECT_DOUBLE_EQ(ModelArchitecture::from(unknown).nonExpertBits, 0.0);
}

namespace {

// A config.json as Hugging Face publishes it, from a preset's own values: the importer must read the
// 2025 keys (layer_types, quantization_config, text_config, attention_chunk_size, sliding_window_pattern)
// as the preset has them.
QJsonObject configOf(const ModelSpec &m)
{
    return QJsonObject{{QStringLiteral("num_hidden_layers"), m.layers},
                       {QStringLiteral("hidden_size"), m.hiddenSize},
                       {QStringLiteral("num_attention_heads"), m.heads},
                       {QStringLiteral("num_key_value_heads"), m.kvHeads},
                       {QStringLiteral("head_dim"), m.headDim},
                       {QStringLiteral("intermediate_size"), m.ffnSize},
                       {QStringLiteral("vocab_size"), m.vocabSize},
                       {QStringLiteral("max_position_embeddings"), m.maxContext},
                       {QStringLiteral("hidden_act"), QStringLiteral("silu")}};
}

void expectSameAttention(const ModelSpec &imported, const ModelSpec &preset)
{
    EXPECT_EQ(imported.slidingWindow, preset.slidingWindow) << preset.modelId.toStdString();
    EXPECT_EQ(imported.attentionChunkSize, preset.attentionChunkSize) << preset.modelId.toStdString();
    EXPECT_EQ(imported.fullAttentionInterval, preset.fullAttentionInterval) << preset.modelId.toStdString();
    EXPECT_EQ(imported.moeLayerInterval, preset.moeLayerInterval) << preset.modelId.toStdString();
    EXPECT_EQ(imported.expertPrecision, preset.expertPrecision) << preset.modelId.toStdString();
    EXPECT_EQ(imported.nonExpertPrecision, preset.nonExpertPrecision) << preset.modelId.toStdString();
}

} // namespace

TEST(ImportedConfigs, GptOssLayerTypesAndMxfp4ExpertsReadAsThePresetHasThem)
{
    const ModelSpec preset = TestCatalogue::model(QStringLiteral("gpt-oss-20b"));
    QJsonObject config = configOf(preset);
    config.insert(QStringLiteral("model_type"), QStringLiteral("gpt_oss"));
    config.insert(QStringLiteral("num_local_experts"), preset.experts);
    config.insert(QStringLiteral("num_experts_per_tok"), preset.activeExperts);
    config.insert(QStringLiteral("sliding_window"), preset.slidingWindow);
    QJsonArray types;
    for (int layer = 0; layer < preset.layers; ++layer)
        types.append(layer % 2 == 0 ? QStringLiteral("sliding_attention") : QStringLiteral("full_attention"));
    config.insert(QStringLiteral("layer_types"), types);
    config.insert(QStringLiteral("torch_dtype"), QStringLiteral("bfloat16"));
    config.insert(QStringLiteral("quantization_config"),
                  QJsonObject{{QStringLiteral("quant_method"), QStringLiteral("mxfp4")}});
    QString error;
    const std::optional<ModelSpec> imported =
        HuggingFaceConfig::fromJson(config, QStringLiteral("x"), &error);
    ASSERT_TRUE(imported) << error.toStdString();
    expectSameAttention(*imported, preset);

    // The weights at MXFP4 are the preset's: the published checkpoint's 13.7 GB, not 11.1 GB.
    Workload w = inference(*imported, Precision::Mxfp4);
    const double importedBytes =
        MemoryModel::weightBytesPerGpu<double>(ModelArchitecture::from(*imported), w, single());
    w.model = preset;
    EXPECT_NEAR(importedBytes,
                MemoryModel::weightBytesPerGpu<double>(ModelArchitecture::from(preset), w, single()),
                0.001 * importedBytes);
}

TEST(ImportedConfigs, MultimodalConfigsAreReadFromTheirTextConfig)
{
    // Gemma 3: five local layers (window 1024) to one global, under text_config.
    const ModelSpec gemma = TestCatalogue::model(QStringLiteral("gemma-3-27b"));
    QJsonObject text = configOf(gemma);
    text.insert(QStringLiteral("sliding_window"), gemma.slidingWindow);
    text.insert(QStringLiteral("sliding_window_pattern"), gemma.fullAttentionInterval);
    QString error;
    std::optional<ModelSpec> imported =
        HuggingFaceConfig::fromJson(QJsonObject{{QStringLiteral("model_type"), QStringLiteral("gemma3")},
                                                {QStringLiteral("text_config"), text}},
                                    QStringLiteral("x"), &error);
    ASSERT_TRUE(imported) << error.toStdString();
    EXPECT_EQ(imported->layers, gemma.layers);
    EXPECT_EQ(imported->family, QStringLiteral("gemma3"));
    expectSameAttention(*imported, gemma);

    // Llama 4 Scout: chunked attention on three layers of four, an MoE layer every layer.
    const ModelSpec scout = TestCatalogue::model(QStringLiteral("llama-4-scout"));
    text = configOf(scout);
    text.insert(QStringLiteral("num_local_experts"), scout.experts);
    text.insert(QStringLiteral("num_experts_per_tok"), scout.activeExperts);
    text.insert(QStringLiteral("attention_chunk_size"), scout.attentionChunkSize);
    text.insert(QStringLiteral("no_rope_layer_interval"), scout.fullAttentionInterval);
    text.insert(QStringLiteral("interleave_moe_layer_step"), scout.moeLayerInterval);
    imported = HuggingFaceConfig::fromJson(QJsonObject{{QStringLiteral("text_config"), text}},
                                           QStringLiteral("x"), &error);
    ASSERT_TRUE(imported) << error.toStdString();
    expectSameAttention(*imported, scout);
}

TEST(ImportedConfigs, AnUnusedSlidingWindowIsNotApplied)
{
    // Qwen2 and Qwen3 configs give sliding_window with use_sliding_window false: every layer is global.
    const ModelSpec qwen = TestCatalogue::model(QStringLiteral("qwen3-8b"));
    QJsonObject config = configOf(qwen);
    config.insert(QStringLiteral("sliding_window"), 4096);
    config.insert(QStringLiteral("use_sliding_window"), false);
    QString error;
    const std::optional<ModelSpec> imported =
        HuggingFaceConfig::fromJson(config, QStringLiteral("x"), &error);
    ASSERT_TRUE(imported) << error.toStdString();
    EXPECT_EQ(imported->slidingWindow, 0);
    EXPECT_EQ(imported->fullAttentionInterval, 0);
}
