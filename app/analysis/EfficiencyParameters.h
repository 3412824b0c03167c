#pragma once

#include "app/analysis/UncertaintyTable.h"
#include "db/EfficiencyProfile.h"
#include "db/GpuSpec.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>
#include <utility>

// A factor that may depend on GPU (or model) properties: a default and overrides keyed by
// architecture family ("Hopper"), memory class ("HBM", "GDDR") or model kind ("cnn"). JSON:
// {"default": 0.7, "HBM": 0.61, "GDDR": 0.95}. A plain number means the same value everywhere.
// The most specific key wins: architecture, then memory class, then model kind, then default.
class PropertyTable
{
public:
    PropertyTable() = default;
    explicit PropertyTable(double value)
        : m_default(value)
    {}

    double value(QStringView architecture, QStringView memoryClass, QStringView modelKind = {}) const;
    double defaultValue() const { return m_default; }
    // The key whose value value() returns for these properties: an override's name, or "default".
    QString keyFor(QStringView architecture, QStringView memoryClass, QStringView modelKind = {}) const;
    void set(const QString &key, double value);
    const QVector<std::pair<QString, double>> &overrides() const { return m_overrides; }

    QJsonValue toJson() const;
    static std::optional<PropertyTable> fromJson(const QJsonValue &value, QString *error);

private:
    double m_default = 1.0;
    QVector<std::pair<QString, double>> m_overrides;
};

