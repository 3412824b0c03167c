#pragma once

#include "app/scenario/Scenario.h"
#include "db/CatalogueSnapshot.h"
#include "db/ImportPlan.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

// A scenario against a catalogue: what to record when saving it, what stops it from being opened, and
// which recorded spec values the catalogue now holds differently.
class ScenarioCatalogue
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioCatalogue)
public:
    // The scenario of these inputs, with the catalogue's values of every GPU it names and of its model.
    static Scenario capture(const QStringList &gpuIds, const WorkloadRequest &workload,
                            const PlanInputValues &plan, const CatalogueSnapshot &catalogue,
                            const QString &cataloguePath);

    // Why the scenario cannot be opened on this catalogue, one line each; empty when it can: a GPU or a
    // model preset the catalogue lacks, a config.json that is not there.
    static QStringList problems(const Scenario &scenario, const CatalogueSnapshot &catalogue);

    struct Change
    {
        QString gpuId;   // empty for the model
        QString subject; // "H100 SXM5 80GB" or the model's name
        QString field;   // the value's label, translated: "Memory bandwidth"
        QString saved;   // as the scenario recorded it, with its unit ("3,350 GB/s"; "n/a" when missing)
        QString now;     // as the catalogue holds it
    };
    // The recorded values the catalogue now holds differently (row ids, revisions and edit marks aside).
    static QVector<Change> changes(const Scenario &scenario, const CatalogueSnapshot &catalogue);
    // What putting the recorded GPU values into the catalogue would do (add the GPUs it lacks, change
    // the values that differ), for CatalogueEditor::applyImport: one undoable edit the user then saves, after
    // which the numbers are the ones the scenario was saved with.
    static ImportPlan recordedValues(const Scenario &scenario, const CatalogueSnapshot &catalogue);
    // One line per change: "H100 SXM5 80GB · Memory bandwidth: 3,350 GB/s when saved, 3,000 GB/s now".
    static QStringList changeLines(const QVector<Change> &changes);
};
