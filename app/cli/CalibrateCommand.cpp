#include "app/cli/CalibrateCommand.h"

#include "app/analysis/EfficiencyParameters.h"
#include "app/analysis/calibration/MeasuredRunCase.h"
#include "app/analysis/calibration/UserProfileFit.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/Catalogue.h"
#include "db/MessageText.h"
#include "db/ProfileRepository.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("cli", text, disambiguation, n);
}

void complain(CliContext &context, const QString &message)
{
    context.err << CliHelp::programName() << ": calibrate: " << message << Qt::endl;
}

QList<QCommandLineOption> options()
{
    return {QCommandLineOption(QStringList{QStringLiteral("profile")},
                               tr("The profile to fit (or refit): a new id of letters, digits, '.', '_' and "
                                  "'-'. A bundled profile's id is refused."),
                               QStringLiteral("NAME")),
            QCommandLineOption(QStringList{QStringLiteral("base")},
                               tr("The profile it starts from: your runs are those imported with this "
                                  "profile (measurements import --profile, or the file's engine)."),
                               QStringLiteral("PROFILE")),
            QCommandLineOption(QStringList{QStringLiteral("gpu")},
                               tr("Fit only on runs of this GPU (repeatable). Default: every GPU."),
                               QStringLiteral("ID")),
            QCommandLineOption(QStringList{QStringLiteral("keep-outliers")},
                               tr("Fit on runs far off the others too (a measured number more than 10x "
                                  "further from the estimate than the other runs'). Default: they are "
                                  "named and left out.")),
            QCommandLineOption(QStringList{QStringLiteral("remove")},
                               tr("Remove the profile NAME that calibrate fitted."), QStringLiteral("NAME"))};
}

QString percent(double fraction)
{
    return QString::number(100.0 * fraction, 'f', 1) + u'%';
}

int removeProfile(const QString &name, CliContext &context)
{
    const std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context, IfCatalogueMissing::Fail);
    if (!catalogue)
        return ExitCode::Failure;
    ProfileRepository profiles = catalogue->profiles();
    CatalogueError error;
    const std::optional<EfficiencyProfile> profile = profiles.find(name, &error);
    const std::optional<EfficiencyParameters> parameters =
        profile ? EfficiencyParameters::fromProfile(*profile) : std::nullopt;
    if (!profile || !parameters || !parameters->userFit) {
        complain(context, error
                              ? error.message
                              : tr("'%1' is not a profile calibrate fitted (gpucompare profiles lists them)")
                                    .arg(MessageText::cut(name)));
        return error ? ExitCode::forError(error.kind) : ExitCode::BadInput;
    }
    if (const CatalogueError removed = profiles.remove(profile->rowId, profiles.revisionOf(profile->rowId))) {
        complain(context, removed.message);
        return ExitCode::forError(removed.kind);
    }
    context.out << tr("removed profile %1").arg(name) << Qt::endl;
    return ExitCode::Ok;
}

