#pragma once

// The seed files the accuracy tests read: a calibration set built from one benchmarks CSV and the shipped
// profiles (resources/seed/profiles.json), no refit.

#include "app/analysis/EfficiencyParameters.h"
#include "db/Benchmark.h"
#include "db/BenchmarkCsvParser.h"
#include "db/DatasheetCsvParser.h"
#include "db/GpuSpec.h"
#include "db/ModelSpec.h"
#include "db/SeedCatalogue.h"

#include <QFile>
#include <QMap>
#include <QString>
#include <QVector>
#include <cmath>
#include <gtest/gtest.h>
#include <initializer_list>

namespace CalibrationFixture {

inline QByteArray seedFile(const char *name)
{
    QFile file(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/") + QString::fromLatin1(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    return file.readAll();
}

template <typename Set> struct Loaded
{
    Set set;
    QMap<QString, EfficiencyParameters> profiles;
    QVector<GpuSpec> gpus;
};

// The set `build` makes of the rows of resources/seed/`benchmarks`, with the catalogue's GPUs and models, and
// the shipped profiles by id; empty (with a test failure) when a seed file does not read.
template <typename Set>
Loaded<Set> load(std::initializer_list<const char *> files,
                 Set (*build)(const QVector<Benchmark> &, const QVector<GpuSpec> &,
                              const QVector<ModelSpec> &))
{
    Loaded<Set> loaded;
    QString error;
    const auto gpus = DatasheetCsvParser::parse(seedFile("gpu-specs.csv"), &error);
    EXPECT_TRUE(gpus.has_value()) << error.toStdString();
    std::optional<QVector<Benchmark>> rows = QVector<Benchmark>{};
    for (const char *file : files) {
        const auto read = BenchmarkCsvParser::parse(seedFile(file), &error);
        EXPECT_TRUE(read.has_value()) << file << ": " << error.toStdString();
        if (!read)
            rows.reset();
        else if (rows)
            *rows += *read;
    }
    const auto models = SeedCatalogue::readModels(
        QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/models.json"), &error);
    const auto profiles = SeedCatalogue::readProfiles(
        QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/profiles.json"), &error);
    if (!gpus || !rows || !models || !profiles)
        return loaded;
    loaded.gpus = *gpus;
    loaded.set = build(*rows, *gpus, *models);
    for (const EfficiencyProfile &profile : *profiles)
        loaded.profiles.insert(profile.profileId, *EfficiencyParameters::fromProfile(profile));
    return loaded;
}
template <typename Set>
Loaded<Set> load(const char *benchmarks, Set (*build)(const QVector<Benchmark> &, const QVector<GpuSpec> &,
                                                      const QVector<ModelSpec> &))
{
    return load({benchmarks}, build);
}

// The point of `points` with this bench_id, or null (with a test failure naming the `kind` of point).
template <typename Point>
const Point *find(const QVector<Point> &points, const char *benchId, const char *kind)
{
    for (const Point &p : points)
        if (p.benchId == QLatin1String(benchId))
            return &p;
    ADD_FAILURE() << "no " << kind << " point " << benchId;
    return nullptr;
}

// |predicted / measured - 1| of a point with its profile from `profiles`; 1e9 for no point.
template <typename Point>
double errorOf(const Point *point, const QMap<QString, EfficiencyParameters> &profiles,
               double (*predict)(const Point &, const EfficiencyParameters &))
{
    if (!point)
        return 1e9;
    return std::fabs(predict(*point, profiles[point->profileId]) / point->measured - 1.0);
}

} // namespace CalibrationFixture
