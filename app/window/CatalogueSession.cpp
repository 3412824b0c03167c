#include "app/window/CatalogueSession.h"

#include "db/SeedCatalogue.h"
#include "db/SpecTableModel.h"
#include "db/WriteTransaction.h"
#include "widgets/catalogue/CatalogueEditor.h"

#include <QDir>
#include <QSqlDriver>
#include <QUndoStack>

CatalogueSession::CatalogueSession(QObject *parent)
    : QObject(parent)
    , m_specModel(new SpecTableModel(this))
    , m_editor(new CatalogueEditor(m_specModel, this))
{
    // A save changes the catalogue: read it again so the comparison shows the new values at once.
    connect(m_specModel->session(), &GpuEditSession::saved, this, &CatalogueSession::refreshSnapshot);
    // The bundled values, for "differs from bundled" marks and "Restore", read when first needed.
    m_specModel->setBundledLoader([] {
        QString error;
        std::optional<SeedData> seed = SeedCatalogue::load(&error);
        return seed ? seed->gpus : QVector<GpuSpec>();
    });
}

CatalogueSession::~CatalogueSession()
{
    m_specModel->session()->setGpus({}); // the model must not outlive the catalogue it points to
}

bool CatalogueSession::open(const QString &path)
{
    m_attemptedPath = path.isEmpty() ? Catalogue::defaultPath() : path;
    m_explicitPath = !path.isEmpty();
    // Opening checks the whole file (quick_check) and creates it from the seed on first run.
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue =
        path.isEmpty()
            ? Catalogue::openDefault(&error)
            : Catalogue::open(path, {Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed},
                              &error);
    std::optional<CatalogueSnapshot> snapshot;
    if (catalogue)
        snapshot = catalogue->snapshot(&error);
    m_error = error;
    if (!snapshot)
        return false; // the catalogue open before, if any, stays
    adopt(std::move(catalogue), std::move(*snapshot));
    return true;
}

bool CatalogueSession::startOverFromSeed(const QString &path)
{
    m_attemptedPath = path;
    m_error = Catalogue::createFromSeed(path);
    if (m_error)
        return false;
    return open(path);
}

CatalogueError CatalogueSession::backUpTo(const QString &path) const
{
    if (!m_catalogue)
        return CatalogueError::make(CatalogueError::Kind::Missing, tr("no catalogue is open"));
    return m_catalogue->backUpTo(path);
}

QString CatalogueSession::openedNote() const
{
    if (!m_catalogue)
        return {};
    if (m_catalogue->wasCreated() && m_catalogue->isTeamCatalogue())
        return tr("Seeded the empty database %1 as a new team catalogue").arg(m_catalogue->path());
    if (m_catalogue->migratedFromVersion() > 0 && m_catalogue->migrationBackupPath().isEmpty())
        return tr("Upgraded %1 from schema version %2 to %3")
            .arg(m_catalogue->path())
            .arg(m_catalogue->migratedFromVersion())
            .arg(m_catalogue->schemaVersion());
    if (m_catalogue->wasCreated() && m_explicitPath)
        return tr("Created a new catalogue at %1 (no file was there)")
            .arg(QDir::toNativeSeparators(m_catalogue->path()));
    if (m_catalogue->migratedFromVersion() > 0)
        return tr("Upgraded %1 from schema version %2 to %3; the file as it was is kept at %4")
            .arg(QDir::toNativeSeparators(m_catalogue->path()))
            .arg(m_catalogue->migratedFromVersion())
            .arg(m_catalogue->schemaVersion())
            .arg(QDir::toNativeSeparators(m_catalogue->migrationBackupPath()));
    return {};
}

QString CatalogueSession::path() const
{
    return m_catalogue ? m_catalogue->path() : QString();
}

bool CatalogueSession::isReadOnly() const
{
    return m_catalogue && m_catalogue->isReadOnly();
}

QString CatalogueSession::readOnlyReason() const
{
    return m_catalogue ? m_catalogue->readOnlyReason() : QString();
}

void CatalogueSession::adopt(std::unique_ptr<Catalogue> catalogue, CatalogueSnapshot snapshot)
{
    m_specModel->session()->setGpus({});
    m_catalogue = std::move(catalogue);
    m_specModel->session()->setCatalogue(m_catalogue.get());
    m_editor->undoStack()->clear(); // commands point at the rows of the previous file
    m_snapshot = std::move(snapshot);
    listenForTeammates();
    emit snapshotChanged(m_snapshot);
}

