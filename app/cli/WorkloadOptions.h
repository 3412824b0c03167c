#pragma once

#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadRequest.h"
#include "app/analysis/WorkloadResolver.h"
#include "app/cli/CliContext.h"
#include "db/GpuSpec.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QPair>
#include <QStringList>
#include <QVector>
#include <optional>

// What estimate, compare and export-chart work on once their options are parsed and resolved.
struct ParsedWorkloadArguments
{
    QVector<GpuSpec> gpus;
    WorkloadRequest request;     // only the options given
    ResolvedWorkload resolved;   // valid: the request with its task's recipe applied
    CatalogueSnapshot catalogue; // what it was resolved against (the named GPUs' part when --gpu names them)
    bool json = false;
    bool showMath = false;
};

// The workload options of estimate, compare and export-chart, as a thin layer on QCommandLineParser: one
// option per row of the field table (WorkloadFields::all(): its option, value name and help; --model,
// --task, --batch N|max, --seq-len ...), read into the row's WorkloadRequest member by the member's type,
// plus --gpu, --model-config, --json, --math and -h/--help. It only turns text into typed values; defaults,
// recipes and ranges are WorkloadResolver's, so the window and the command line give one question one
// answer. A value that is not even of its type is one line naming the option, the value and what is
// allowed (exit 2); so is each problem the resolver reports, named by the option of its field.
class WorkloadOptions
{
public:
    struct Command
    {
        QString name;        // "estimate": in messages and in the usage line
        QString usage;       // what follows the name in the usage line
        QString description; // one sentence under the usage line
        int minimumGpus = 1; // 2 for compare
        bool requireModelAndTask = false;
        // plan: --gpu may be left out (every GPU in the catalogue), there is no --math, and the fields the
        // command chooses itself are still read but left out of --help, so that it can say why it refuses
        // them instead of calling them unknown.
        bool gpusOptional = false;
        bool mathOption = true;
        QVector<WorkloadField> hiddenFields = {};
    };

    explicit WorkloadOptions(const Command &command);
    WorkloadOptions(const WorkloadOptions &) = delete;
    WorkloadOptions &operator=(const WorkloadOptions &) = delete;

    // A command's own option (export-chart's --chart): parsed and listed in --help with the workload ones.
    void addOption(const QCommandLineOption &option);

    // Reads the arguments (those after the command name) and converts every value. On false *exitCode
    // says why: 2 after one line on stderr, or 0 after --help printed the help. Reads no catalogue.
    bool parse(const QStringList &arguments, CliContext &context, int *exitCode);
    // After parse: a command's own option.
    QString value(const QCommandLineOption &option) const;
    bool isSet(const QCommandLineOption &option) const;
    // After parse: the request as typed, only the options given.
    const WorkloadRequest &request() const { return m_request; }
    // After parse: the --gpu value split at its commas; empty when --gpu was not given.
    QStringList gpuQueries() const;
    // After parse: whether --json was given.
    bool json() const { return m_parser.isSet(m_json); }

    // After parse: checks what the command requires, opens the catalogue, finds the GPUs and resolves the
    // request. nullopt after one line on stderr, with *exitCode 2 (bad arguments) or 1 (the catalogue or
    // a profile in it cannot be read).
    std::optional<ParsedWorkloadArguments> resolve(CliContext &context, int *exitCode);

    QString helpText() const;

    // The option that sets a field, with its dashes: "--batch"; "--model-config" for a model read from a
    // config.json. After parse, for naming the option of a problem the resolver or the planner reports.
    QString optionName(WorkloadField field) const;
    // "gpucompare COMMAND: message" on stderr, one line.
    void fail(CliContext &context, const QString &message) const;

    // The GPUs that --gpu's values name (gpu_ids or close names), in order; nullopt with one line in *error
    // naming the first unknown one and its close matches.
    static std::optional<QVector<GpuSpec>> findGpus(const QVector<GpuSpec> &catalogue,
                                                    const QStringList &queries, QString *error);

    // The request the command line builds from a command's arguments, without opening the catalogue: for
    // checking that the window and the command line ask the same question. nullopt with one line in
    // *error when an argument is not understood (or asks for --help).
    static std::optional<WorkloadRequest> requestFrom(const QStringList &arguments, QString *error);
    // The reverse: the options that give this request ("--model", "llama-3-8b", "--task", "inference", ...),
    // every field it sets and no other, in --help's order. requestFrom(argumentsFor(r)) == r.
    static QStringList argumentsFor(const WorkloadRequest &request);

private:
    // One line naming the problem, or empty when every value converts.
    QString convert();

    Command m_command;
    QCommandLineParser m_parser;
    QList<QPair<WorkloadField, QCommandLineOption>> m_fields;
    QCommandLineOption m_gpu;
    QCommandLineOption m_modelConfig;
    QCommandLineOption m_json;
    QCommandLineOption m_math;
    QCommandLineOption m_help;
    WorkloadRequest m_request;
};
