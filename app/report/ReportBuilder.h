#pragma once

#include "app/report/ReportContent.h"
#include "app/scenario/Scenario.h"
#include "db/CatalogueSnapshot.h"
#include "widgets/compare/ComparisonData.h"

#include <QCoreApplication>
#include <QDate>

// The report of a scenario on a catalogue, as content (ReportContent): the question in words, the answer
// per task with the verdicts' reasons, the comparison table, the charts, the plan when the workload can be
// planned, the math of the headline numbers, the sources of every spec, the estimator profile with its
// measured accuracy, and the recorded values the catalogue now holds differently. The numbers come from
// the comparison the window's Compare tab shows (ComparisonRun) and its table model, so a report says what
// the window says for the same scenario. Makes no widget and draws nothing.
class ReportBuilder
{
    Q_DECLARE_TR_FUNCTIONS(ReportBuilder)
public:
    struct Options
    {
        QDate date = QDate::currentDate(); // printed on every page
    };

    static ReportContent build(const Scenario &scenario, const CatalogueSnapshot &catalogue,
                               const Options &options);

    // The rows of a comparison whose numbers answer the question (memory, latency, throughput, cost; for
    // training step time, speed, MFU, days and cost), in the table's order: the report explains their math.
    static QStringList headlineRowIds(const ComparisonData &table);
};
