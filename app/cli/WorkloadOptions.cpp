#include "app/cli/WorkloadOptions.h"

#include "app/analysis/ScaledNumber.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "db/GpuLookup.h"
#include "db/MessageText.h"
#include "db/SystemGpu.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

namespace {

// The GPU of --system as it sits in the system (gpuInSystem); --gpu beside it may name that GPU only.
std::optional<GpuSpec> gpuOfSystem(const CatalogueSnapshot &catalogue, const QString &systemId,
                                   const QStringList &gpuQueries, QString *error)
{
    const SystemSpec *system = catalogue.findSystem(systemId);
    if (!system) {
        *error = QCoreApplication::translate("cli",
                                             "--system '%1': unknown; `gpucompare list --systems` names them")
                     .arg(systemId);
        return std::nullopt;
    }
    const GpuSpec *gpu = catalogue.findGpu(system->gpuId);
    if (!gpu) {
        *error =
            QCoreApplication::translate("cli", "--system %1 holds the GPU '%2', which the catalogue lacks")
                .arg(system->systemId, system->gpuId);
        return std::nullopt;
    }
    const GpuSpec *named =
        gpuQueries.size() == 1 ? GpuLookup::find(catalogue.gpus, gpuQueries.first()) : nullptr;
    if (!gpuQueries.isEmpty() && named != gpu) {
        *error =
            QCoreApplication::translate("cli", "--gpu '%1': --system %2 holds %3; leave --gpu out or name %3")
                .arg(gpuQueries.join(u','), system->systemId, system->gpuId);
        return std::nullopt;
    }
    return gpuInSystem(*gpu, *system);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

QString dashed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

// Numbers as typed, with the suffixes the window's form takes too ("50M", "1.5B": ScaledNumber, one reader
// for both doors); the range a field allows is the resolver's to say, but a number too large for any field
// is refused here, before it could wrap around.
QString toWholeNumber(const QString &option, const QString &text, std::optional<int> *target)
{
    QString problem;
    const std::optional<qint64> value = ScaledNumber::parseWhole(text, QLocale::c(), &problem);
    if (!value)
        return option + u' ' + problem;
    // Beyond any field's range: the field's own range is the resolver's to say, so this names none.
    if (*value < std::numeric_limits<int>::min() || *value > std::numeric_limits<int>::max())
        return tr("%1 '%2': far beyond what this option allows (--help gives its range)")
            .arg(option, MessageText::cut(text));
    *target = int(*value);
    return {};
}

QString toNumber(const QString &option, const QString &text, std::optional<double> *target)
{
    QString problem;
    const std::optional<double> value = ScaledNumber::parse(text, QLocale::c(), &problem);
    if (!value)
        return option + u' ' + problem;
    *target = *value;
    return {};
}

template <typename Enum>
QString toChoice(const QString &option, const QString &text, std::optional<Enum> *target)
{
    *target = WorkloadFields::parseName<Enum>(text.trimmed());
    if (!*target)
        return tr("%1 '%2': allowed %3")
            .arg(option, MessageText::cut(text), WorkloadFields::namesOf<Enum>().join(QStringLiteral(", ")));
    return {};
}

// One option's text into the field's member of r, by the member's type; one line naming the problem, or
// empty.
QString convertValue(const WorkloadFieldSpec &row, const QString &option, const QString &text,
                     WorkloadRequest &r)
{
    if (row.field == WorkloadField::Batch &&
        text.trimmed().compare(QLatin1String("max"), Qt::CaseInsensitive) == 0) {
        r.batch = 0; // the request's "as many as fit"
        return {};
    }
    QString problem = std::visit(
        [&](auto member) -> QString {
            using T = typename WorkloadFields::MemberType<decltype(member)>::type;
            if constexpr (std::is_same_v<T, QString>) {
                r.*member = text;
                return {};
            } else if constexpr (std::is_same_v<T, int>) {
                return toWholeNumber(option, text, &(r.*member));
            } else if constexpr (std::is_same_v<T, double>) {
                return toNumber(option, text, &(r.*member));
            } else {
                return toChoice(option, text, &(r.*member));
            }
        },
        row.member);
    if (row.field == WorkloadField::Batch && !ScaledNumber::parseWhole(text, QLocale::c(), nullptr))
        problem += tr("; or max for as many requests as fit");
    return problem;
}

// The option's text for a value, as convertValue reads it back: numbers in the shortest text that reads
// back as the same double, enumerations by name.
template <typename T> QString textOf(const T &value)
{
    if constexpr (std::is_same_v<T, QString>)
        return value;
    else if constexpr (std::is_same_v<T, int>)
        return QString::number(value);
    else if constexpr (std::is_same_v<T, double>)
        return QString::number(value, 'g', QLocale::FloatingPointShortest);
    else
        return WorkloadFields::nameOf(value);
}

} // namespace

WorkloadOptions::WorkloadOptions(const Command &command)
    : m_command(command)
    , m_gpu(QStringList{QStringLiteral("gpu")},
            (command.gpusOptional ? tr("The GPU types to consider, comma-separated gpu_ids or close names "
                                       "(`gpucompare list` names them). Default: every GPU in the catalogue.")
             : command.minimumGpus > 1
                 ? tr("The GPUs to compare, at least %1, comma-separated gpu_ids or close names (`gpucompare "
                      "list` names them). Required.")
                       .arg(command.minimumGpus)
                 : tr("The GPUs to estimate, comma-separated gpu_ids or close names (`gpucompare list` names "
                      "them). Required.")),
            QStringLiteral("GPU[,GPU...]"))
    , m_modelConfig(QStringList{QStringLiteral("model-config")},
                    tr("A Hugging Face config.json to size the model by, instead of a --model preset."),
                    QStringLiteral("FILE"))
    , m_json(QStringList{QStringLiteral("json")}, tr("Print one JSON document instead of text."))
    , m_math(QStringList{QStringLiteral("math")}, tr("Print the math behind every number."))
    , m_help(CliHelp::helpOption())
{
    m_parser.setApplicationDescription(command.description);
    // "-gpu" is --gpu, not -g -p -u.
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    m_parser.addOption(m_gpu);
    for (const WorkloadFieldSpec &row : WorkloadFields::all()) {
        const WorkloadField field = row.field;
        const bool required =
            command.requireModelAndTask && (field == WorkloadField::Model || field == WorkloadField::Task);
        const QString description =
            WorkloadFields::help(field) + u' ' +
            (required
                 ? (field == WorkloadField::Model ? tr("Required (or --model-config).") : tr("Required."))
                 : tr("Default: %1.").arg(WorkloadResolver::defaultText(field)));
        QCommandLineOption option(QStringList{WorkloadFields::option(field)}, description,
                                  WorkloadFields::valueName(field));
        if (command.hiddenFields.contains(field))
            option.setFlags(QCommandLineOption::HiddenFromHelp);
        m_fields.append({field, option});
        m_parser.addOption(option);
        if (field == WorkloadField::Model)
            m_parser.addOption(m_modelConfig);
    }
    m_parser.addOption(m_json);
    if (command.mathOption)
        m_parser.addOption(m_math);
    m_parser.addOption(m_help);
}

void WorkloadOptions::addOption(const QCommandLineOption &option)
{
    m_parser.addOption(option);
}

QString WorkloadOptions::value(const QCommandLineOption &option) const
{
    return m_parser.value(option);
}

bool WorkloadOptions::isSet(const QCommandLineOption &option) const
{
    return m_parser.isSet(option);
}

QStringList WorkloadOptions::gpuQueries() const
{
    if (!m_parser.isSet(m_gpu))
        return {};
    return m_parser.value(m_gpu).split(u',', Qt::SkipEmptyParts);
}

QString WorkloadOptions::helpText() const
{
    // The suffixes are the same at both doors: the window's form reads "50M" as this line says.
    return CliHelp::text(m_parser, QStringLiteral("[--db FILE] ") + m_command.name + u' ' + m_command.usage) +
           u'\n' + tr("Numbers may end in %1.").arg(ScaledNumber::suffixHelp()) + u'\n';
}

void WorkloadOptions::fail(CliContext &context, const QString &message) const
{
    context.err << CliHelp::programName() << ": " << m_command.name << ": " << message << Qt::endl;
}

QString WorkloadOptions::optionName(WorkloadField field) const
{
    // A model read from a config.json is --model-config's problem, not --model's.
    if (field == WorkloadField::Model && m_request.modelConfigPath)
        return QStringLiteral("--model-config");
    return QStringLiteral("--") + WorkloadFields::option(field);
}

bool WorkloadOptions::parse(const QStringList &arguments, CliContext &context, int *exitCode)
{
    *exitCode = ExitCode::BadInput;
    // QCommandLineParser skips the first argument as the program's name.
    if (!m_parser.parse(QStringList{m_command.name} + arguments)) {
        const QStringList unknown = m_parser.unknownOptionNames();
        QString message = m_parser.errorText();
        if (!unknown.isEmpty())
            message =
                tr("unknown option '%1' (`%2 %3 --help` lists the options)")
                    .arg(MessageText::cut(dashed(unknown.first())), CliHelp::programName(), m_command.name);
        else if (message.endsWith(u'.')) // Qt's sentence ("Missing value after '--batch'.") as one of ours
            message.chop(1);
        if (!message.isEmpty())
            message[0] = message[0].toLower();
        fail(context, message);
        return false;
    }
    if (m_parser.isSet(m_help)) {
        context.out << helpText();
        *exitCode = ExitCode::Ok;
        return false;
    }
    if (!m_parser.positionalArguments().isEmpty()) {
        fail(context, tr("unexpected argument '%1' (`%2 %3 --help` lists the options)")
                          .arg(MessageText::cut(m_parser.positionalArguments().constFirst()),
                               CliHelp::programName(), m_command.name));
        return false;
    }
    const QString problem = convert();
    if (!problem.isEmpty()) {
        fail(context, problem);
        return false;
    }
    *exitCode = ExitCode::Ok;
    return true;
}

QString WorkloadOptions::convert()
{
    WorkloadRequest r;
    for (const auto &[field, option] : std::as_const(m_fields)) {
        if (!m_parser.isSet(option))
            continue;
        const QString text = m_parser.value(option);
        const QString name = QStringLiteral("--") + WorkloadFields::option(field);
        const QString problem = convertValue(WorkloadFields::spec(field), name, text, r);
        if (!problem.isEmpty())
            return problem;
    }
    if (m_parser.isSet(m_modelConfig)) {
        if (r.modelId)
            return tr("--model-config: give --model or --model-config, not both");
        r.modelConfigPath = m_parser.value(m_modelConfig);
    }
    m_request = r;
    return {};
}

std::optional<ParsedWorkloadArguments> WorkloadOptions::resolve(CliContext &context, int *exitCode)
{
    *exitCode = ExitCode::BadInput;
    // What the command needs, before the catalogue is opened.
    if (m_command.requireModelAndTask && !m_request.task) {
        fail(context, tr("--task is required: %1").arg(Tasks::allNames().join(QStringLiteral(", "))));
        return std::nullopt;
    }
    const bool system = m_request.systemId.has_value();
    if (!m_parser.isSet(m_gpu) && !m_command.gpusOptional && !system) {
        fail(context, tr("--gpu is required (comma-separated gpu_ids; `gpucompare list` names them)"));
        return std::nullopt;
    }
    if (m_command.requireModelAndTask && !m_request.modelId && !m_request.modelConfigPath) {
        fail(context, tr("--model (a preset id) or --model-config (a config.json) is required"));
        return std::nullopt;
    }
    const QStringList queries = gpuQueries();
    if (m_parser.isSet(m_gpu) && queries.size() < m_command.minimumGpus && !system) {
        fail(context, tr("--gpu '%1': needs at least %2 GPUs, comma-separated")
                          .arg(MessageText::cut(m_parser.value(m_gpu)))
                          .arg(m_command.minimumGpus));
        return std::nullopt;
    }

    // A system needs the whole catalogue: its GPU is found after the system.
    const std::optional<CatalogueSnapshot> snapshot =
        queries.isEmpty() || system ? loadCatalogueForCli(context) : loadCatalogueForGpus(context, queries);
    if (!snapshot) {
        *exitCode = ExitCode::Failure;
        return std::nullopt;
    }
    ParsedWorkloadArguments parsed;
    if (system) {
        QString error;
        const std::optional<GpuSpec> gpu = gpuOfSystem(*snapshot, *m_request.systemId, queries, &error);
        if (!gpu) {
            fail(context, error);
            return std::nullopt;
        }
        parsed.gpus = {*gpu};
    } else if (queries.isEmpty()) { // --gpu optional and left out: every GPU
        parsed.gpus = snapshot->gpus;
    } else {
        QString error;
        const auto gpus = findGpus(snapshot->gpus, queries, &error);
        if (!gpus) {
            fail(context, error);
            return std::nullopt;
        }
        parsed.gpus = *gpus;
    }

    parsed.request = m_request;
    parsed.resolved = WorkloadResolver::resolve(m_request, *snapshot);
    parsed.catalogue = *snapshot;
    if (!parsed.resolved.isValid()) {
        if (parsed.resolved.problems.isEmpty()) { // not expected; never an estimate without a workload
            fail(context, tr("the workload cannot be estimated"));
            return std::nullopt;
        }
        const WorkloadProblem &problem = parsed.resolved.problems.constFirst();
        fail(context, optionName(problem.field) + QStringLiteral(": ") + problem.message);
        // A profile the user did not name, or one that exists but cannot be read, is the catalogue's fault.
        if (problem.field == WorkloadField::Profile &&
            (!m_request.profileId || snapshot->findProfile(*m_request.profileId)))
            *exitCode = ExitCode::Failure;
        return std::nullopt;
    }
    parsed.json = m_parser.isSet(m_json);
    parsed.showMath = m_command.mathOption && m_parser.isSet(m_math);
    *exitCode = ExitCode::Ok;
    return parsed;
}

std::optional<QVector<GpuSpec>> WorkloadOptions::findGpus(const QVector<GpuSpec> &catalogue,
                                                          const QStringList &queries, QString *error)
{
    QVector<GpuSpec> gpus;
    for (const QString &query : queries) {
        const GpuSpec *gpu = GpuLookup::find(catalogue, query.trimmed());
        if (!gpu) {
            const QStringList matches = GpuLookup::closeMatches(catalogue, query.trimmed());
            if (error)
                *error = matches.isEmpty()
                             ? tr("unknown GPU '%1'; `gpucompare list` names them all")
                                   .arg(MessageText::cut(query))
                             : tr("unknown GPU '%1'; close matches: %2")
                                   .arg(MessageText::cut(query), matches.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        gpus.append(*gpu);
    }
    return gpus;
}

std::optional<WorkloadRequest> WorkloadOptions::requestFrom(const QStringList &arguments, QString *error)
{
    WorkloadOptions options(Command{QStringLiteral("estimate"), QString(), QString(), 1, false});
    if (!options.m_parser.parse(QStringList{options.m_command.name} + arguments)) {
        if (error)
            *error = options.m_parser.errorText();
        return std::nullopt;
    }
    if (options.m_parser.isSet(options.m_help)) {
        if (error)
            *error = tr("--help asks for the help, not for an estimate");
        return std::nullopt;
    }
    if (!options.m_parser.positionalArguments().isEmpty()) {
        if (error)
            *error = tr("unexpected argument '%1'")
                         .arg(MessageText::cut(options.m_parser.positionalArguments().constFirst()));
        return std::nullopt;
    }
    const QString problem = options.convert();
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return options.m_request;
}

QStringList WorkloadOptions::argumentsFor(const WorkloadRequest &r)
{
    QStringList arguments;
    for (const WorkloadFieldSpec &row : WorkloadFields::all()) {
        const QString option = QStringLiteral("--") + QString::fromUtf16(row.option);
        std::visit(
            [&](auto member) {
                if (!(r.*member))
                    return;
                if (row.field == WorkloadField::Batch && *r.batch == 0)
                    arguments << option << QStringLiteral("max");
                else
                    arguments << option << textOf(*(r.*member));
            },
            row.member);
        // A model read from a config.json, where --help lists it: after --model.
        if (row.field == WorkloadField::Model && r.modelConfigPath)
            arguments << QStringLiteral("--model-config") << *r.modelConfigPath;
    }
    return arguments;
}