void CatalogueSession::listenForTeammates()
{
    if (!m_catalogue || !m_catalogue->isTeamCatalogue())
        return;
    // This thread's connection (the window's): Qt's driver watches its socket from this thread's event loop.
    // The subscription ends with the connection, when another catalogue is opened.
    QSqlDriver *driver = m_catalogue->connection().driver();
    const QString channel = QString::fromLatin1(WriteTransaction::kChangeChannel);
    if (!driver || !driver->hasFeature(QSqlDriver::EventNotifications) ||
        !driver->subscribeToNotification(channel))
        return;
    connect(driver, &QSqlDriver::notification, this,
            [this, channel](const QString &name, QSqlDriver::NotificationSource, const QVariant &payload) {
                if (name != channel)
                    return;
                const WriteTransaction::ChangeNotice notice =
                    WriteTransaction::readChangeNotice(payload.toString());
                if (!notice.fromThisProcess && notice.rows > 0)
                    emit teammateSaved(notice.rows);
            });
}

CatalogueError CatalogueSession::reload()
{
    if (!m_catalogue)
        return CatalogueError::make(CatalogueError::Kind::NotFound, tr("No catalogue is open."));
    if (m_specModel->session()->hasUnsavedChanges())
        return CatalogueError::make(
            CatalogueError::Kind::Conflict,
            tr("The Catalogue tab has unsaved changes (%1 rows). Save or revert them first, then reload; "
               "nothing was changed.")
                .arg(m_specModel->session()->unsavedRowCount()));
    if (CatalogueError error = m_specModel->session()->reload())
        return error;
    m_editor->undoStack()->clear(); // the reload gave every row a new key: old commands would miss them
    m_error = {};
    refreshSnapshot();
    return m_error;
}

const std::optional<SeedData> &CatalogueSession::bundledSeed()
{
    static const std::optional<SeedData> seed = [] {
        QString error;
        return SeedCatalogue::loadGpusAndModels(&error);
    }();
    return seed;
}

SeedCatalogue::SeedOffer CatalogueSession::seedOffer(SeedCatalogue::OfferScope scope) const
{
    if (!m_catalogue || m_catalogue->isReadOnly())
        return {};
    const std::optional<SeedData> &seed = bundledSeed();
    CatalogueError error;
    const std::optional<SeedCatalogue::SeedAnswers> answers =
        SeedCatalogue::readAnswers(*m_catalogue, &error);
    if (!seed || !answers)
        return {};
    SeedCatalogue::SeedOffer offer = SeedCatalogue::offerFor(m_snapshot, *seed, *answers, scope);
    // The window's offer dialog lists GPUs and presets only: systems stay unanswered, offered by
    // `update-catalogue` (answering this offer would record them declined unseen).
    offer.systems.clear();
    return offer;
}

QSet<QString> CatalogueSession::seedRowsRemovedSince(const SeedCatalogue::SeedOffer &offer) const
{
    if (!m_catalogue)
        return {};
    CatalogueError error;
    const std::optional<SeedCatalogue::SeedAnswers> answers =
        SeedCatalogue::readAnswers(*m_catalogue, &error);
    return answers ? SeedCatalogue::removedSinceAdded(offer, *answers) : QSet<QString>{};
}

CatalogueError CatalogueSession::answerSeedOffer(const SeedCatalogue::SeedOffer &offer,
                                                 const QSet<QString> &addGpuIds,
                                                 const QSet<QString> &addModelIds)
{
    if (!m_catalogue)
        return CatalogueError::make(CatalogueError::Kind::NotFound, tr("No catalogue is open."));
    if (m_specModel->session()->hasUnsavedChanges())
        return CatalogueError::make(
            CatalogueError::Kind::Conflict,
            tr("The Catalogue tab has unsaved changes (%1 rows). Save or revert them first, then add the "
               "GPUs and models; nothing was changed.")
                .arg(m_specModel->session()->unsavedRowCount()));
    if (CatalogueError error = SeedCatalogue::answerOffer(*m_catalogue, offer, addGpuIds, addModelIds))
        return error;
    if (!addGpuIds.isEmpty()) {
        m_specModel->session()->reload();
        m_editor->undoStack()->clear(); // the reload gave every row a new key: old commands would miss them
    }
    refreshSnapshot();
    return {};
}

CatalogueError CatalogueSession::importMeasurements(QVector<MeasurementRepository::FileImport> &imports)
{
    if (!m_catalogue)
        return CatalogueError::make(CatalogueError::Kind::NotFound, tr("No catalogue is open."));
    if (CatalogueError error = m_catalogue->measurements().insertAll(imports))
        return error;
    refreshSnapshot();
    return {};
}

CatalogueError CatalogueSession::removeMeasurementFile(qint64 fileId)
{
    if (!m_catalogue)
        return CatalogueError::make(CatalogueError::Kind::NotFound, tr("No catalogue is open."));
    if (CatalogueError error = m_catalogue->measurements().removeFile(fileId))
        return error;
    refreshSnapshot();
    return {};
}

void CatalogueSession::refreshSnapshot()
{
    if (!m_catalogue)
        return;
    CatalogueError error;
    if (std::optional<CatalogueSnapshot> snapshot = m_catalogue->snapshot(&error)) {
        m_snapshot = std::move(*snapshot);
        emit snapshotChanged(m_snapshot);
    } else {
        m_error = error;
    }
}
