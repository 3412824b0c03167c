#pragma once

#include "CatalogueSnapshot.h"
#include "EfficiencyParameters.h"
#include "Workload.h"
#include "WorkloadFormValues.h"

#include <QCoreApplication>
#include <QVector>

#include <optional>

// Turns what the workload form holds into the estimator's Workload and profiles, resolved against the
// catalogue; what cannot be resolved becomes an error at the form field it came from.
struct MappedWorkload
{
    std::optional<Workload> workload; // set when every field is usable
    EfficiencyParameters parameters;
    EfficiencyParameters otherTaskParameters; // for the verdict of the task not asked for
    QVector<WorkloadFieldError> errors;
    QString summary; // "Llama-3 8B · inference · bf16 · batch 1 · 1,024 + 256 tokens · 1 GPU · vLLM"

    bool isValid() const { return workload.has_value(); }
};

class WorkloadMapper
{
    Q_DECLARE_TR_FUNCTIONS(WorkloadMapper)
public:
    static MappedWorkload map(const WorkloadFormValues &values, const CatalogueSnapshot &catalogue);
};
