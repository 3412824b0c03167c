#include "db/GpuEditSession.h"

#include "db/Catalogue.h"
#include "db/GpuRepository.h"

#include <QSet>
#include <algorithm>
#include <tuple>

namespace {

// The order of GpuRepository::list: vendor, product, variant, gpu_id.
bool listedBefore(const GpuSpec &a, const GpuSpec &b)
{
    return std::tie(a.vendor, a.product, a.variant, a.gpuId) <
           std::tie(b.vendor, b.product, b.variant, b.gpuId);
}

QString searchTextOf(const GpuSpec &gpu)
{
    return QStringList{gpu.gpuId, gpu.vendor, gpu.product, gpu.variant, gpu.architecture, gpu.chip}
        .join(u'\n')
        .toLower();
}

// Copies the spec fields, keeping the target's row id, revision and user-modified mark.
void copySpecs(GpuSpec &target, const GpuSpec &values)
{
    const qint64 rowId = target.rowId;
    const int revision = target.revision;
    const bool userModified = target.userModified;
    target = values;
    target.rowId = rowId;
    target.revision = revision;
    target.userModified = userModified;
}

} // namespace

GpuEditSession::GpuEditSession(QObject *parent)
    : QObject(parent)
{}

GpuEditSession::Row GpuEditSession::makeRow(const GpuSpec &current, std::optional<GpuSpec> saved)
{
    Row row{m_nextKey++, current, std::move(saved), {}, false};
    refreshRow(row);
    return row;
}

void GpuEditSession::replaceRows(QVector<GpuSpec> gpus)
{
    emit aboutToReset();
    m_rows.clear();
    m_rows.reserve(gpus.size());
    m_deleted.clear();
    for (GpuSpec &gpu : gpus) // as read: nothing unsaved, no need to compare
        m_rows.append(Row{m_nextKey++, gpu, gpu, searchTextOf(gpu), false});
    emit reset();
    noteUnsavedState();
}

void GpuEditSession::setGpus(const QVector<GpuSpec> &gpus)
{
    m_catalogue = nullptr;
    replaceRows(gpus);
}

CatalogueError GpuEditSession::setCatalogue(const Catalogue *catalogue)
{
    m_catalogue = catalogue;
    return reload();
}

CatalogueError GpuEditSession::reload()
{
    if (!m_catalogue) {
        // Without a file, "the saved state" is what each row was when last marked saved.
        QVector<GpuSpec> savedRows;
        for (const Row &row : std::as_const(m_rows))
            if (row.saved)
                savedRows.append(*row.saved);
        for (const RemovedRow &removed : std::as_const(m_deleted))
            savedRows.append(*removed.saved);
        std::sort(savedRows.begin(), savedRows.end(), listedBefore);
        replaceRows(std::move(savedRows));
        return {};
    }
    CatalogueError error;
    QVector<GpuSpec> loaded = m_catalogue->gpus().list(&error);
    if (error)
        return error;
    replaceRows(std::move(loaded));
    return {};
}

const GpuSpec &GpuEditSession::gpuAt(int row) const
{
    static const GpuSpec none;
    return row >= 0 && row < m_rows.size() ? m_rows[row].current : none;
}

std::optional<GpuSpec> GpuEditSession::savedAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].saved : std::nullopt;
}

QString GpuEditSession::searchTextAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].searchText : QString();
}

void GpuEditSession::insertRow(int at, Row row)
{
    emit rowAboutToBeInserted(at);
    m_rows.insert(at, std::move(row));
    emit rowInserted(at);
}

void GpuEditSession::removeRow(int at)
{
    emit rowAboutToBeRemoved(at);
    m_rows.removeAt(at);
    emit rowRemoved(at);
}

QVector<GpuSpec> GpuEditSession::gpus() const
{
    QVector<GpuSpec> result;
    result.reserve(m_rows.size());
    for (const Row &row : m_rows)
        result.append(row.current);
    return result;
}

