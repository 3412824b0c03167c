// Issue 38: hybrid stacks (Nemotron 3 Nano/Super/Ultra: Mamba-2 + attention + MoE; Qwen3-Next-80B-A3B: Gated
// DeltaNet + gated attention + MoE), described by a layer pattern. Their presets against the published
// parameter totals, their KV cache in the attention layers only, and their fixed per-sequence state.
// Sources: docs/research/hybrid-model-presets.md (config.json copies, safetensors totals, formulas).
#include "app/analysis/Estimator.h"
#include "app/analysis/HuggingFaceConfig.h"
#include "app/analysis/MemoryModel.h"
#include "app/analysis/ModelArchitecture.h"
#include "db/ModelSpecCheck.h"
#include "db/ModelSpecJson.h"
#include "tests/analysis/TestCatalogue.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

namespace {

Workload inference(const ModelSpec &model, int input, int output, int batch = 1)
{
    Workload w;
    w.model = model;
    w.task = Task::Inference;
    w.weightPrecision = Precision::Bf16;
    w.activationPrecision = Precision::Bf16;
    w.kvPrecision = Precision::Bf16;
    w.inputTokens = input;
    w.outputTokens = output;
    w.batch = batch;
    w.gpuCount = 1;
    return w;
}

// The same model with every layer attention and MoE, as the estimator read it before layer patterns.
ModelSpec allAttention(ModelSpec model)
{
    model.layerPattern.clear();
    return model;
}

} // namespace

// Parameter totals without the MTP block (the estimator leaves MTP out, as for DeepSeek-V3), each against a
// published total less the MTP parameters the research note derives for it:
//  - Super: the Hub total of NVIDIA-Nemotron-3-Super-120B-A12B, 123,611,033,088 (BF16 weights 123,611,012,096
//    plus fp32 e_score_correction_bias), less its MTP block (mtp_hybrid_override_pattern "*E" + eh_proj + 3
//    norms) of 2,942,325,248: 120,668,707,840.
//  - Qwen3-Next: the safetensors total of Qwen3-Next-80B-A3B-Instruct, 81,324,862,720, less the mtp.* module
//    of 1,650,471,424: 79,674,391,296 (also the Hub total of Qwen3-Coder-Next, the same architecture).
//  - Nano: the Hub metadata's 31.6B (no MTP); Megatron-Bridge docs/models/nemotron/nemotron3-nano.md "3.5B
//    active".
//  - Ultra: no published total; the name's 550B / A55B.
TEST(HybridModels, PresetTotalsMatchTheirSources)
{
    struct Source
    {
        const char *id;
        double total;
        double totalTolerance;
        double active;
        double activeTolerance;
    };
    const Source sources[] = {
        {"nemotron-3-nano-30b-a3b", 31.6e9, 0.01, 3.5e9, 0.03},
        {"nemotron-3-super-120b-a12b", 123611033088.0 - 2942325248.0, 0.01, 12.77e9, 0.01},
        {"nemotron-3-ultra-550b-a55b", 550e9, 0.01, 55e9, 0.03},
        {"qwen3-next-80b-a3b", 81324862720.0 - 1650471424.0, 0.01, 3.87e9, 0.03},
    };
    for (const Source &s : sources) {
        SCOPED_TRACE(s.id);
        const ModelSpec model = TestCatalogue::model(QString::fromLatin1(s.id));
        EXPECT_TRUE(ModelSpecCheck::problem(model).isEmpty()) << ModelSpecCheck::problem(model).toStdString();
        const ModelArchitecture a = ModelArchitecture::from(model);
        EXPECT_TRUE(a.hybrid);
        EXPECT_NEAR(a.totalParams / s.total, 1.0, s.totalTolerance) << a.totalParams;
        EXPECT_NEAR(a.activeParams / s.active, 1.0, s.activeTolerance) << a.activeParams;
    }
}

// Block by block the derivation reproduces the research note's config-exact sums (section 1.2): Nemotron 3
// Nano 31,577,940,288 total, 3,580,076,352 active, less the 2,944 fp32 e_score_correction_bias entries
// (128 per MoE layer x 23) the estimator does not count.
TEST(HybridModels, NanoCountsToTheParameter)
{
    const ModelArchitecture a =
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b")));
    EXPECT_DOUBLE_EQ(a.totalParams, 31577940288.0 - 23 * 128);
    EXPECT_DOUBLE_EQ(a.activeParams, 3580076352.0 - 23 * 128);
    EXPECT_EQ(a.layers, 52);
    EXPECT_EQ(a.attentionLayers, 6);
    EXPECT_EQ(a.moeLayers, 23);
    // Per sequence, all 23 Mamba layers: conv 6144 x 3 values (bf16) and 64 x 64 x 128 fp32 state each
    // (section 1.3: 49,082,368 bytes).
    EXPECT_DOUBLE_EQ(a.recurrentStateBytes(2.0), 49082368.0);
    // Megatron's scan term, 7 x d_inner x N per Mamba layer.
    EXPECT_DOUBLE_EQ(a.recurrentFlopsPerToken, 23 * 7.0 * 4096 * 128);
}

