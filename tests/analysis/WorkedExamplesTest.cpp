// Worked examples, each derived by hand in its comment. Tolerances are stated per assertion.
#include "app/analysis/Estimator.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/ModelArchitecture.h"
#include "tests/analysis/TestCatalogue.h"

#include <gtest/gtest.h>

namespace {

Workload inferenceOf(const QString &modelId, Precision precision = Precision::Fp16)
{
    Workload w;
    w.model = TestCatalogue::model(modelId);
    w.task = Task::Inference;
    w.weightPrecision = precision;
    w.activationPrecision = Precision::Fp16;
    w.kvPrecision = Precision::Fp16;
    return w;
}

} // namespace

// Llama-3-8B (config.json: L=32, h=4096, a=32, n_kv=8, f=14336, V=128256, untied):
//   attention per layer = 2 x 4096 x 4096 + 2 x 4096 x (8 x 128) = 41,943,040
//   MLP per layer       = 3 x 4096 x 14336                        = 176,160,768
//   norms per layer     = 2 x 4096                                 = 8,192
//   32 layers = 6,979,584,000; embeddings 2 x 128256 x 4096 = 1,050,673,152; final norm 4,096
//   total = 8,030,261,248 parameters; at fp16 (2 bytes) = 16.06 GB.
TEST(WorkedExamples, Llama3_8bFp16WeightsAre16_06Gb)
{
    const ModelArchitecture a = ModelArchitecture::from(TestCatalogue::model(QStringLiteral("llama-3-8b")));
    EXPECT_NEAR(a.totalParams, 8'030'261'248.0, 1.0);
    const Workload w = inferenceOf(QStringLiteral("llama-3-8b"));
    EXPECT_NEAR(MemoryModel::weightBytesPerGpu(a, w, Parallelism{}) / 1e9, 16.06, 0.005);
}

// KV cache, fp16, 8192 tokens, batch 1: 2 (K and V) x 32 layers x 8 KV heads x 128 head dim x 2 bytes
//   = 131,072 bytes per token; x 8192 tokens = 1,073,741,824 bytes = 1.07 GB.
TEST(WorkedExamples, Llama3_8bKvCacheFor8192TokensIs1_07Gb)
{
    Workload w = inferenceOf(QStringLiteral("llama-3-8b"));
    w.inputTokens = 8192;
    w.outputTokens = 0;
    const ModelArchitecture a = ModelArchitecture::from(w.model);
    EXPECT_DOUBLE_EQ(MemoryModel::kvBytesPerTokenPerGpu(a, w, Parallelism{}), 131072.0);
    const MemoryBreakdown m = MemoryModel::perGpu(MemoryModel::Inputs{a, w, Parallelism{}, 1, 8192.0, 0.0});
    EXPECT_NEAR(m.kvCacheGb, 1.0737, 0.0005);
}

// Llama-2-70B (L=80, h=8192, a=64, n_kv=8, f=28672, V=32000): 68.98e9 parameters.
// Mixed-precision Adam, no ZeRO: bf16 weights 2 + bf16 gradients 2 + fp32 master 4 + two fp32 moments 8
//   = 16 bytes per parameter before activations (ZeRO paper, section 3.1) = 1,103.6 GB.
TEST(WorkedExamples, Llama2_70bFullTrainingNeeds16BytesPerParameterBeforeActivations)
{
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("llama-2-70b"));
    w.task = Task::Training;
    const ModelArchitecture a = ModelArchitecture::from(w.model);
    EXPECT_NEAR(a.totalParams / 1e9, 68.98, 0.01);
    const MemoryBreakdown m = MemoryModel::perGpu(MemoryModel::Inputs{a, w, Parallelism{}, 1, 0.0, 0.0});
    const double bytesPerParam = (m.weightsGb + m.gradientsGb + m.optimizerGb) * 1e9 / a.totalParams;
    EXPECT_NEAR(bytesPerParam, 16.0, 1e-9);
}

