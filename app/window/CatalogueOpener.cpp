#include "CatalogueOpener.h"

#include "CatalogueEditor.h"
#include "CatalogueSession.h"
#include "CatalogueTab.h"
#include "UserPrompt.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

CatalogueOpener::CatalogueOpener(CatalogueSession *session, CatalogueTab *tab, UserPrompt *prompt,
                                 QWidget *window, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_tab(tab)
    , m_prompt(prompt)
    , m_window(window)
{}

bool CatalogueOpener::open(const QString &path)
{
    // The session builds a missing file from the seed (first run); a file to open must already be there.
    const bool exists = QFileInfo(path).isFile();
    if (exists && !m_tab->confirmDiscardOrSave())
        return false;
    if (!exists || !m_session->open(path)) {
        UserPrompt::Message message;
        message.icon = QMessageBox::Warning;
        message.title = tr("Open Catalogue");
        message.text = tr("The catalogue %1 was not opened.").arg(QDir::toNativeSeparators(path));
        message.informativeText = exists ? m_session->lastError().message : tr("There is no such file.");
        if (m_session->isOpen())
            message.informativeText +=
                u'\n' + tr("%1 stays open.").arg(QDir::toNativeSeparators(m_session->path()));
        m_prompt->show(message);
        return false;
    }
    emit opened();
    emit statusMessage(
        m_session->isReadOnly()
            ? tr("Opened %1, read-only: %2")
                  .arg(QDir::toNativeSeparators(m_session->path()), m_session->readOnlyReason())
            : tr("Opened %1").arg(QDir::toNativeSeparators(m_session->path())));
    return true;
}

void CatalogueOpener::openWithDialog()
{
    const QString folder =
        m_session->path().isEmpty() ? QDir::homePath() : QFileInfo(m_session->path()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Catalogue"), folder, tr("GPU Compare catalogues (*.db *.sqlite);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}
