#pragma once

#include "db/Benchmark.h"
#include "db/CatalogueSnapshot.h"

#include <QString>
#include <QVector>
#include <optional>

// The user's imported measured runs (`measurements import`) as benchmark rows, one per measured number
// ("TTFT median", "output tokens/s"), each with the estimator's number under the run's own conditions and
// profile (MeasuredRunCase), so Compare's measured section shows them as it shows the catalogue's.
struct UserRunRow
{
    Benchmark benchmark; // category kCategory, bench id "your-run-<run id>-<n>"
    std::optional<double> estimate;
    QString noEstimate; // why there is none
};

namespace UserRunBenchmarks {

inline const QString kCategory = QStringLiteral("Your measurements");

QVector<UserRunRow> of(const CatalogueSnapshot &catalogue);

} // namespace UserRunBenchmarks