// The factors of one efficiency profile, parsed once from EfficiencyProfile::parametersJson.
struct EfficiencyParameters
{
    QString profileId;
    QString profileName;
    PropertyTable memoryEfficiency{1.0};    // eta_m: achieved / datasheet bandwidth
    PropertyTable computeEfficiency{1.0};   // eta_c: achieved / dense tensor peak for matmuls
    PropertyTable attentionEfficiency{1.0}; // attention-score math relative to eta_c
    PropertyTable layerOverheadUs{0.0};     // fixed time per layer per forward step (launches, syncs)
    // Serving: the same per layer of a step replayed from a captured CUDA graph (one launch for the whole
    // forward: what is left is the GPU's own gaps between kernels). Applies to steps of at most
    // cudaGraphMaxTokens tokens; larger steps (and prefills, unless cudaGraphPrefill) run eagerly.
    PropertyTable graphLayerOverheadUs{0.0};
    // Serving: what an MoE layer adds per step besides its roofline, graphed or not: the router's top-k,
    // the tokens' permutation and its undoing, the grouped GEMMs' launch-bound tails at few tokens per
    // expert, and with expert parallelism the dispatch and combine latencies (the byte time is
    // CommunicationModel's). AIConfigurator tables these per MoE kernel; here one fitted term per engine.
    PropertyTable moeLayerOverheadUs{0.0};
    // Serving, MoE: the tokens per expert at which the routed experts' grouped GEMMs run at half their rate
    // (0: at the full rate whatever their size). Hopper's and Blackwell's MMA tiles are 64-256 rows.
    PropertyTable expertTokensHalf{0.0};
    PropertyTable expertWidthHalf{0.0}; // and the expert width per GPU where they run at half their rate
    PropertyTable quantizedComputeFactor{1.0};  // GGUF dequantisation cost on compute-bound phases
    PropertyTable trainingBytesPerFlop{0.0};    // training memory traffic not hidden behind matmuls
    PropertyTable communicationEfficiency{1.0}; // achieved / link bandwidth for collectives
    // Serving under load (ServingSimulator): fixed costs of one engine step that the roofline misses.
    PropertyTable stepOverheadUs{0.0};     // per step: scheduler, sampling launch, Python/host work
    PropertyTable sequenceOverheadUs{0.0}; // per running sequence per step: sampling, detokenising
    PropertyTable kvReadEfficiency{1.0};   // KV-cache reads (paged, scattered) relative to eta_m
    // Per request, outside the GPU: the API server, tokenising and handing it to the scheduler, before it
    // can be scheduled (host work: not scaled by the GPU's clock).
    PropertyTable requestOverheadMs{0.0};
    // The boost clock (MHz) of the GPU the step and sequence overheads are stated for (0: the same on every
    // GPU). A step's small kernels (sampling, logits, norms) and launches are latency-bound: they run at the
    // clock, not wider with more SMs, so another GPU's overheads are scaled by reference / its clock.
    PropertyTable overheadClockMhzReference{0.0};
    // Inference: the memory rate a framework's kernels reach is at most SMs x clock x this many bytes per SM
    // per clock (0: no limit). Batch-1 decode kernels keep too few loads in flight to fill the bus on
    // every card: their rate follows the GPU's SMs and clock as much as its bandwidth.
    PropertyTable memoryBytesPerSmClock{0.0};
    // Inference: the matmul rate a framework's kernels reach is at most SMs x clock x this many FLOPs per SM
    // per clock (0: no limit). Kernels written for an older instruction set (llama.cpp's mma.sync) issue
    // the same FLOPs per SM per clock on a newer GPU whose own instructions (wgmma, tcgen05) do more.
    PropertyTable matmulFlopsPerSmClock{0.0};
    // Training: the attention rate a framework's kernels reach is at most SMs x clock x this many FLOPs per
    // SM per clock (0: no limit). FlashAttention-2 issues Ampere's mma.sync on every GPU: about 335
    // TFLOP/s on an H100 against 989 of wgmma (FlashAttention-3, Shah et al. 2024, fig. 5), where it
    // reaches 70% of an A100's peak.
    PropertyTable attentionFlopsPerSmClock{0.0};
    // Training at scale (TrainingModel): matmul efficiency falls with the matrices' size, as
    // width / (width + half) for the hidden size per tensor-parallel GPU and tokens / (tokens + half) for
    // the tokens of one micro-batch per GPU (Calculon's size-tiered efficiencies, smoothed).
    PropertyTable gemmWidthHalf{0.0};
    PropertyTable gemmTokensHalf{0.0};
    PropertyTable fp8ComputeFactor{1.0}; // FP8/FP4 matmuls (scaling, casts) relative to eta_c
    // Training, MoE with dropless routing: the busiest expert GPU's tokens over the even share (>= 1). The
    // step waits for it in the expert matmuls and the all-to-alls; forced balance takes 1.
    PropertyTable moeDroplessImbalance{1.0};
    PropertyTable networkEfficiency{1.0};   // achieved / inter-node network bandwidth for collectives
    PropertyTable dataParallelOverlap{0.0}; // share of the backward pass the gradient reduction hides behind
    PropertyTable tensorParallelOverlap{0.0}; // share of tensor-parallel and pipeline sends hidden behind
                                              // matmuls
    bool useFp16AccumulatePeak = false;       // the framework uses FP16 accumulation (llama.cpp)
    // "rates": "achievable": eta_c and eta_m are shares of what the GPU reaches in microbenchmarks
    // (GpuCapabilities::achievableRates), so a GPU whose kernels reach less of its datasheet gets less;
    // "datasheet" (the default, and every profile before issue 36): shares of the datasheet rates.
    bool achievableRates = false;
    // The software stacks the profile's factors were fitted on ("CUDA"): a GPU of another stack gets the
    // factors with a note and a wider range (EstimateRanges). Empty: not said (a user's own profile).
    QStringList calibratedStacks;
    // The serving engine and the versions its factors were fitted on ("vLLM 0.5.4 ..."): shown beside the
    // profile so a user picks the one that matches their engine. Empty: not a serving engine's profile.
    QString engine;
    int maxBatch = 4096;                 // the largest batch the framework schedules
    int prefillMicrobatchTokens = 0;     // pipeline micro-batch of a prompt (llama.cpp ubatch)
    double frameworkOverheadGb = 0.0;    // CUDA context, workspace, allocator slack per GPU
    bool pipelineSplit = false;          // multi-GPU default: split layers (llama.cpp) not tensors
    int maxNumSeqs = 256;                // serving engine: sequences running at once per replica
    int maxBatchedTokens = 8192;         // serving engine: tokens per step (chunked prefill)
    double kvMemoryFraction = 0.9;       // serving engine: share of GPU memory it may use
    bool kvReserveWholeSequence = false; // serving engine: "kv_admission": "reserve" or "on_demand"
    // Serving engine: CUDA graphs are captured for steps of up to this many tokens (0: none, every step
    // eager). vLLM V1: --max-cudagraph-capture-size; SGLang: --cuda-graph-max-bs; TensorRT-LLM:
    // cuda_graph_config.max_batch_size.
    int cudaGraphMaxTokens = 0;
    bool cudaGraphPrefill = false; // graphs also run steps with prefill tokens (vLLM V1's piecewise graphs)
    // Serving engine: the host schedules step n + 1 while the GPU runs step n (SGLang's overlap scheduler,
    // TensorRT-LLM's overlap scheduler, vLLM's async scheduling): a step takes max(GPU, host), not the sum.
    bool overlapScheduler = false;
    // Serving engine: which engine ("vllm", "sglang", "tensorrt-llm", "lmdeploy") and the versions whose
    // measurements the profile stands for ("0.10" up to "0.19"; empty: open-ended). A measurement names
    // its engine and version; EngineProfiles::forEngine picks the profile from these.
    QString engineId;
    QString engineVersionFrom;
    QString engineVersionTo;

