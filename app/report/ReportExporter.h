#pragma once

#include "app/scenario/Scenario.h"
#include "db/CatalogueSnapshot.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

// Export Report and `gpucompare report`: the answer to a scenario on a catalogue, as a PDF (charts drawn as
// vectors, page numbers, date and version on every page) or one self-contained HTML file (charts inline).
// Needs a QApplication (the charts are drawn by the chart widgets; offscreen is enough). Writes atomically.
class ReportExporter
{
    Q_DECLARE_TR_FUNCTIONS(ReportExporter)
public:
    enum class Format
    {
        Pdf,
        Html
    };

    // From the extension (.pdf, .html or .htm, any case); nullopt for anything else.
    static std::optional<Format> formatForPath(const QString &path);

    // Writes the report; false and a message naming the file and the reason when it cannot. The scenario
    // must open on the catalogue (ScenarioCatalogue::problems is empty); the values it recorded that the
    // catalogue now holds differently are listed in the report.
    static bool write(const Scenario &scenario, const CatalogueSnapshot &catalogue, const QString &path,
                      QString *errorMessage = nullptr);
};
