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
    // Opening checks the whole file (quick_check), creates it from the seed on first run and reads every
    // table: all on a worker thread, with the worker's own connection, which it closes before it ends.
    // The GUI thread opens its connection when it first uses the catalogue.
    m_opening = std::async(std::launch::async, [path] {
        Opened opened;
        opened.catalogue =
            path.isEmpty()
                ? Catalogue::openDefault(&opened.error)
                : Catalogue::open(path, {Catalogue::Access::ReadWrite, Catalogue::IfMissing::CreateFromSeed},
                                  &opened.error);
        if (opened.catalogue) {
            opened.snapshot = opened.catalogue->snapshot(&opened.error);
            opened.catalogue->closeThreadConnection();
        }
        return opened;
    });
}

bool CatalogueSession::finishOpen()
{
    if (!m_opening.valid())
        return !m_error;
    Opened opened = m_opening.get();
    m_error = opened.error;
    if (!opened.catalogue || !opened.snapshot)
        return false; // the catalogue open before, if any, stays
    adopt(std::move(opened.catalogue), std::move(*opened.snapshot));
    return true;
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

void CatalogueSession::adopt(std::unique_ptr<Catalogue> catalogue, CatalogueSnapshot snapshot)
{
    m_specModel->setGpus({});
    m_catalogue = std::move(catalogue);
    m_specModel->setCatalogue(m_catalogue.get());
    m_editor->undoStack()->clear(); // commands point at the rows of the previous file
    m_snapshot = std::move(snapshot);
    emit snapshotChanged(m_snapshot);
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