int GpuEditSession::rowOf(const QString &gpuId) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows[row].current.gpuId == gpuId)
            return row;
    return -1;
}

QHash<QString, int> GpuEditSession::rowsById() const
{
    QHash<QString, int> rows;
    rows.reserve(m_rows.size());
    for (int row = 0; row < m_rows.size(); ++row)
        rows.insert(m_rows[row].current.gpuId, row);
    return rows;
}

int GpuEditSession::rowOfKey(quint64 key) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows[row].key == key)
            return row;
    return -1;
}

bool GpuEditSession::isReadOnly() const
{
    return m_catalogue && m_catalogue->isReadOnly();
}

QString GpuEditSession::readOnlyMessage() const
{
    return isReadOnly() ? tr("The catalogue is read-only: %1").arg(m_catalogue->readOnlyReason()) : QString();
}

QString GpuEditSession::validate(int column, const QVariant &value)
{
    if (column < 0 || column >= GpuField::Count)
        return tr("there is no column %1").arg(column);
    return GpuFields::validate(GpuFields::field(column), value);
}

QString GpuEditSession::checkEdit(int row, int column, const QVariant &value, GpuSpec *edited) const
{
    if (row < 0 || row >= m_rows.size() || column < 0 || column >= GpuField::Count)
        return tr("there is no cell %1, %2").arg(row).arg(column);
    if (isReadOnly())
        return readOnlyMessage();
    const GpuField &field = GpuFields::field(column);
    GpuSpec candidate = m_rows[row].current;
    QString problem;
    if (!GpuFields::setValue(candidate, field, value, &problem))
        return field.displayLabel() + QStringLiteral(": ") + problem;
    if (column == GpuField::GpuId) {
        const int other = rowOf(candidate.gpuId);
        if (other >= 0 && other != row)
            return tr("GPU id: another GPU already has the id '%1'").arg(candidate.gpuId);
        // Until the deletion is saved the file still has that GPU, and its measurements: taking its id now
        // would hand them to this one.
        for (const RemovedRow &removed : m_deleted)
            if (removed.saved && removed.saved->gpuId == candidate.gpuId)
                return tr("GPU id: '%1' belongs to a GPU deleted but not saved yet; save first, then rename")
                    .arg(candidate.gpuId);
    }
    if (edited)
        *edited = candidate;
    return {};
}

QString GpuEditSession::checkNewGpu(const GpuSpec &gpu, const GpuField **badField) const
{
    if (isReadOnly())
        return readOnlyMessage();
    const QString problem = GpuFields::validateAll(gpu, badField);
    if (!problem.isEmpty())
        return problem;
    if (rowOf(gpu.gpuId) >= 0) {
        if (badField)
            *badField = &GpuFields::field(GpuField::GpuId);
        return tr("a GPU with the id '%1' already exists").arg(gpu.gpuId);
    }
    return {};
}

QString GpuEditSession::checkSpecs(int row, const GpuSpec &values, const GpuField **badField) const
{
    if (isReadOnly())
        return readOnlyMessage();
    // Whole rows (undo, redo, an import's plan, recovered edits) hold checked input or stored values: a
    // stored value outside the input ranges must not block them.
    const QString problem = GpuFields::storableAll(values, badField);
    if (!problem.isEmpty())
        return problem;
    const int other = values.gpuId == m_rows[row].current.gpuId ? row : rowOf(values.gpuId);
    if (other >= 0 && other != row) {
        if (badField)
            *badField = &GpuFields::field(GpuField::GpuId);
        return tr("GPU id: another GPU already has the id '%1'").arg(values.gpuId);
    }
    return {};
}

bool GpuEditSession::cellUnsaved(int row, const GpuField &field) const
{
    if (row < 0 || row >= m_rows.size())
        return false;
    const Row &r = m_rows[row];
    return !r.saved || GpuFields::value(r.current, field) != GpuFields::value(*r.saved, field);
}

