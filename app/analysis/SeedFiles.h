#pragma once

#include "db/EfficiencyProfile.h"
#include "db/ModelSpec.h"

#include <QString>
#include <QVector>
#include <optional>

// Reads the estimator's seed files: resources/seed/models.json (an array of ModelSpecJson objects)
// and resources/seed/profiles.json (an array of {profile_id, name, description, parameters,
// calibration}). The catalogue seeds its tables from the same files; the calibration tool and the
// tests read them directly.
namespace SeedFiles {

std::optional<QVector<ModelSpec>> readModels(const QString &path, QString *error = nullptr);
std::optional<QVector<EfficiencyProfile>> readProfiles(const QString &path, QString *error = nullptr);

} // namespace SeedFiles
