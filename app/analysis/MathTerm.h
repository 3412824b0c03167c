#pragma once

#include <QString>
#include <QVector>

class MathExpr;

// Every step an estimate can show. The id is the term's identity: the presenter groups terms by it and
// `estimate --json` prints its key; the English name and the unit come from one table (MathTerm.cpp).
enum class MathTermId
{
    // the split, the batch and the capacity (Estimator)
    PeakCompute,
    Parallelism,
    BatchPerReplica,
    MicroBatchesPerStep,
    FewestGpus,
    LargestBatch,
    LongestContext,
    // memory per GPU (MemoryModel)
    WeightsPerGpu,
    KvCachePerGpu,
    KvCacheMlaPerGpu,
    ActivationsInference,
    ActivationsRecomputeNone,
    ActivationsRecomputeSelective,
    ActivationsRecomputeFull,
    GradientsPerGpu,
    OptimizerStatePerGpu,
    LoraAdaptersPerGpu,
    FrameworkOverheadPerGpu,
    MemoryPerGpu,
    // inference (InferenceModel)
    ForwardTime,
    SamplesPerSecond,
    PrefillFlops,
    PrefillComputeTime,
    PrefillMemoryTime,
    PrefillTensorParallel,
    PrefillPipelineTransfers,
    TimeToFirstToken,
    PrefillTokensPerSecond,
    DecodeBytes,
    DecodeMemoryTime,
    DecodeComputeTime,
    DecodeTensorParallel,
    DecodePipelineTransfers,
    TimePerOutputToken,
    DecodeTokensPerSecond,
    EndToEndThroughput,
    // inference under load (ServingLoad)
    ServingMeanRequest,
    ServingRequestOverhead,
    ServingDecodeStep,
    ServingTtftP90,
    ServingTpotP90,
    ServingOutputTokensPerSecond,
    // training (TrainingModel)
    TrainingFlops,
    ComputeTimePerStep,
    OptimizerUpdate,
    PipelineBubble,
    TensorParallelAllReduces,
    DataParallelAllReduce,
    StepTime,
    TrainingTokensPerSecond,
    TrainingSamplesPerSecond,
    Mfu,
    Hfu,
    RecomputeTimePerStep,
    BudgetHours,
    BudgetGpuHours,
    // cost (CostModel)
    RentalPerMillionTokens,
    RentalForBudget,
    Power,
    EnergyPerToken,
    ElectricityPerMillionTokens,
    OwnedPerGpuHour,
};

namespace MathTerms {

const QVector<MathTermId> &all();
// Stable lowercase key for files and scripts: "weights_per_gpu".
QString key(MathTermId id);
// The English name, the source text of the "MathTerm" translation context: "weights per GPU".
QString name(MathTermId id);
// The name in the interface language.
QString displayName(MathTermId id);
// The unit, translated where it is a word ("tokens/s"); "GB", "ms" stay as they are.
QString unit(MathTermId id);

} // namespace MathTerms

// One step of an estimate, as the "show the math" panel and `estimate --json` print it. Made only by
// MathLog::add from a MathExpr, so formula, substituted values and value cannot disagree.
struct MathTerm
{
    MathTermId id = MathTermId::PeakCompute;
    QString name;        // English, from the id: "weights per GPU"
    QString formula;     // "params x bits per weight / 8 / (tp x pp) / 1e9"
    QString substituted; // "8.03026e9 x 16 / 8 / (1 x 1) / 1e9"
    double value = 0.0;  // 16.0605
    QString unit;        // "GB"
    // The 80% range of an estimated number, "±18%: llama.cpp prefill, 66 measurements, leave-one-GPU-out",
    // or why it has none; empty for the steps between (EstimateRanges).
    QString range;
};

// Collects MathTerms while an estimate is computed. The models build terms only when they have a
// MathLog (their formulas are instantiated with MathExpr then); the fast path (math off) instantiates
// them with double and does no string work at all.
class MathLog
{
public:
    void add(MathTermId id, const MathExpr &expression);
    const QVector<MathTerm> &terms() const { return m_terms; }
    QVector<MathTerm> takeTerms() { return std::move(m_terms); }

    // Numbers in substituted values: 6 significant digits, e-notation from 1e6 and below 1e-4 ("1.2e9"),
    // enough that evaluating the substituted text gives the value back (MathFormulaTest).
    static QString number(double value);

private:
    QVector<MathTerm> m_terms;
};
