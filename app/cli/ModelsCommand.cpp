#include "app/cli/ModelsCommand.h"

#include "app/analysis/ModelArchitecture.h"
#include "app/cli/CliCatalogue.h"
#include "app/cli/CliHelp.h"
#include "app/cli/TextTable.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

// 0 in a preset means "not a transformer field" (CNN, diffusion): null, not a size of zero.
QJsonValue jsonCount(int value)
{
    return value > 0 ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QString textCount(int value)
{
    return value > 0 ? QString::number(value) : QStringLiteral("-");
}

int runModels(const QStringList &arguments, CliContext &context)
{
    bool json = false;
    if (!CliHelp::readJsonFlag(QStringLiteral("models"), arguments, context, &json))
        return ExitCode::BadInput;
    const std::optional<CatalogueSnapshot> snapshot =
        loadCatalogueForCli(context, Catalogue::Parts::ModelsAndProfiles);
    if (!snapshot)
        return ExitCode::Failure;

    QJsonArray presets;
    QList<QStringList> rows;
    for (const ModelSpec &model : snapshot->models) {
        // Derived as the estimator derives it, so the size shown is the size estimated.
        const double params = ModelArchitecture::from(model).totalParams;
        const int kvHeads = model.kvHeads > 0 ? model.kvHeads : model.heads;
        QJsonObject object;
        object.insert(QStringLiteral("model_id"), model.modelId);
        object.insert(QStringLiteral("name"), model.name);
        object.insert(QStringLiteral("family"), model.family);
        object.insert(QStringLiteral("kind"), model.kind);
        object.insert(QStringLiteral("params_billions"),
                      params > 0.0 ? QJsonValue(params / 1e9) : QJsonValue(QJsonValue::Null));
        object.insert(QStringLiteral("layers"), jsonCount(model.layers));
        object.insert(QStringLiteral("hidden_size"), jsonCount(model.hiddenSize));
        object.insert(QStringLiteral("heads"), jsonCount(model.heads));
        object.insert(QStringLiteral("kv_heads"), jsonCount(kvHeads));
        object.insert(QStringLiteral("max_context"), jsonCount(model.maxContext));
        object.insert(QStringLiteral("experts"), jsonCount(model.experts));
        object.insert(QStringLiteral("source"), model.source);
        presets.append(object);
        rows.append({model.modelId, model.name, model.kind,
                     params > 0.0 ? QString::number(params / 1e9, 'f',
                                                    params < 1e9    ? 3
                                                    : params < 1e11 ? 2
                                                                    : 1)
                                  : QStringLiteral("-"),
                     textCount(model.layers), textCount(model.hiddenSize), textCount(model.heads),
                     textCount(kvHeads), textCount(model.maxContext), model.source});
    }
    if (json) {
        context.out << QString::fromUtf8(QJsonDocument(presets).toJson(QJsonDocument::Indented));
        return ExitCode::Ok;
    }
    TextTable::write(
        context.out,
        {QCoreApplication::translate("cli", "Model id"), QCoreApplication::translate("cli", "Name"),
         QCoreApplication::translate("cli", "Kind"), QCoreApplication::translate("cli", "Params (B)"),
         QCoreApplication::translate("cli", "Layers"), QCoreApplication::translate("cli", "Hidden"),
         QCoreApplication::translate("cli", "Heads"), QCoreApplication::translate("cli", "KV heads"),
         QCoreApplication::translate("cli", "Context"), QCoreApplication::translate("cli", "Source")},
        rows, {3, 4, 5, 6, 7, 8});
    context.out << QCoreApplication::translate("cli",
                                               "%1 models. Use the id with --model; --model-config FILE "
                                               "sizes any other from its config.json.")
                       .arg(snapshot->models.size())
                << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

CliCommand modelsCommand()
{
    CliCommand command{
        QStringLiteral("models"),
        QCoreApplication::translate(
            "cli", "models [--json]: the model presets (the ids --model takes), their size and shape"),
        runModels};
    command.help = [] {
        return CliHelp::commandText(
            QStringLiteral("[--db FILE] models [--json]"),
            QCoreApplication::translate("cli",
                                        "The catalogue's model presets: id, name, kind, parameters in "
                                        "billions, layers, hidden size, heads, KV heads, context, source."),
            {QCommandLineOption(QStringList{QStringLiteral("json")},
                                QCoreApplication::translate("cli", "Print one JSON document (an array of "
                                                                   "objects) instead of the table."))});
    };
    return command;
}
