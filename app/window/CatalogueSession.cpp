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
    CatalogueError error;
    std::unique_ptr<Catalogue> catalogue =
        path.isEmpty()
            ? Catalogue::openDefault(&error)
            : Catalogue::open(path, {Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed},
                              &error);
    m_error = error;
    return catalogue && adopt(std::move(catalogue));
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

bool CatalogueSession::adopt(std::unique_ptr<Catalogue> catalogue)
{
    CatalogueError error;
    std::optional<CatalogueSnapshot> snapshot = catalogue->snapshot(&error);
    if (!snapshot) {
        m_error = error;
        return false;
    }
    m_specModel->setGpus({});
    m_catalogue = std::move(catalogue);
    m_specModel->setCatalogue(m_catalogue.get());
    m_editor->undoStack()->clear(); // commands point at the rows of the previous file
    m_snapshot = std::move(*snapshot);
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
