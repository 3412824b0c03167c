#pragma once

#include "db/GpuField.h"
#include "db/GpuSpec.h"

#include <QStringList>
#include <QVector>

// What importing a file would do to the table, shown before anything changes: GPUs it adds, GPUs whose
// values it changes (with the fields), and how many it leaves as they are. Matching is by gpu_id.
// A file changes only the fields it gives: a CSV with some of the columns leaves the others as they
// are. Empty cells in a column it has do empty values, and the plan says so (emptyingWarning) in the
// window's import preview and on the command line.
struct ImportPlan
{
    struct Change
    {
        GpuSpec before;
        GpuSpec after;       // the imported values over before's row id and revision
        QStringList fields;  // keys of the fields that differ
        QStringList emptied; // keys of the fields that had a value and the file leaves empty
    };

    QVector<GpuSpec> additions;
    QVector<Change> changes;
    int unchanged = 0;

    bool changesNothing() const { return additions.isEmpty() && changes.isEmpty(); }

    // given[i]: the fields incoming[i] comes with; a shorter (or empty) list means every field.
    static ImportPlan make(const QVector<GpuSpec> &current, const QVector<GpuSpec> &incoming,
                           const QVector<GpuFieldSet> &given = {});

    // existing with the given fields of incoming: what an imported row becomes.
    static GpuSpec overlay(const GpuSpec &existing, const GpuSpec &incoming, const GpuFieldSet &given);

    // How many values the changes empty, and a sentence naming them for the user ("" when none).
    int emptiedCount() const;
    QString emptyingWarning() const;
};
