#pragma once

#include "app/analysis/WorkloadRequest.h"
#include "db/EfficiencyProfile.h"
#include "db/GpuField.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"
#include "widgets/plan/PlanViewData.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// A saved question and what its answer was computed from (a `.gpuc` file, ScenarioFile): the GPUs
// compared, the workload request (traffic and targets included), the plan's own inputs (prices per GPU,
// precisions, deadline, most GPUs), and the values of every spec the answer used, with the catalogue they
// came from, so that opening it on a changed catalogue can say which values changed (ScenarioCatalogue).
struct Scenario
{
    QStringList gpuIds;       // the GPUs compared, in the picker's order
    WorkloadRequest workload; // as the form gives it: unset fields are the recipe's
    PlanInputValues plan;     // the Plan tab's inputs

    // What the answer was computed from when it was saved (not applied when opened: the catalogue open
    // then is what the numbers come from; differences are listed).
    QString cataloguePath;
    QVector<GpuSpec> gpus; // every GPU named by gpuIds or plan.prices, as the catalogue held it
    // The fields each of gpus was recorded with (a file from an older version lacks the newer columns,
    // which then are neither listed as changed nor emptied). Empty: every field.
    QVector<GpuFieldSet> gpuFieldsRecorded;
    std::optional<ModelSpec> model; // the workload's preset as the catalogue held it
    // The profile the workload names, as the catalogue held it: for a profile fitted on the user's runs its
    // description and calibration say which runs (`gpucompare calibrate`). The factors are not recorded.
    std::optional<EfficiencyProfile> profile;

    // The same question (GPUs, workload, plan inputs), whatever values were recorded with it: what
    // "unsaved changes" compares.
    bool sameQuestion(const Scenario &other) const
    {
        return gpuIds == other.gpuIds && workload == other.workload && plan == other.plan;
    }
};
