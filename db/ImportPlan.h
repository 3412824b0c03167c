#pragma once

#include "GpuSpec.h"

#include <QStringList>
#include <QVector>

// What importing a file would do to the table, shown before anything changes: GPUs it adds, GPUs whose
// values it changes (with the fields), and how many it leaves as they are. Matching is by gpu_id.
struct ImportPlan
{
    struct Change
    {
        GpuSpec before;
        GpuSpec after;      // the imported values over before's row id and revision
        QStringList fields; // keys of the fields that differ
    };

    QVector<GpuSpec> additions;
    QVector<Change> changes;
    int unchanged = 0;

    bool changesNothing() const { return additions.isEmpty() && changes.isEmpty(); }

    static ImportPlan make(const QVector<GpuSpec> &current, const QVector<GpuSpec> &incoming);
};
