#include "app/cli/UpdateCatalogueCommand.h"

#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "app/cli/TextTable.h"
#include "db/Catalogue.h"
#include "db/SeedCatalogue.h"
#include "db/TextMatch.h"

#include <QCoreApplication>

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

// Why a missing seed row is missing: never offered, declined, or added once and deleted since.
QString statusOf(const QHash<QString, QString> &answers, const QString &id)
{
    const QString answer = answers.value(id);
    if (answer == QLatin1String("declined"))
        return tr("declined");
    if (answer == QLatin1String("added"))
        return tr("deleted since added");
    return tr("new");
}

// The available ids closest to a mistyped one (case, punctuation and a few letters apart).
QStringList closeMatches(const QStringList &available, const QString &typed)
{
    const QString wanted = TextMatch::normalized(typed);
    QStringList close;
    for (const QString &id : available) {
        const QString candidate = TextMatch::normalized(id);
        if (!wanted.isEmpty() &&
            (candidate.contains(wanted) || wanted.contains(candidate) ||
             TextMatch::editDistance(candidate, wanted) <= std::max<qsizetype>(2, wanted.size() / 4)))
            close << id;
    }
    return close.mid(0, 5);
}

void printOffer(const SeedCatalogue::SeedOffer &offer, const SeedCatalogue::SeedAnswers &answers,
                QTextStream &out)
{
    if (offer.isEmpty()) {
        out << tr("The catalogue has every GPU, model preset and system this version knows.") << Qt::endl;
        return;
    }
    QList<QStringList> rows;
    for (const GpuSpec &gpu : offer.gpus)
        rows.append({tr("GPU"), gpu.gpuId, gpu.displayName(), statusOf(answers.gpus, gpu.gpuId)});
    for (const ModelSpec &model : offer.models)
        rows.append({tr("model"), model.modelId, model.name, statusOf(answers.models, model.modelId)});
    for (const SystemSpec &system : offer.systems)
        rows.append({tr("system"), system.systemId, system.name, statusOf(answers.systems, system.systemId)});
    TextTable::write(out, {tr("kind"), tr("id"), tr("name"), tr("status")}, rows);
    out << tr("%1 GPUs, %2 model presets and %3 systems of this version are not in the catalogue. Add them "
              "with `update-catalogue --all` or by their ids.")
               .arg(offer.gpus.size())
               .arg(offer.models.size())
               .arg(offer.systems.size())
        << Qt::endl;
}

int runUpdateCatalogue(const QStringList &arguments, CliContext &context)
{
    bool list = false, all = false;
    QStringList ids;
    for (const QString &argument : arguments) {
        if (argument == QLatin1String("--list"))
            list = true;
        else if (argument == QLatin1String("--all"))
            all = true;
        else if (argument.startsWith(QLatin1String("--"))) {
            context.err
                << "gpucompare: "
                << tr("update-catalogue: unknown option %1 (allowed: --list, --all, or ids)").arg(argument)
                << Qt::endl;
            return ExitCode::BadInput;
        } else
            ids << argument;
    }
    if ((list && (all || !ids.isEmpty())) || (all && !ids.isEmpty())) {
        context.err << "gpucompare: " << tr("update-catalogue: give --list, --all or ids, one of them")
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    const std::unique_ptr<Catalogue> catalogue =
        openCatalogueForCli(context, IfCatalogueMissing::CreateFromSeed);
    if (!catalogue)
        return ExitCode::Failure;
    CatalogueError error;
    const std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    const std::optional<SeedCatalogue::SeedAnswers> answers =
        snapshot ? SeedCatalogue::readAnswers(*catalogue, &error) : std::nullopt;
    QString problem;
    const std::optional<SeedData> seed = SeedCatalogue::load(&problem);
    if (!snapshot || !answers || !seed) {
        context.err << "gpucompare: " << (seed ? error.message : problem) << Qt::endl;
        return ExitCode::Failure;
    }
    // The command line names rows on purpose: a declined or deleted one is as available as a new one.
    const SeedCatalogue::SeedOffer missing =
        SeedCatalogue::offerFor(*snapshot, *seed, *answers, SeedCatalogue::OfferScope::AllMissing);
    if (!all && ids.isEmpty()) {
        printOffer(missing, *answers, context.out);
        return ExitCode::Ok;
    }

    SeedCatalogue::SeedOffer chosen;
    QStringList available;
    for (const GpuSpec &gpu : missing.gpus)
        available << gpu.gpuId;
    for (const ModelSpec &model : missing.models)
        available << model.modelId;
    for (const SystemSpec &system : missing.systems)
        available << system.systemId;
    for (const QString &id : std::as_const(ids)) {
        if (available.contains(id))
            continue;
        const QStringList close = closeMatches(available, id);
        context.err << "gpucompare: "
                    << tr("update-catalogue: '%1' is not a GPU or model of this version that the catalogue "
                          "lacks%2")
                           .arg(id, close.isEmpty()
                                        ? QStringLiteral(" (see update-catalogue --list)")
                                        : tr("; did you mean %1?").arg(close.join(QStringLiteral(", "))))
                    << Qt::endl;
        return ExitCode::BadInput;
    }
    QSet<QString> gpuIds, modelIds, systemIds;
    // --all brings no row back that the user deleted or renamed after it was added: only naming it does.
    const QSet<QString> removed = SeedCatalogue::removedSinceAdded(missing, *answers);
    for (const GpuSpec &gpu : missing.gpus)
        if ((all && !removed.contains(gpu.gpuId)) || ids.contains(gpu.gpuId)) {
            chosen.gpus << gpu;
            gpuIds << gpu.gpuId;
        }
    for (const ModelSpec &model : missing.models)
        if ((all && !removed.contains(model.modelId)) || ids.contains(model.modelId)) {
            chosen.models << model;
            modelIds << model.modelId;
        }
    // A system named without its GPU is declined by answerOffer; --all brings both.
    for (const SystemSpec &system : missing.systems)
        if ((all && !removed.contains(system.systemId)) || ids.contains(system.systemId)) {
            chosen.systems << system;
            systemIds << system.systemId;
        }
    if (const CatalogueError failed =
            SeedCatalogue::answerOffer(*catalogue, chosen, gpuIds, modelIds, systemIds)) {
        context.err << "gpucompare: " << failed.message << Qt::endl;
        return ExitCode::forError(failed.kind);
    }
    context.out << tr("added %1 GPUs, %2 model presets and %3 systems to %4")
                       .arg(chosen.gpus.size())
                       .arg(chosen.models.size())
                       .arg(chosen.systems.size())
                       .arg(catalogue->path())
                << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand updateCatalogueCommand()
{
    CliCommand command{QStringLiteral("update-catalogue"),
                       QStringLiteral("update-catalogue [--list] [--all | ID...]: list or add the GPUs and "
                                      "model presets of this version that the catalogue lacks"),
                       runUpdateCatalogue};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] update-catalogue [--list] [--all | ID...]"),
            tr("Lists the GPUs and model presets this version of GPU Compare knows and the catalogue lacks "
               "(new ones, ones declined in the window, ones deleted after they were added), or adds them "
               "as bundled rows. GPUs and presets the catalogue has, edited or not, are never changed."),
            {QCommandLineOption(QStringLiteral("list"), tr("List the missing rows (the default).")),
             QCommandLineOption(QStringLiteral("all"), tr("Add every missing row."))},
            {{QStringLiteral("ID"), tr("A gpu_id or model_id from the list to add.")}});
    };
    return command;
}
