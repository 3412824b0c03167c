#include "EditRecoveryFile.h"

#include "AtomicFileWriter.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

const QString kFormat = QStringLiteral("gpucompare-edit-recovery");

QJsonValue toJson(const std::optional<GpuSpec> &gpu)
{
    if (!gpu)
        return QJsonValue::Null;
    QJsonObject object;
    for (const GpuField &field : GpuFields::all())
        object.insert(field.name(), GpuFields::toText(*gpu, field));
    return object;
}

std::optional<GpuSpec> fromJson(const QJsonValue &json, QString *error)
{
    if (json.isNull())
        return std::nullopt;
    const QJsonObject object = json.toObject();
    GpuSpec gpu;
    for (const GpuField &field : GpuFields::all()) {
        QString problem;
        const QVariant value = GpuFields::fromText(field, object.value(field.name()).toString(), &problem);
        if (problem.isEmpty())
            GpuFields::setValue(gpu, field, value, &problem);
        if (!problem.isEmpty() && error)
            *error = field.name() + QStringLiteral(": ") + problem;
    }
    return gpu;
}

} // namespace

QString EditRecoveryFile::pathFor(const QString &cataloguePath)
{
    return cataloguePath + QStringLiteral(".recovery");
}

CatalogueError EditRecoveryFile::write(const QString &path, const QVector<SpecTableModel::PendingEdit> &edits,
                                       const QDateTime &writtenAt)
{
    QJsonArray list;
    for (const SpecTableModel::PendingEdit &edit : edits)
        list.append(QJsonObject{{QStringLiteral("saved"), toJson(edit.saved)},
                                {QStringLiteral("edited"), toJson(edit.current)}});
    const QJsonObject document{{QStringLiteral("format"), kFormat},
                               {QStringLiteral("version"), 1},
                               {QStringLiteral("written_at"), writtenAt.toString(Qt::ISODateWithMs)},
                               {QStringLiteral("edits"), list}};
    return AtomicFileWriter::write(path, QJsonDocument(document).toJson(QJsonDocument::Indented));
}

std::optional<EditRecoveryFile::Contents> EditRecoveryFile::read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonObject document = QJsonDocument::fromJson(file.readAll(), &parseError).object();
    if (parseError.error != QJsonParseError::NoError || document.value(QStringLiteral("format")) != kFormat) {
        if (error)
            *error = QCoreApplication::translate("EditRecoveryFile", "not a recovery file of GPU Compare");
        return std::nullopt;
    }
    Contents contents;
    contents.writtenAt =
        QDateTime::fromString(document.value(QStringLiteral("written_at")).toString(), Qt::ISODateWithMs);
    QString problem;
    for (const QJsonValue &value : document.value(QStringLiteral("edits")).toArray()) {
        const QJsonObject edit = value.toObject();
        SpecTableModel::PendingEdit pending;
        pending.saved = fromJson(edit.value(QStringLiteral("saved")), &problem);
        pending.current = fromJson(edit.value(QStringLiteral("edited")), &problem);
        if (pending.saved || pending.current)
            contents.edits.append(pending);
    }
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return contents;
}
