#include "db/EditRecoveryFile.h"

#include "db/AtomicFileWriter.h"
#include "db/BoundedFileRead.h"
#include "db/Catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>

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

// Where a catalogue's recovery files go: beside a file; for a team catalogue (a URL, no folder of its
// own) in the application's data folder, named after the URL (its password is never in it).
QString recoveryBase(const QString &cataloguePath)
{
    if (!Catalogue::isServerLocation(cataloguePath))
        return cataloguePath;
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString name = Catalogue::displayLocation(cataloguePath);
    name.replace(unsafe, QStringLiteral("_"));
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(folder);
    return QDir(folder).filePath(QStringLiteral("team-") + name);
}

} // namespace

// PID and a random tag: a later process given the same id must not replace a file still to be offered.
QString EditRecoveryFile::pathFor(const QString &cataloguePath)
{
    static const QString suffix = QStringLiteral(".recovery-%1-%2")
                                      .arg(QCoreApplication::applicationPid())
                                      .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    return recoveryBase(cataloguePath) + suffix;
}

QStringList EditRecoveryFile::find(const QString &cataloguePath)
{
    const QFileInfo catalogue(recoveryBase(cataloguePath));
    // Exact names only: not the temporary files an atomic write leaves when it is cut short.
    const QRegularExpression name(
        QRegularExpression::anchoredPattern(QRegularExpression::escape(catalogue.fileName()) +
                                            QStringLiteral("\\.recovery(-\\d+-[0-9a-f]{8})?")));
    QStringList paths;
    const QDir dir = catalogue.absoluteDir();
    for (const QString &entry : dir.entryList(QDir::Files | QDir::Hidden, QDir::Name))
        if (name.match(entry).hasMatch())
            paths.append(dir.filePath(entry));
    return paths;
}

CatalogueError EditRecoveryFile::write(const QString &path, const QVector<GpuEditSession::PendingEdit> &edits,
                                       const QDateTime &writtenAt)
{
    QJsonArray list;
    for (const GpuEditSession::PendingEdit &edit : edits)
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
    const BoundedFileRead::Result file = BoundedFileRead::read(path, BoundedFileRead::kRecoveryFile);
    if (!file.ok()) {
        if (error)
            *error = file.error;
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonObject document = QJsonDocument::fromJson(file.bytes, &parseError).object();
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
        GpuEditSession::PendingEdit pending;
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
