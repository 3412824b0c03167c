#pragma once

#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadRequest.h"
#include "app/analysis/WorkloadResolver.h"
#include "db/CatalogueSnapshot.h"

#include <QHash>
#include <QVector>

// The window's request resolved: what the form asks (WorkloadForm::request()) with every default filled in,
// or the errors at the form fields that hold the values the resolver cannot use.
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

// The window's side of the resolver: it resolves the form's request as the command line resolves its
// options, and maps each problem onto the form field that shows it (a value the form has no editor for is
// shown at the editor that decides it). It does not read the form: the form edits the request itself.
class WorkloadMapper
{
public:
    static MappedWorkload map(const WorkloadRequest &request, const CatalogueSnapshot &catalogue);

    // What the form's "recipe" choices stand for under this task on this many GPUs.
    static QHash<QString, QString> recipeDefaults(Task task, int gpus);
};