void GpuEditSession::refreshRow(Row &row)
{
    row.searchText = searchTextOf(row.current);
    row.unsaved = !row.saved || !GpuFields::sameSpecs(row.current, *row.saved);
}

QVector<GpuEditSession::PendingEdit> GpuEditSession::pendingEdits() const
{
    QVector<PendingEdit> edits;
    for (const Row &row : m_rows)
        if (row.unsaved)
            edits.append({row.key, row.saved, row.current});
    for (const RemovedRow &removed : m_deleted)
        edits.append({removed.key, removed.saved, std::nullopt});
    return edits;
}

bool GpuEditSession::hasUnsavedChanges() const
{
    if (!m_deleted.isEmpty())
        return true;
    return std::any_of(m_rows.cbegin(), m_rows.cend(), [](const Row &row) { return row.unsaved; });
}

int GpuEditSession::unsavedRowCount() const
{
    return static_cast<int>(m_deleted.size() + std::count_if(m_rows.cbegin(), m_rows.cend(),
                                                             [](const Row &row) { return row.unsaved; }));
}

void GpuEditSession::noteUnsavedState()
{
    const bool unsaved = hasUnsavedChanges();
    if (unsaved != m_reportedUnsaved) {
        m_reportedUnsaved = unsaved;
        emit unsavedChangesChanged(unsaved);
    }
}

bool GpuEditSession::refuse(int row, int column, const QString &reason)
{
    m_lastError = reason;
    emit editRefused(row, column, reason);
    return false;
}

bool GpuEditSession::setValue(int row, int column, const QVariant &value)
{
    GpuSpec edited;
    const QString problem = checkEdit(row, column, value, &edited);
    if (!problem.isEmpty())
        return refuse(row, column, problem);
    return setSpecs(row, edited);
}

bool GpuEditSession::setSpecs(int row, const GpuSpec &values)
{
    if (row < 0 || row >= m_rows.size())
        return false;
    const GpuField *bad = nullptr;
    if (const QString problem = checkSpecs(row, values, &bad); !problem.isEmpty())
        return refuse(row, bad ? bad->id : -1, problem);
    Row &target = m_rows[row];
    m_lastError.clear();
    if (GpuFields::sameSpecs(target.current, values))
        return true; // nothing changed
    copySpecs(target.current, values);
    refreshRow(target);
    // The unsaved and bundled marks belong to the whole row.
    emit rowsChanged(row, row);
    noteUnsavedState();
    return true;
}

int GpuEditSession::sortedRow(const GpuSpec &gpu) const
{
    const auto at =
        std::lower_bound(m_rows.cbegin(), m_rows.cend(), gpu,
                         [](const Row &row, const GpuSpec &g) { return listedBefore(row.current, g); });
    return static_cast<int>(at - m_rows.cbegin());
}

quint64 GpuEditSession::addGpu(const GpuSpec &gpu)
{
    const GpuField *bad = nullptr;
    const QString problem = checkNewGpu(gpu, &bad);
    if (!problem.isEmpty()) {
        refuse(-1, bad ? bad->id : -1, problem);
        return 0;
    }
    GpuSpec added = gpu;
    added.rowId = 0;
    added.revision = 0;
    added.userModified = true;
    const int row = sortedRow(added);
    insertRow(row, makeRow(added, std::nullopt));
    m_lastError.clear();
    noteUnsavedState();
    return m_rows[row].key;
}

QVector<quint64> GpuEditSession::addGpus(const QVector<GpuSpec> &gpus)
{
    QVector<quint64> keys;
    if (gpus.isEmpty())
        return keys;
    emit aboutToReset();
    for (GpuSpec gpu : gpus) {
        gpu.rowId = 0;
        gpu.revision = 0;
        gpu.userModified = true;
        m_rows.append(makeRow(gpu, std::nullopt));
        keys.append(m_rows.last().key);
    }
    std::stable_sort(m_rows.begin(), m_rows.end(),
                     [](const Row &a, const Row &b) { return listedBefore(a.current, b.current); });
    emit reset();
    noteUnsavedState();
    return keys;
}

