#pragma once

#include "app/analysis/WorkloadRequest.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/CatalogueSnapshot.h"
#include "widgets/workload/WorkloadFormValues.h"

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
    QString summary; // "Llama-3 8B · inference · bf16 · 1 request in flight · 1,024 + 256 tokens · 1 GPU ·
                     // vLLM"
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

    // The reverse of requestFrom(): the form values that give this request. Values the task does not use
    // (greyed out in the form) are kept from base; those it uses and the request leaves unset go back to
    // "the recipe" (or their default). requestFrom(formValuesFrom(r)) == r for every request the form can
    // hold (tests/app/WorkloadMapperTest.cpp).
    static WorkloadFormValues formValuesFrom(const WorkloadRequest &request,
                                             const WorkloadFormValues &base = WorkloadFormValues());

    // The network as typed in the form ("400", "800 Gb/s"), in Gb/s per GPU; nullopt when it is not a number.
    static std::optional<double> networkGbps(const QString &text);

    // What the form's "recipe" choices stand for under this task on this many GPUs.
    static QHash<QString, QString> recipeDefaults(Task task, int gpus);
};
