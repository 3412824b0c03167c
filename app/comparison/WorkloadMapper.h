#pragma once

#include "CatalogueSnapshot.h"
#include "WorkloadFormValues.h"
#include "WorkloadRequest.h"
#include "WorkloadResolver.h"

#include <QCoreApplication>
#include <QHash>
#include <QVector>

// The window's front door: turns what the workload form holds into a WorkloadRequest (only the values
// the task uses; the form's "recipe" choices stay unset) and resolves it, as the command line does with its
// options. What cannot be resolved becomes an error at the form field that holds it.
struct MappedWorkload
{
    WorkloadRequest request;
    ResolvedWorkload resolved;
    QVector<WorkloadFieldError> errors;
    QString
        summary; // "Llama-3 8B · inference · bf16 · 1 request in flight · 1,024 + 256 tokens · 1 GPU · vLLM"
    QHash<QString, QString> recipeDefaults; // per form field key: the value its "recipe" choice stands for

    bool isValid() const { return resolved.isValid(); }
};

class WorkloadMapper
{
    Q_DECLARE_TR_FUNCTIONS(WorkloadMapper)
public:
    static MappedWorkload map(const WorkloadFormValues &values, const CatalogueSnapshot &catalogue);

    // The request alone (no catalogue); values that are not even a choice of the form become errors.
    static WorkloadRequest requestFrom(const WorkloadFormValues &values, QVector<WorkloadFieldError> *errors);

    // What the form's "recipe" choices stand for under this task on this many GPUs.
    static QHash<QString, QString> recipeDefaults(Task task, int gpus);
};