std::optional<GpuEditSession::RemovedRow> GpuEditSession::takeRow(int row)
{
    if (row < 0 || row >= m_rows.size())
        return std::nullopt;
    if (isReadOnly()) {
        refuse(row, -1, readOnlyMessage());
        return std::nullopt;
    }
    const Row taken = m_rows.at(row);
    removeRow(row);
    RemovedRow removed{taken.key, taken.current, taken.saved};
    if (removed.saved)
        m_deleted.append(removed);
    noteUnsavedState();
    return removed;
}

void GpuEditSession::takeRows(const QVector<quint64> &keys)
{
    if (keys.isEmpty())
        return;
    const QSet<quint64> wanted(keys.cbegin(), keys.cend());
    emit aboutToReset();
    QVector<Row> kept;
    kept.reserve(m_rows.size());
    for (Row &row : m_rows) {
        if (!wanted.contains(row.key))
            kept.append(std::move(row));
        else if (row.saved)
            m_deleted.append(RemovedRow{row.key, row.current, row.saved});
    }
    m_rows = std::move(kept);
    emit reset();
    noteUnsavedState();
}

int GpuEditSession::restoreRow(const RemovedRow &removed)
{
    m_deleted.erase(std::remove_if(m_deleted.begin(), m_deleted.end(),
                                   [&](const RemovedRow &r) { return r.key == removed.key; }),
                    m_deleted.end());
    const int row = sortedRow(removed.current);
    Row back{removed.key, removed.current, removed.saved, {}, false};
    refreshRow(back);
    insertRow(row, std::move(back));
    noteUnsavedState();
    return row;
}

QVector<GpuEditSession::SaveConflict> GpuEditSession::findConflicts(const QVector<GpuSpec> &inFile) const
{
    QHash<qint64, const GpuSpec *> byRowId;
    QHash<QString, const GpuSpec *> byGpuId;
    for (const GpuSpec &gpu : inFile) {
        byRowId.insert(gpu.rowId, &gpu);
        byGpuId.insert(gpu.gpuId, &gpu);
    }
    QSet<qint64> ours; // file rows this table shows or deletes
    for (const Row &row : m_rows)
        if (row.saved)
            ours.insert(row.saved->rowId);
    for (const RemovedRow &removed : m_deleted)
        ours.insert(removed.saved->rowId);

    const auto theirsOf = [&](const GpuSpec &saved) -> std::optional<GpuSpec> {
        const GpuSpec *file = byRowId.value(saved.rowId);
        return file ? std::optional<GpuSpec>(*file) : std::nullopt;
    };
    QVector<SaveConflict> conflicts;
    for (const Row &row : m_rows) {
        if (!row.unsaved)
            continue;
        if (row.saved) {
            const std::optional<GpuSpec> theirs = theirsOf(*row.saved);
            if (!theirs || theirs->revision != row.saved->revision)
                conflicts.append({row.key, row.current.gpuId, row.current, theirs});
        } else if (const GpuSpec *file = byGpuId.value(row.current.gpuId);
                   file && !ours.contains(file->rowId)) {
            conflicts.append({row.key, row.current.gpuId, row.current, *file}); // added elsewhere too
        }
    }
    for (const RemovedRow &removed : m_deleted) {
        const std::optional<GpuSpec> theirs = theirsOf(*removed.saved);
        if (theirs && theirs->revision != removed.saved->revision)
            conflicts.append({removed.key, removed.saved->gpuId, std::nullopt, theirs});
    }
    return conflicts;
}

