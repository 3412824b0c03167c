#pragma once

#include "db/CatalogueError.h"
#include "db/GpuEditSession.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

// Unsaved catalogue edits kept beside the catalogue when the program is ended before they were saved
// (SIGTERM, the desktop session ending): CATALOGUE.recovery-PID-TAG, one per process (two windows on one
// catalogue end together at logout: neither may replace the other's), JSON, replaced atomically. Each edit
// holds the row as saved (null for a GPU added) and as edited (null for a GPU deleted), every field as the
// text CSV export writes (exact numbers). A team catalogue's go to the application's data folder instead,
// named after its URL.
namespace EditRecoveryFile {

struct Contents
{
    QDateTime writtenAt;
    QVector<GpuEditSession::PendingEdit> edits; // keys are 0: they belonged to the ended process
};

// This process's recovery file for the catalogue.
QString pathFor(const QString &cataloguePath);
// Every recovery file beside the catalogue, any process's (and the single CATALOGUE.recovery of older
// versions), in name order.
QStringList find(const QString &cataloguePath);

CatalogueError write(const QString &path, const QVector<GpuEditSession::PendingEdit> &edits,
                     const QDateTime &writtenAt = QDateTime::currentDateTime());
// nullopt with *error set when the file is missing or cannot be read.
std::optional<Contents> read(const QString &path, QString *error = nullptr);

} // namespace EditRecoveryFile
