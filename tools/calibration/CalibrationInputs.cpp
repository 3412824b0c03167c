#include "tools/calibration/CalibrationInputs.h"

#include "db/BenchmarkCsvParser.h"
#include "db/DatasheetCsvParser.h"
#include "db/SeedCatalogue.h"

#include <QFile>

namespace {

// A seed file parsed, or nothing with "NAME: why" in error.
template <typename Parsed>
std::optional<Parsed> parseSeedFile(const QString &seedDir, const QString &name,
                                    std::optional<Parsed> (*parse)(const QByteArray &, QString *),
                                    QString *error)
{
    QFile file(seedDir + name);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString());
        return std::nullopt;
    }
    QString problem;
    std::optional<Parsed> parsed = parse(file.readAll(), &problem);
    if (!parsed)
        *error = QStringLiteral("%1: %2").arg(name, problem);
    return parsed;
}

} // namespace

std::optional<CalibrationInputs> CalibrationInputs::read(const QString &sourceDir, QString *error)
{
    CalibrationInputs in;
    in.seedDir = sourceDir + QStringLiteral("/resources/seed/");
    const auto gpus =
        parseSeedFile(in.seedDir, QStringLiteral("gpu-specs.csv"), DatasheetCsvParser::parse, error);
    const auto benchmarks = [&](const char *name) {
        return parseSeedFile(in.seedDir, QString::fromLatin1(name), BenchmarkCsvParser::parse, error);
    };
    const auto offline = gpus ? benchmarks("benchmarks-calibration.csv") : std::nullopt;
    const auto serving = offline ? benchmarks("benchmarks-serving-calibration.csv") : std::nullopt;
    const auto inferenceX =
        serving ? benchmarks("benchmarks-serving-calibration-inferencex.csv") : std::nullopt;
    const auto training = inferenceX ? benchmarks("benchmarks-training-calibration.csv") : std::nullopt;
    const auto moeTraining = training ? benchmarks("benchmarks-training-calibration-moe.csv") : std::nullopt;
    const auto models = moeTraining
                            ? SeedCatalogue::readModels(in.seedDir + QStringLiteral("models.json"), error)
                            : std::nullopt;
    const auto profiles =
        models ? SeedCatalogue::readProfiles(in.seedDir + QStringLiteral("profiles.json"), error)
               : std::nullopt;
    if (!profiles)
        return std::nullopt;
    in.gpus = *gpus;
    in.offlineRows = *offline;
    in.servingRows = *serving + *inferenceX;
    in.trainingRows = *training;
    in.moeTrainingRows = *moeTraining;
    in.models = *models;
    in.profiles = *profiles;
    return in;
}

std::optional<EfficiencyParameters> CalibrationInputs::startOf(const QString &profileId, QString *error) const
{
    for (const EfficiencyProfile &profile : profiles)
        if (profile.profileId == profileId)
            return EfficiencyParameters::fromProfile(profile, error);
    if (error)
        *error = QStringLiteral("not in profiles.json");
    return std::nullopt;
}