GpuEditSession::SaveResult GpuEditSession::save()
{
    SaveResult result;
    if (isReadOnly()) {
        result.error = CatalogueError::make(CatalogueError::Kind::ReadOnly, readOnlyMessage());
        return result;
    }
    QVector<int> rows;
    QVector<GpuSpec> upserts;
    for (int row = 0; row < m_rows.size(); ++row) {
        const Row &r = m_rows[row];
        if (!r.unsaved)
            continue;
        const QString problem = GpuFields::storableAll(r.current); // edits were checked as they came in
        if (!problem.isEmpty()) {
            result.error = CatalogueError::make(CatalogueError::Kind::Invalid,
                                                tr("GPU '%1': %2").arg(r.current.gpuId, problem));
            return result;
        }
        GpuSpec write = r.current;
        write.rowId = r.saved ? r.saved->rowId : 0;
        write.revision = r.saved ? r.saved->revision : 0;
        rows.append(row);
        upserts.append(write);
    }
    QVector<GpuSpec> deletions;
    for (const RemovedRow &removed : std::as_const(m_deleted))
        deletions.append(*removed.saved);

    if (m_catalogue) {
        GpuRepository repository = m_catalogue->gpus();
        CatalogueError error;
        const QVector<GpuSpec> inFile = repository.list(&error);
        if (error) {
            result.error = error;
            return result;
        }
        result.conflicts = findConflicts(inFile);
        if (!result.conflicts.isEmpty())
            return result;
        // Deletions the file has already made need no writing.
        QSet<qint64> present;
        for (const GpuSpec &gpu : inFile)
            present.insert(gpu.rowId);
        deletions.erase(std::remove_if(deletions.begin(), deletions.end(),
                                       [&](const GpuSpec &gpu) { return !present.contains(gpu.rowId); }),
                        deletions.end());
        // The repository checks revisions again inside its transaction: a write between our read and
        // this save is a Conflict error, and nothing is written.
        if (CatalogueError saveError = repository.saveChanges(deletions, upserts)) {
            result.error = saveError;
            return result;
        }
    } else {
        for (GpuSpec &gpu : upserts)
            gpu.userModified = true;
    }
    for (int i = 0; i < rows.size(); ++i) {
        Row &row = m_rows[rows[i]];
        row.current.rowId = upserts[i].rowId;
        row.current.revision = upserts[i].revision;
        row.current.userModified = upserts[i].userModified;
        row.saved = row.current;
        row.unsaved = false;
    }
    result.written = static_cast<int>(upserts.size() + deletions.size());
    m_deleted.clear();
    if (!m_rows.isEmpty() && !rows.isEmpty())
        emit rowsChanged(rows.first(), rows.last());
    noteUnsavedState();
    emit saved(result.written);
    return result;
}

void GpuEditSession::resolveConflict(const SaveConflict &conflict, Keep keep)
{
    const int row = rowOfKey(conflict.key);
    if (row >= 0) {
        Row &target = m_rows[row];
        if (keep == Keep::Mine) {
            // Write over their version: what they saved becomes the base of our edit.
            target.saved = conflict.theirs;
            if (!conflict.theirs) {
                // Written again as a new row: the user's own, not the bundled row the file deleted.
                target.current.rowId = 0;
                target.current.revision = 0;
                target.current.userModified = true;
            }
            refreshRow(target);
        } else if (conflict.theirs) {
            target.current = *conflict.theirs;
            target.saved = conflict.theirs;
            refreshRow(target);
        } else {
            removeRow(row);
            noteUnsavedState();
            return;
        }
        emit rowsChanged(row, row);
        noteUnsavedState();
        return;
    }
    // A deletion of ours.
    const auto deleted = std::find_if(m_deleted.begin(), m_deleted.end(),
                                      [&](const RemovedRow &r) { return r.key == conflict.key; });
    if (deleted == m_deleted.end())
        return;
    if (keep == Keep::Mine && conflict.theirs) {
        deleted->saved = conflict.theirs; // delete their version
    } else if (conflict.theirs) {
        const RemovedRow back{deleted->key, *conflict.theirs, conflict.theirs};
        m_deleted.erase(deleted);
        restoreRow(back);
    } else {
        m_deleted.erase(deleted); // gone from the file already
    }
    noteUnsavedState();
}
