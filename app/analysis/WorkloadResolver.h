#pragma once

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/Workload.h"
#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadRequest.h"
#include "db/CatalogueSnapshot.h"

#include <QCoreApplication>
#include <QVector>
#include <optional>

// A request with every default filled in and its task's recipe applied, ready for the estimator, plus the
// recipe of the other task whose verdict is shown next to it.
struct ResolvedWorkload
{
    std::optional<Workload> workload; // set when the request is usable
    EfficiencyParameters parameters;
    Workload companion; // the other task (training beside inference, inference beside training), 1 GPU
    EfficiencyParameters companionParameters;
    // The other task's recipe on 1, 2, 4, ... 1,024 GPUs: its verdict is judged on the fewest of each GPU
    // that hold it (Estimator::estimateAll), not on this run's count.
    struct Companion
    {
        Workload workload;
        EfficiencyParameters parameters;
    };
    QVector<Companion> companions;
    QVector<WorkloadProblem> problems; // empty when usable; each tagged with the field that holds it

    bool isValid() const { return workload.has_value(); }
};

// The one place where defaults and task recipes live (the window and the command line both call it):
//   - inference: bf16 weights, 1 request in flight, 1,024 input and 256 output tokens, no ZeRO, no recompute;
//   - full training: bf16 mixed-precision Adam, 4,096-token sequences, global batch 8 per GPU; the ZeRO
//     stage, micro-batch and recomputation left out are searched with the layout (Workload::automatic,
//     TrainingRecipe): the fastest that fits each GPU;
//   - LoRA: bf16 base, rank 16, full recomputation (PEFT's gradient checkpointing), no ZeRO;
//   - QLoRA: the LoRA recipe over a 4-bit NF4 base with bf16 math;
//   - the profile: vLLM for inference; PyTorch FSDP for full training of a decoder LLM at any count (and
//     of other models on 2+ GPUs); PyTorch AMP for adapters and for a CNN or encoder on one GPU.
// The companion (the other task's verdict) is the same model under the other task's recipe on the fewest GPUs
// that hold it, one request for inference; the verdict names the count and the recipe, so
// `estimate --task training --gpus N` with them gives the same numbers.
class WorkloadResolver
{
    Q_DECLARE_TR_FUNCTIONS(WorkloadResolver)
public:
    static ResolvedWorkload resolve(const WorkloadRequest &request, const CatalogueSnapshot &catalogue);

    // The request for the other task's verdict: the model, prices and the precisions the other task can
    // use; everything else, the GPU count included, its recipe's default.
    static WorkloadRequest companionRequest(const WorkloadRequest &request);

    // The default of a field, in words, for --help and the form's "recipe" choices: "1 request in flight
    // (inference); 8 per GPU (training)".
    static QString defaultText(WorkloadField field);
    // The default a field takes for a task, in words, as the form shows it ("int4 (NF4)", "selective").
    static QString defaultFor(WorkloadField field, Task task, int gpus = 1);

    // One line that names the recipe: "full fine-tune · bf16 · 4,096-token sequences · global batch 8
    // (micro-batch 1) · ZeRO-1 · selective recompute · Adam · PyTorch AMP".
    static QString recipe(const Workload &workload, const EfficiencyParameters &parameters);

    // Recomputation as the recipe words it: "selective" ("selective recompute"), translated.
    static QString recomputeLabel(Recompute recompute);

    // The task as people name it: "inference", "full fine-tune", "LoRA fine-tune", "QLoRA fine-tune".
    static QString taskLabel(Task task);

    // The preset ids closest to a mistyped one (at most six), for "unknown model" messages.
    static QStringList closeModels(const QVector<ModelSpec> &models, const QString &query);
};
