#pragma once

#include "db/Catalogue.h"
#include "db/CatalogueSnapshot.h"
#include "db/MeasurementRepository.h"
#include "db/SeedCatalogue.h"

#include <QObject>
#include <memory>

class CatalogueEditor;
class SpecTableModel;

// The catalogue the window works on: the open file, the spec table model over it, and the snapshot the
// comparison reads. Saved edits produce a new snapshot at once, so the comparison follows them.
class CatalogueSession : public QObject
{
    Q_OBJECT
public:
    explicit CatalogueSession(QObject *parent = nullptr);
    ~CatalogueSession() override;

    // Opens path (the default catalogue when empty; created from the bundled seed when missing).
    // On failure the session stays without a catalogue and lastError() says why.
    bool open(const QString &path);
    // Builds a new catalogue from the bundled seed at path and opens it; the old file is not touched.
    bool startOverFromSeed(const QString &path);
    // A consistent copy of the open catalogue at path (Catalogue::backUpTo).
    CatalogueError backUpTo(const QString &path) const;

    bool isOpen() const { return m_catalogue != nullptr; }
    // The open catalogue is a team catalogue on a PostgreSQL server (path() is its URL, no password).
    bool isTeamCatalogue() const { return m_catalogue && m_catalogue->isTeamCatalogue(); }
    QString path() const;
    bool isReadOnly() const;
    QString readOnlyReason() const;
    const CatalogueError &lastError() const { return m_error; }
    // The file the last open() was for (the default catalogue's path for ""), opened or not.
    QString attemptedPath() const { return m_attemptedPath; }
    // What the user should know about the file just opened, for the status bar: that it was created
    // because nothing was at a path given explicitly (a mistyped --db), or upgraded from an older schema
    // and where the copy from before is. Empty otherwise.
    QString openedNote() const;

    // The seed GPUs and presets the open catalogue lacks (SeedCatalogue::offerFor); empty without a
    // writable catalogue.
    SeedCatalogue::SeedOffer seedOffer(SeedCatalogue::OfferScope scope) const;
    // The bundled seed's GPUs and models (not its measurements), read once: what the offer compares with.
    static const std::optional<SeedData> &bundledSeed();
    // The rows of offer the catalogue was given and has lost since (deleted or renamed by the user).
    QSet<QString> seedRowsRemovedSince(const SeedCatalogue::SeedOffer &offer) const;
    // Adds the chosen offered rows and records every answer (SeedCatalogue::answerOffer), then reads the
    // catalogue again. Refused while the Catalogue tab holds unsaved edits: reading it again would lose
    // them, so the user saves or reverts first.
    CatalogueError answerSeedOffer(const SeedCatalogue::SeedOffer &offer, const QSet<QString> &addGpuIds,
                                   const QSet<QString> &addModelIds);

    // Stores prepared measurement files (MeasurementImport::prepare), all or nothing, then reads the
    // catalogue again; removes one imported file and its runs.
    CatalogueError importMeasurements(QVector<MeasurementRepository::FileImport> &imports);
    CatalogueError removeMeasurementFile(qint64 fileId);
    // Reads the catalogue again (a teammate saved): the Catalogue tab's rows and the snapshot. Refused while
    // the tab holds unsaved edits, which the user saves (a row a teammate changed is then a conflict, as
    // always) or reverts first.
    CatalogueError reload();

    const CatalogueSnapshot &snapshot() const { return m_snapshot; }
    SpecTableModel *specModel() const { return m_specModel; }
    CatalogueEditor *editor() const { return m_editor; }

signals:
    void snapshotChanged(const CatalogueSnapshot &snapshot);
    // A team catalogue: another program committed a save of rows rows (LISTEN/NOTIFY; this window's own
    // saves are left out).
    void teammateSaved(int rows);

private:
    void listenForTeammates();
    void adopt(std::unique_ptr<Catalogue> catalogue, CatalogueSnapshot snapshot);
    void refreshSnapshot();

    std::unique_ptr<Catalogue> m_catalogue;
    QString m_attemptedPath;
    bool m_explicitPath = false; // the path was given, not the default catalogue's
    CatalogueSnapshot m_snapshot;
    CatalogueError m_error;
    SpecTableModel *m_specModel;
    CatalogueEditor *m_editor;
};
