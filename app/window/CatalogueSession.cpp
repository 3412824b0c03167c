#include "CatalogueSession.h"

#include "CatalogueEditor.h"
#include "SeedCatalogue.h"
#include "SpecTableModel.h"

#include <QUndoStack>

CatalogueSession::CatalogueSession(QObject *parent)
    : QObject(parent)
    , m_specModel(new SpecTableModel(this))
    , m_editor(new CatalogueEditor(m_specModel, this))
{
    // A save changes the catalogue: read it again so the comparison shows the new values at once.
    connect(m_specModel, &SpecTableModel::saved, this, &CatalogueSession::refreshSnapshot);
    // The bundled values, for "differs from bundled" marks and "Restore", read when first needed.
    m_specModel->setBundledLoader([] {
        QString error;
        std::optional<SeedData> seed = SeedCatalogue::load(&error);
        return seed ? seed->gpus : QVector<GpuSpec>();
    });
}

CatalogueSession::~CatalogueSession()
{
    m_specModel->setGpus({}); // the model must not outlive the catalogue it points to
}

bool CatalogueSession::open(const QString &path)
{
    beginOpen(path);
    return finishOpen();
}

void CatalogueSession::beginOpen(const QString &path)
{
    finishOpen(); // one opening at a time
    CatalogueError error;
    m_opening = path.isEmpty()
                    ? Catalogue::openDefault(&error)
                    : Catalogue::open(
                          path, {Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed}, &error);
    m_error = error;
    if (!m_opening)
        return;
    // The catalogue gives each thread its own connection; the reader closes its own before it ends.
    m_reading = std::async(std::launch::async, [catalogue = m_opening.get()] {
        Read read;
        read.snapshot = catalogue->snapshot(&read.error);
        catalogue->closeThreadConnection();
        return read;
    });
}

bool CatalogueSession::finishOpen()
{
    if (!m_opening)
        return m_error.kind == CatalogueError::Kind::None;
    Read read = m_reading.get();
    return adopt(std::move(m_opening), std::move(read));
}

bool CatalogueSession::startOverFromSeed(const QString &path)
{
    m_error = Catalogue::createFromSeed(path);
    if (m_error)
        return false;
    return open(path);
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

bool CatalogueSession::adopt(std::unique_ptr<Catalogue> catalogue, Read read)
{
    if (!read.snapshot) {
        m_error = read.error;
        return false;
    }
    m_specModel->setGpus({});
    m_catalogue = std::move(catalogue);
    m_specModel->setCatalogue(m_catalogue.get());
    m_editor->undoStack()->clear(); // commands point at the rows of the previous file
    m_snapshot = std::move(*read.snapshot);
    emit snapshotChanged(m_snapshot);
    return true;
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
