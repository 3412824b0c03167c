#include "app/window/CatalogueRecovery.h"

#include "app/window/CatalogueSession.h"
#include "app/window/TerminationGuard.h"
#include "app/window/UserPrompt.h"
#include "db/EditRecoveryFile.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QTextStream>
#include <QUndoStack>

CatalogueRecovery::CatalogueRecovery(CatalogueSession *session, CatalogueTab *tab, UserPrompt *prompt,
                                     QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_tab(tab)
    , m_prompt(prompt)
{
    // Saved: what the file kept is in the catalogue now.
    connect(session->specModel()->session(), &GpuEditSession::saved, this, &CatalogueRecovery::removeFile);
}

QString CatalogueRecovery::path() const
{
    return m_session->isOpen() ? EditRecoveryFile::pathFor(m_session->path()) : QString();
}

bool CatalogueRecovery::writeUnsaved()
{
    if (m_tab)
        m_tab->commitOpenEditors();
    const GpuEditSession *edits = m_session->specModel()->session();
    if (!m_session->isOpen() || !edits->hasUnsavedChanges())
        return true;
    if (CatalogueError error = EditRecoveryFile::write(path(), edits->pendingEdits())) {
        QTextStream(stderr) << "gpucompare: " << tr("unsaved catalogue edits lost: %1").arg(error.message)
                            << Qt::endl;
        return false;
    }
    m_wrote = true;
    return true;
}

bool CatalogueRecovery::offer()
{
    if (!m_session->isOpen() || m_session->isReadOnly())
        return false; // a read-only catalogue keeps its files until it can take the edits
    const QString own = QFileInfo(path()).absoluteFilePath();
    bool restored = false;
    for (const QString &file : EditRecoveryFile::find(m_session->path()))
        if (QFileInfo(file).absoluteFilePath() != own) // this process's edits are in the table already
            restored = offerFile(file) || restored;
    return restored;
}

// Asks about one file; it goes after Discard or a Restore that took every edit.
bool CatalogueRecovery::offerFile(const QString &file)
{
    QString problem;
    const std::optional<EditRecoveryFile::Contents> recovered = EditRecoveryFile::read(file, &problem);
    UserPrompt::Message message;
    message.title = tr("Recovered Catalogue Edits");
    if (!recovered) {
        message.icon = QMessageBox::Warning;
        message.text = tr("Unsaved catalogue edits were recovered but cannot be read: %1").arg(problem);
        message.informativeText = tr("The file %1 is left as it is.").arg(file);
        m_prompt->show(message);
        return false;
    }
    message.icon = QMessageBox::Question;
    message.text = tr("Unsaved edits from %1 were recovered.")
                       .arg(QLocale().toString(recovered->writtenAt, QLocale::ShortFormat));
    message.informativeText =
        tr("%n GPU(s) were changed, added or deleted and not saved when GPU Compare was ended. Restore "
           "puts them back as unsaved edits (Undo takes them out again); Discard deletes them.",
           nullptr, static_cast<int>(recovered->edits.size()));
    message.buttons = QMessageBox::Apply | QMessageBox::Discard;
    message.buttonTexts.insert(QMessageBox::Apply, tr("Restore"));
    message.defaultButton = QMessageBox::Apply;
    const QMessageBox::StandardButton answer = m_prompt->show(message);
    if (answer == QMessageBox::Discard) {
        QFile::remove(file);
        return false;
    }
    if (answer != QMessageBox::Apply)
        return false; // kept for the next start
    const int before = m_session->editor()->undoStack()->count();
    if (!m_session->editor()->restoreRecovered(recovered->edits)) {
        // Some edit was refused (e.g. an id another GPU has now): the file keeps them all.
        message.icon = QMessageBox::Warning;
        message.text = m_session->editor()->lastError();
        message.informativeText = tr("The file %1 is left as it is.").arg(file);
        message.buttons = QMessageBox::Ok;
        message.buttonTexts.clear();
        message.defaultButton = QMessageBox::Ok;
        m_prompt->show(message);
        return m_session->editor()->undoStack()->count() > before;
    }
    // The restored edits are unsaved again: this process's own recovery file holds them before the old one
    // goes, so a crash between Restore and a save loses nothing (the old file stays if it cannot be
    // written). A save or a discard removes the own file, as for any unsaved edit.
    if (writeUnsaved())
        QFile::remove(file);
    return true;
}

void CatalogueRecovery::watch(TerminationGuard *guard)
{
    connect(guard, &TerminationGuard::terminationRequested, this, [this] {
        m_terminated = true;
        writeUnsaved();
        QCoreApplication::exit(0);
    });
    connect(guard, &TerminationGuard::sessionEnding, this, &CatalogueRecovery::writeUnsaved);
}

void CatalogueRecovery::windowClosed()
{
    if (m_wrote && !m_terminated)
        removeFile();
}

void CatalogueRecovery::removeFile()
{
    if (const QString file = path(); !file.isEmpty())
        QFile::remove(file);
}