int runCalibrate(const QStringList &arguments, CliContext &context)
{
    QCommandLineParser parser;
    parser.addOptions(options());
    if (!parser.parse(QStringList{QStringLiteral("calibrate")} + arguments) ||
        !parser.positionalArguments().isEmpty()) {
        complain(
            context,
            parser.errorText().isEmpty()
                ? tr("unexpected argument '%1'").arg(MessageText::cut(parser.positionalArguments().value(0)))
                : parser.errorText());
        return ExitCode::BadInput;
    }
    if (parser.isSet(QStringLiteral("remove")))
        return removeProfile(parser.value(QStringLiteral("remove")), context);
    const QString name = parser.value(QStringLiteral("profile"));
    const QString baseId = parser.value(QStringLiteral("base"));
    if (name.isEmpty() || baseId.isEmpty()) {
        complain(context, tr("usage: calibrate --profile NAME --base PROFILE [--gpu ID]... | calibrate "
                             "--remove NAME"));
        return ExitCode::BadInput;
    }
    static const QRegularExpression validName(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"));
    if (!validName.match(name).hasMatch()) {
        complain(context, tr("--profile '%1': use letters, digits, '.', '_' and '-' (64 at most)")
                              .arg(MessageText::cut(name)));
        return ExitCode::BadInput;
    }
    const QStringList gpus = parser.values(QStringLiteral("gpu"));

    const std::optional<CatalogueSnapshot> snapshot = loadCatalogueForCli(context);
    if (!snapshot)
        return ExitCode::Failure;
    const EfficiencyProfile *baseProfile = snapshot->findProfile(baseId);
    const std::optional<EfficiencyParameters> base =
        baseProfile ? EfficiencyParameters::fromProfile(*baseProfile) : std::nullopt;
    if (!base) {
        complain(context, tr("--base '%1' is not a profile of the catalogue (gpucompare profiles lists them)")
                              .arg(MessageText::cut(baseId)));
        return ExitCode::BadInput;
    }
    if (const EfficiencyProfile *existing = snapshot->findProfile(name)) {
        const auto parameters = EfficiencyParameters::fromProfile(*existing);
        if (!parameters || !parameters->userFit) {
            complain(context, tr("--profile '%1' is a profile calibrate did not fit: choose another name")
                                  .arg(MessageText::cut(name)));
            return ExitCode::BadInput;
        }
    }
    // The runs of the base's engine: imported under it, or under the profile a refitted base came from.
    const QString engine = base->userFit ? base->userFit->baseProfileId : base->profileId;
    QVector<MeasuredRunCase> cases;
    QSet<qint64> fileIds;
    int considered = 0;
    for (const StoredMeasuredRun &run : snapshot->measuredRuns) {
        if (run.profileId != engine || (!gpus.isEmpty() && !gpus.contains(run.gpuId)))
            continue;
        ++considered;
        const MeasuredRunCases::Built built =
            MeasuredRunCases::build(run, snapshot->gpus, snapshot->models, base->profileId);
        if (!built.runCase) {
            context.out << tr("run %1 left out: %2").arg(run.rowId).arg(built.reason) << Qt::endl;
            continue;
        }
        cases << *built.runCase;
        fileIds.insert(run.fileId);
    }
    if (cases.isEmpty()) {
        complain(context,
                 considered == 0
                     ? tr("no imported run of %1%2 (measurements import FILE --profile %1)")
                           .arg(engine, gpus.isEmpty() ? QString() : tr(" on %1").arg(gpus.join(u',')))
                     : tr("none of the %1 runs of %2 can be estimated (reasons above)")
                           .arg(considered)
                           .arg(engine));
        return ExitCode::BadInput;
    }
    QStringList files;
    for (const MeasurementFile &file : snapshot->measurementFiles)
        if (fileIds.contains(file.rowId))
            files << file.fileName;

    const bool keepOutliers = parser.isSet(QStringLiteral("keep-outliers"));
    const UserProfileFit::Result result = UserProfileFit::fit(
        cases, *base, name, files, QDateTime::currentDateTimeUtc().toString(Qt::ISODate), keepOutliers);
    for (const QString &skipped : result.skipped)
        context.out << tr("left out: %1").arg(skipped) << Qt::endl;
    for (const QString &outlier : result.outliers)
        context.out << (keepOutliers
                            ? tr("far off the others, kept (--keep-outliers): %1").arg(outlier)
                            : tr("left out, far off the others (--keep-outliers keeps it): %1").arg(outlier))
                    << Qt::endl;
    if (!result.error.isEmpty() && !result.fitted.userFit) {
        complain(context, result.error);
        return ExitCode::BadInput;
    }
    const EfficiencyParameters::UserFit &fit = *result.fitted.userFit;
    context.out << tr("%1 fitted on %2 of your runs (%3 measured numbers) from %4")
                       .arg(name)
                       .arg(result.runs)
                       .arg(result.values)
                       .arg(baseId)
                << Qt::endl;
    context.out << tr("  median error with %1: %2").arg(baseId, percent(fit.errorBefore)) << Qt::endl;
    context.out << tr("  median error with %1: %2").arg(name, percent(fit.errorAfter)) << Qt::endl;
    context.out << (fit.leaveOneOutError
                        ? tr("  leave-one-run-out median error: %1").arg(percent(*fit.leaveOneOutError))
                        : tr("  leave-one-run-out error: needs 2 runs or more"))
                << Qt::endl;
    for (const UserProfileFit::Factor &factor : result.factors) {
        const QString factorName = UserProfileFit::factorName(factor.parameter);
        if (factor.moved)
            context.out << tr("  moved %1: %2 -> %3")
                               .arg(factorName, QString::number(factor.before, 'g', 4),
                                    QString::number(factor.after, 'g', 4))
                        << (factor.parameter.maximum == 1.0 && factor.after >= 1.0 - 1e-9
                                ? tr(" (its bound: all of the rate it is a share of; the runs are faster "
                                     "than the GPU's rates allow, and the rest is the error left)")
                                : QString())
                        << Qt::endl;
        else
            context.out << tr("  kept %1 at %2: %3")
                               .arg(factorName, QString::number(factor.before, 'g', 4), factor.keptBecause)
                        << Qt::endl;
    }
    if (!result.error.isEmpty()) { // fitted, but it does not help: the figures above, nothing saved
        complain(context, result.error);
        return ExitCode::BadInput;
    }
    QStringList ownBands;
    for (const UncertaintyBand &band : fit.bands)
        ownBands << band.kind;
    context.out
        << (ownBands.isEmpty()
                ? tr("  ranges: %1's (8 measured numbers of a kind make a range of its own)").arg(engine)
                : tr("  ranges of its own for %1; the rest are %2's").arg(ownBands.join(u", "), engine))
        << Qt::endl;

    const std::unique_ptr<Catalogue> catalogue = openCatalogueForCli(context);
    if (!catalogue)
        return ExitCode::Failure;
    ProfileRepository profiles = catalogue->profiles();
    EfficiencyProfile profile;
    profile.profileId = name;
    profile.name = name;
    profile.description = UserProfileFit::summary(fit);
    profile.parametersJson =
        QString::fromUtf8(QJsonDocument(result.fitted.toJson()).toJson(QJsonDocument::Compact));
    QStringList runIds;
    for (const qint64 id : fit.runIds)
        runIds << QString::number(id);
    profile.calibration =
        tr("gpucompare calibrate, %1, from %2 on your measured runs %3 (measurements list; files: %4). "
           "Median error %5 before, %6 after, %7 leaving each run out. Moved: %8.")
            .arg(fit.fittedAt, baseId, runIds.join(u", "), files.join(u", "), percent(fit.errorBefore),
                 percent(fit.errorAfter),
                 fit.leaveOneOutError ? percent(*fit.leaveOneOutError) : tr("not measured (under 2 runs)"),
                 fit.moved.isEmpty() ? tr("nothing") : fit.moved.join(u", "));
    CatalogueError error;
    const std::optional<EfficiencyProfile> existing = profiles.find(name, &error);
    if (error.kind == CatalogueError::Kind::NotFound)
        error = {};
    if (!error) {
        if (existing) {
            profile.rowId = existing->rowId;
            error = profiles.update(profile, profiles.revisionOf(existing->rowId));
        } else {
            error = profiles.insert(profile);
        }
    }
    if (error) {
        complain(context, error.message);
        return ExitCode::forError(error.kind);
    }
    context.out << tr("saved profile %1: %2").arg(name, profile.description) << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand calibrateCommand()
{
    CliCommand command{
        QStringLiteral("calibrate"),
        tr("calibrate --profile NAME --base PROFILE [--gpu ID]...: fit a profile of your own on "
           "your imported measurements"),
        runCalibrate};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral(
                "[--db FILE] calibrate --profile NAME --base PROFILE [--gpu ID]... [--keep-outliers] | "
                "calibrate --remove NAME"),
            tr("Fits NAME on your imported measurements (gpucompare measurements import) of the base "
               "profile's engine, with the fitting of the bundled profiles, started from the base's factors. "
               "Prints the median error before and after, and each run's error when the fit is made without "
               "it. Only the factors your runs can pin down move; the rest keep the base's values, each with "
               "the reason. An efficiency stays at most 1 of the rate it is a share of. Runs far off the "
               "others are named and left out. The fit is saved only when the runs, each predicted by the "
               "fit made without it, are closer than under the base; otherwise nothing is saved. The profile "
               "is stored in the catalogue (gpucompare profiles, the window's "
               "profile "
               "box); calibrate it again to refit it."),
            options());
    };
    return command;
}