// Only the 6 attention layers of Nemotron 3 Nano's 52 cache keys and values: 6 x 2 x 2 x 128 x 2 bytes =
// 6,144 bytes per token (section 1.3), 6/52 of the same dimensions with attention in every layer.
TEST(HybridModels, NanoKvCacheIsSixOfFiftyTwoLayers)
{
    const ModelSpec nano = TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b"));
    const Workload w = inference(nano, 1024, 256);
    Parallelism p;
    p.gpus = 1;
    const double hybrid = MemoryModel::kvBytesPerTokenPerGpu<double>(ModelArchitecture::from(nano), w, p);
    const double dense =
        MemoryModel::kvBytesPerTokenPerGpu<double>(ModelArchitecture::from(allAttention(nano)), w, p);
    EXPECT_DOUBLE_EQ(hybrid, 6144.0);
    EXPECT_DOUBLE_EQ(hybrid / dense, 6.0 / 52.0);
    // Qwen3-Next: 12 full-attention layers of 48, 2 KV heads of 256: 24,576 bytes per token (section 2.2).
    const ModelSpec next = TestCatalogue::model(QStringLiteral("qwen3-next-80b-a3b"));
    EXPECT_DOUBLE_EQ(MemoryModel::kvBytesPerTokenPerGpu<double>(ModelArchitecture::from(next),
                                                                inference(next, 1024, 256), p),
                     24576.0);
}

// The recurrent state is fixed per sequence: a longer context adds only the attention layers' KV cache; more
// sequences add a state each. The state splits over tensor-parallel GPUs.
TEST(HybridModels, RecurrentStateIsPerSequenceNotPerToken)
{
    const ModelSpec nano = TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b"));
    const ModelArchitecture a = ModelArchitecture::from(nano);
    const Workload w = inference(nano, 1024, 256);
    Parallelism p;
    p.gpus = 1;
    const auto memory = [&](double context, int batch) {
        return MemoryModel::perGpu({a, w, p, batch, context, 0.0});
    };
    const MemoryBreakdown short1 = memory(1000.0, 1);
    const MemoryBreakdown long1 = memory(101000.0, 1);
    const MemoryBreakdown short4 = memory(1000.0, 4);
    EXPECT_NEAR(short1.recurrentStateGb, 49082368.0 / 1e9, 1e-12);
    EXPECT_DOUBLE_EQ(long1.recurrentStateGb, short1.recurrentStateGb);
    EXPECT_NEAR(long1.kvCacheGb - short1.kvCacheGb, 100000.0 * 6144.0 / 1e9, 1e-9);
    EXPECT_NEAR(short4.recurrentStateGb, 4.0 * short1.recurrentStateGb, 1e-12);
    EXPECT_NEAR(short1.totalGb() - short1.kvCacheGb - short1.weightsGb - short1.activationsGb -
                    short1.overheadGb,
                short1.recurrentStateGb, 1e-9);
    p.tensor = 2;
    p.gpus = 2;
    EXPECT_NEAR(MemoryModel::recurrentStateBytesPerSequencePerGpu<double>(a, w, p), 49082368.0 / 2.0, 1e-6);
    // A plain model has none, and no such part in its memory.
    const ModelArchitecture llama =
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("llama-3-8b")));
    EXPECT_FALSE(llama.hybrid);
    EXPECT_EQ(llama.attentionLayers, llama.layers);
    EXPECT_EQ(MemoryModel::recurrentStateBytesPerSequencePerGpu<double>(llama, w, p), 0.0);
}

// Decoding reads the weights, the attention layers' KV cache and the state: a hybrid decode step on one H100
// reads far less KV than the same dimensions with attention everywhere, so at long context it is faster.
TEST(HybridModels, DecodeReadsOnlyTheAttentionLayersCache)
{
    const ModelSpec nano = TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b"));
    const Workload hybrid = inference(nano, 32768, 1024, 4);
    const Workload dense = inference(allAttention(nano), 32768, 1024, 4);
    const EfficiencyParameters vllm = TestCatalogue::profile(QStringLiteral("vllm"));
    const Estimate h = Estimator::estimate(TestCatalogue::h100Sxm(), hybrid, vllm);
    const Estimate d = Estimator::estimate(TestCatalogue::h100Sxm(), dense, vllm);
    ASSERT_TRUE(h.inference && d.inference);
    EXPECT_NEAR(h.memory.kvCacheGb / d.memory.kvCacheGb, 6.0 / 52.0, 1e-9);
    EXPECT_GT(h.memory.recurrentStateGb, 0.0);
    EXPECT_EQ(d.memory.recurrentStateGb, 0.0);
    EXPECT_GT(h.inference->decodeTokensPerS, d.inference->decodeTokensPerS);
}