// Decode at batch 1 on the ideal roofline is memory-bound: tokens/s = bandwidth / bytes read per token.
// H100 SXM5: 3350 GB/s. Llama-3-8B fp16 reads 16,060,522,496 weight bytes plus the KV cache at the mean
// context (input 1 + output 2 / 2 = 2 tokens x 131,072 B) per token: 3350e9 / 16,060,784,640 = 208.58 tok/s.
TEST(WorkedExamples, Batch1DecodeOnTheRooflineIsBandwidthOverBytesPerToken)
{
    Workload w = inferenceOf(QStringLiteral("llama-3-8b"));
    w.inputTokens = 1;
    w.outputTokens = 2;
    const Estimate e = Estimator::estimate(TestCatalogue::h100Sxm(), w, EfficiencyParameters::roofline());
    ASSERT_TRUE(e.inference.has_value());
    const double bytesPerToken = 8'030'261'248.0 * 2.0 + 2.0 * 131072.0;
    EXPECT_NEAR(e.inference->decodeTokensPerS, 3350e9 / bytesPerToken, 1e-6 * 3350e9 / bytesPerToken);
    EXPECT_NEAR(e.inference->decodeTokensPerS, 208.58, 0.01);
    EXPECT_FALSE(e.inference->decodeComputeBound);
}

// Prefill on the roofline is compute-bound: 512 tokens x 2 x 8.03e9 (matmul params: 6.98e9 layers +
// 0.525e9 output head = 7.505e9) + causal attention 4 x 32 x 32 x 128 x 256 x 512 = 137.4 GFLOP,
// total 7.822e12 FLOP / 989.4e12 FLOP/s = 7.906 ms.
TEST(WorkedExamples, PrefillOnTheRooflineIsFlopsOverPeak)
{
    Workload w = inferenceOf(QStringLiteral("llama-3-8b"));
    w.inputTokens = 512;
    w.outputTokens = 0;
    const Estimate e = Estimator::estimate(TestCatalogue::h100Sxm(), w, EfficiencyParameters::roofline());
    const double matmulParams = 6'979'584'000.0 + 128256.0 * 4096.0;
    const double flops = 512.0 * 2.0 * matmulParams + 4.0 * 32 * 32 * 128 * 256.0 * 512.0;
    EXPECT_NEAR(e.inference->ttftMs, flops / 989.4e12 * 1e3, 1e-6);
}

// Mixtral-8x7B: 8 experts of 3 x 4096 x 14336 per layer, 2 active; Mistral AI publishes 46.7B total and
// 12.9B active parameters. DeepSeek-V3: 671B total, 37B active (technical report) within 1%.
TEST(WorkedExamples, MixtureOfExpertsCounts)
{
    const ModelArchitecture mixtral =
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("mixtral-8x7b")));
    EXPECT_NEAR(mixtral.totalParams / 1e9, 46.7, 0.1);
    EXPECT_NEAR(mixtral.activeParams / 1e9, 12.9, 0.1);
    const ModelArchitecture deepseek =
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("deepseek-v3")));
    EXPECT_NEAR(deepseek.totalParams / 1e9, 671.0, 6.7);
    EXPECT_NEAR(deepseek.activeParams / 1e9, 37.0, 1.0);
    // MLA: 61 layers x (512 + 64) elements x 2 bytes = 70,272 bytes per token, far below GQA-style 2 x 128 x
    // 128.
    Workload w;
    w.model = TestCatalogue::model(QStringLiteral("deepseek-v3"));
    w.kvPrecision = Precision::Bf16;
    EXPECT_DOUBLE_EQ(MemoryModel::kvBytesPerTokenPerGpu(deepseek, w, Parallelism{}), 61.0 * 576.0 * 2.0);
}

// Llama-3.1-405B: Meta's model card gives 405B; the config-derived count is 405.85e9.
// Llama-2-7B: 6.74e9; GPT-J 6B: 6.05e9; BERT-Large: 335M (word embeddings only, position embeddings omitted).
TEST(WorkedExamples, DenseParameterCountsMatchPublishedSizes)
{
    EXPECT_NEAR(ModelArchitecture::from(TestCatalogue::model(QStringLiteral("llama-3.1-405b"))).totalParams /
                    1e9,
                405.85, 0.1);
    EXPECT_NEAR(ModelArchitecture::from(TestCatalogue::model(QStringLiteral("llama-2-7b"))).totalParams / 1e9,
                6.74, 0.01);
    EXPECT_NEAR(ModelArchitecture::from(TestCatalogue::model(QStringLiteral("gpt-j-6b"))).totalParams / 1e9,
                6.05, 0.03);
    EXPECT_NEAR(ModelArchitecture::from(TestCatalogue::model(QStringLiteral("bert-large"))).totalParams / 1e9,
                0.335, 0.01);
    EXPECT_NEAR(ModelArchitecture::from(TestCatalogue::model(QStringLiteral("gpt-3-175b"))).totalParams / 1e9,
                174.6, 0.5);
}