    // A profile `gpucompare calibrate` fitted on the user's own measured runs ("user_fit"): what it was
    // fitted on, how well, and its own 80% bands from its leave-one-run-out residuals (kinds with too few
    // runs for a band take the base profile's). Absent for every bundled profile.
    struct UserFit
    {
        QString baseProfileId;
        QVector<qint64> runIds;                 // the measured runs (measured_runs rows) it was fitted on
        QStringList files;                      // their files' names
        QString fittedAt;                       // ISO 8601 UTC
        double errorBefore = 0.0;               // median |estimate / measured - 1| with the base profile
        double errorAfter = 0.0;                // the same with this profile
        std::optional<double> leaveOneOutError; // each run predicted by a fit without it (3 runs or more)
        QStringList moved;                      // "compute_efficiency (default)": the factors the fit moved
        QVector<UncertaintyBand> bands;
    };
    std::optional<UserFit> userFit;

    static std::optional<EfficiencyParameters> fromProfile(const EfficiencyProfile &profile,
                                                           QString *error = nullptr);
    static std::optional<EfficiencyParameters> fromJson(const QJsonObject &parameters,
                                                        QString *error = nullptr);
    QJsonObject toJson() const;

    // The table stored under a JSON key ("memory_efficiency"), or null; for tools that edit factors.
    PropertyTable *table(const QString &key);
    static QStringList tableKeys();

    // The ideal roofline: every factor 1, no overheads.
    static EfficiencyParameters roofline();
};

// The factors resolved for one GPU and model: plain numbers for the hot path.
struct ResolvedEfficiency
{
    double memory = 1.0;
    double compute = 1.0;
    double attention = 1.0;
    double layerOverheadS = 0.0;
    double graphLayerOverheadS = 0.0;
    double moeLayerOverheadS = 0.0;
    double expertTokensHalf = 0.0;
    double expertWidthHalf = 0.0;
    double quantizedCompute = 1.0;
    double trainingBytesPerFlop = 0.0;
    double communication = 1.0;
    double stepOverheadS = 0.0;
    double sequenceOverheadS = 0.0;
    double requestOverheadS = 0.0;
    double kvRead = 1.0;
    double memoryBytesPerSmClock = 0.0;
    double matmulFlopsPerSmClock = 0.0;
    double attentionFlopsPerSmClock = 0.0;
    // What the GPU reaches of its datasheet rates (1 for a profile of datasheet shares); the rates used are
    // datasheet x achievable share x eta.
    double matmulAchievable = 1.0;
    double memoryAchievable = 1.0;
    // The shares that are the typical fraction, not the GPU's own microbenchmark (achievable profiles only).
    bool matmulShareDerived = false;
    bool memoryShareDerived = false;
    double gemmWidthHalf = 0.0;
    double gemmTokensHalf = 0.0;
    double fp8Compute = 1.0;
    double moeDroplessImbalance = 1.0;
    double network = 1.0;
    double dataParallelOverlap = 0.0;
    double tensorParallelOverlap = 0.0;

    static ResolvedEfficiency resolve(const EfficiencyParameters &parameters, const GpuSpec &gpu,
                                      const QString &modelKind);
};