// models.json: the pattern and the Mamba-2 sizes round-trip; a plain model writes none of their keys; a
// pattern that does not fit the layers, or names a mixer without its sizes, is refused.
TEST(HybridModels, PatternRoundTripsAndIsChecked)
{
    const ModelSpec nano = TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b"));
    const QJsonObject json = ModelSpecJson::toJson(nano);
    QString error;
    const std::optional<ModelSpec> back = ModelSpecJson::fromJson(json, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(back->layerPattern, nano.layerPattern);
    EXPECT_EQ(back->ssmHeads, 64);
    EXPECT_EQ(back->ssmHeadDim, 64);
    EXPECT_EQ(back->ssmStateSize, 128);
    EXPECT_EQ(back->ssmGroups, 8);
    EXPECT_EQ(back->ssmConvKernel, 4);
    EXPECT_FALSE(ModelSpecJson::toJson(TestCatalogue::model(QStringLiteral("llama-3-8b")))
                     .contains(QStringLiteral("hybrid_override_pattern")));

    ModelSpec bad = nano;
    bad.layerPattern.chop(1); // 51 blocks for 52 layers
    EXPECT_TRUE(ModelSpecCheck::problem(bad).startsWith(QStringLiteral("hybrid_override_pattern")));
    bad = nano;
    bad.layerPattern[0] = u'X';
    EXPECT_FALSE(ModelSpecCheck::problem(bad).isEmpty());
    bad = nano;
    bad.ssmHeads = 0;
    EXPECT_FALSE(ModelSpecCheck::problem(bad).isEmpty());
    // Two blocks per layer: a mixer, then its MLP.
    ModelSpec next = TestCatalogue::model(QStringLiteral("qwen3-next-80b-a3b"));
    EXPECT_EQ(next.layerPattern.size(), 2 * next.layers);
    next.layerPattern[1] = u'G';
    EXPECT_FALSE(ModelSpecCheck::problem(next).isEmpty());
}

// Training a hybrid model: the Mamba-2 blocks keep fewer activations than attention + MLP layers would, and
// full recomputation keeps each layer's input only, as for any model.
TEST(HybridModels, TrainingActivationsAddUpBlockByBlock)
{
    const ModelSpec nano = TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b"));
    const ModelArchitecture a = ModelArchitecture::from(nano);
    Workload w = inference(nano, 4096, 0);
    w.task = Task::Training;
    w.sequenceLength = 4096;
    w.recompute = Recompute::Selective;
    Parallelism p;
    p.gpus = 1;
    const double h = 2688.0;
    // Attention 13 h, MoE 21 h, Mamba 4 h + 2 (in_proj 10304 + conv 6144 + 2 x 4096) per token.
    const double perToken = 6 * 13.0 * h + 23 * 21.0 * h + 23 * (4.0 * h + 2.0 * (10304 + 6144 + 2 * 4096));
    EXPECT_DOUBLE_EQ(a.activationBytesPerToken, perToken);
    EXPECT_DOUBLE_EQ(MemoryModel::trainingActivationBytesPerSequence<double>(a, w, p),
                     4096.0 * perToken + 4096.0 * 131072.0 * 4.0);
    w.recompute = Recompute::Full;
    EXPECT_DOUBLE_EQ(MemoryModel::trainingActivationBytesPerSequence<double>(a, w, p),
                     52 * 2.0 * 4096.0 * h + 4096.0 * 131072.0 * 4.0);
}

// A local config.json of a hybrid model imports as its preset reads: the keys of the configs quoted in
// docs/research/hybrid-model-presets.md (Nemotron 3 Nano BF16, section 1.1; Ultra gives its blocks as
// layers_block_type and no num_hidden_layers; Qwen3-Next-80B-A3B, section 2.1).
TEST(HybridModels, ConfigJsonImportsAsThePresetReads)
{
    const auto imported = [](const char *json) {
        QString error;
        const auto model = HuggingFaceConfig::fromJson(QJsonDocument::fromJson(json).object(),
                                                       QStringLiteral("custom"), &error);
        EXPECT_TRUE(model) << error.toStdString();
        return model ? ModelArchitecture::from(*model) : ModelArchitecture{};
    };
    const ModelArchitecture nano = imported(R"({"model_type": "nemotron_h", "num_hidden_layers": 52,
        "hybrid_override_pattern": "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME",
        "hidden_size": 2688, "num_attention_heads": 32, "num_key_value_heads": 2, "head_dim": 128,
        "mamba_num_heads": 64, "mamba_head_dim": 64, "ssm_state_size": 128, "n_groups": 8, "conv_kernel": 4,
        "n_routed_experts": 128, "num_experts_per_tok": 6, "n_shared_experts": 1, "moe_intermediate_size": 1856,
        "moe_shared_expert_intermediate_size": 3712, "intermediate_size": 1856, "mlp_hidden_act": "relu2",
        "vocab_size": 131072, "tie_word_embeddings": false, "max_position_embeddings": 262144})");
    EXPECT_DOUBLE_EQ(
        nano.totalParams,
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b"))).totalParams);

    QJsonArray blocks;
    for (const QChar c : TestCatalogue::model(QStringLiteral("nemotron-3-ultra-550b-a55b")).layerPattern)
        blocks.append(c == u'M'   ? QStringLiteral("mamba")
                      : c == u'E' ? QStringLiteral("moe")
                                  : QStringLiteral("attention"));
    QJsonObject ultraConfig = QJsonDocument::fromJson(R"({"model_type": "nemotron_h", "hidden_size": 8192,
        "num_attention_heads": 64, "num_key_value_heads": 2, "head_dim": 128, "mamba_num_heads": 256,
        "mamba_head_dim": 64, "ssm_state_size": 128, "n_groups": 8, "conv_kernel": 4, "n_routed_experts": 512,
        "num_experts_per_tok": 22, "n_shared_experts": 1, "moe_intermediate_size": 5120,
        "moe_shared_expert_intermediate_size": 10240, "moe_latent_size": 2048, "intermediate_size": 5120,
        "vocab_size": 131072, "tie_word_embeddings": false, "max_position_embeddings": 262144})")
                                  .object();
    ultraConfig.insert(QStringLiteral("layers_block_type"), blocks);
    QString error;
    const auto ultra = HuggingFaceConfig::fromJson(ultraConfig, QStringLiteral("custom"), &error);
    ASSERT_TRUE(ultra) << error.toStdString();
    EXPECT_EQ(ultra->layers, 108);
    EXPECT_DOUBLE_EQ(
        ModelArchitecture::from(*ultra).totalParams,
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("nemotron-3-ultra-550b-a55b")))
            .totalParams);

    const ModelArchitecture next = imported(R"({"model_type": "qwen3_next", "num_hidden_layers": 48,
        "full_attention_interval": 4, "hidden_size": 2048, "num_attention_heads": 16, "num_key_value_heads": 2,
        "head_dim": 256, "linear_num_key_heads": 16, "linear_num_value_heads": 32, "linear_key_head_dim": 128,
        "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "num_experts": 512, "num_experts_per_tok": 10,
        "moe_intermediate_size": 512, "shared_expert_intermediate_size": 512, "intermediate_size": 5120,
        "hidden_act": "silu", "vocab_size": 151936, "tie_word_embeddings": false,
        "max_position_embeddings": 262144})");
    const ModelArchitecture preset =
        ModelArchitecture::from(TestCatalogue::model(QStringLiteral("qwen3-next-80b-a3b")));
    EXPECT_DOUBLE_EQ(next.totalParams, preset.totalParams);
    EXPECT_DOUBLE_EQ(next.activeParams, preset.activeParams);
    EXPECT_EQ(next.attentionLayers, 12);
}

// Under load the engine keeps a state for every sequence it may run (vLLM sizes the Mamba cache by
// max_num_seqs): each more sequence allowed takes 49.1 MB of Nemotron 3 Nano's KV pool, 7,989 tokens of 6,144
// bytes.
TEST(HybridModels, ServingPoolLeavesRoomForEverySequencesState)
{
    const auto pool = [](int maxNumSeqs) {
        Workload w = inference(TestCatalogue::model(QStringLiteral("nemotron-3-nano-30b-a3b")), 2000, 200, 8);
        ServingTraffic traffic;
        traffic.concurrency = 8;
        traffic.maxNumSeqs = maxNumSeqs;
        traffic.numRequests = 16;
        w.traffic = traffic;
        const Estimate e =
            Estimator::estimate(TestCatalogue::h100Sxm(), w, TestCatalogue::profile(QStringLiteral("vllm")),
                                EstimateOptions{false});
        EXPECT_TRUE(e.serving) << e.notes.join(u'\n').toStdString();
        return e.serving ? double(e.serving->kvCacheTokens) : 0.0;
    };
    EXPECT_NEAR((pool(1) - pool(101)) / (100.0 * 49082368.0 / 6144.0), 1.0, 1e-3);
}
