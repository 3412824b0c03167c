#include "app/window/CatalogueOpener.h"

#include "app/window/AppSettings.h"
#include "app/window/CatalogueSession.h"
#include "app/window/UserPrompt.h"
#include "db/Catalogue.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>

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
    // A team catalogue's database is there or not on its server: an empty one is seeded.
    const bool exists = Catalogue::isServerLocation(path) || QFileInfo(path).isFile();
    if (exists && !m_tab->confirmDiscardOrSave())
        return false;
    if (!exists || !m_session->open(path)) {
        UserPrompt::Message message;
        message.icon = QMessageBox::Warning;
        message.title = tr("Open Catalogue");
        message.text = tr("The catalogue %1 was not opened.")
                           .arg(QDir::toNativeSeparators(Catalogue::displayLocation(path)));
        message.informativeText = exists ? m_session->lastError().message : tr("There is no such file.");
        if (m_session->isOpen())
            message.informativeText +=
                u'\n' + tr("%1 stays open.").arg(QDir::toNativeSeparators(m_session->path()));
        m_prompt->show(message);
        return false;
    }
    if (m_session->isTeamCatalogue()) {
        AppSettings settings;
        settings.setRecentTeamCatalogues(QStringList{m_session->path()} + settings.recentTeamCatalogues());
        emit recentTeamCataloguesChanged();
    }
    announceOpened(tr("Opened %1"));
    return true;
}

void CatalogueOpener::fillRecentTeamMenu(QMenu *menu)
{
    menu->clear();
    const QStringList recent = AppSettings().recentTeamCatalogues();
    for (int i = 0; i < recent.size(); ++i) {
        const QString &url = recent.at(i);
        // &1 … &5 pick them from the keyboard; a URL's own '&' (between parameters) is text.
        QString text = url;
        text.replace(u'&', QStringLiteral("&&"));
        QAction *action =
            menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(text), this, [this, url] { open(url); });
        action->setData(url);
        action->setStatusTip(url);
    }
    menu->addSeparator();
    menu->addAction(tr("&Clear Menu"), this, [this] {
        AppSettings().setRecentTeamCatalogues({});
        emit recentTeamCataloguesChanged();
    });
    menu->setEnabled(!recent.isEmpty());
}

void CatalogueOpener::openWithDialog()
{
    const QString path = choose(FileChoice::Existing);
    if (!path.isEmpty())
        open(path);
}

void CatalogueOpener::openTeamWithDialog()
{
    const QString url = choose(FileChoice::TeamUrl).trimmed();
    if (!url.isEmpty())
        open(url);
}

bool CatalogueOpener::startNew(const QString &path)
{
    if (m_session->isOpen() && !m_tab->confirmDiscardOrSave())
        return false;
    if (!m_session->startOverFromSeed(path)) {
        UserPrompt::Message message;
        message.icon = QMessageBox::Warning;
        message.title = tr("New Catalogue");
        message.text = tr("No catalogue was started at %1.").arg(QDir::toNativeSeparators(path));
        message.informativeText = m_session->lastError().message;
        m_prompt->show(message);
        return false;
    }
    announceOpened(tr("Started a new catalogue at %1"));
    return true;
}

void CatalogueOpener::startNewWithDialog()
{
    const QString path = choose(FileChoice::New);
    if (!path.isEmpty())
        startNew(path);
}

bool CatalogueOpener::backUp(const QString &path)
{
    const CatalogueError error = m_session->backUpTo(path);
    if (error) {
        UserPrompt::Message message;
        message.icon = QMessageBox::Warning;
        message.title = tr("Back Up Catalogue");
        message.text = tr("The catalogue was not backed up to %1.").arg(QDir::toNativeSeparators(path));
        message.informativeText = error.message;
        m_prompt->show(message);
        return false;
    }
    emit statusMessage(tr("Backed up the catalogue to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void CatalogueOpener::backUpWithDialog()
{
    const QString path = choose(FileChoice::Backup);
    if (!path.isEmpty())
        backUp(path);
}

void CatalogueOpener::offerAnother()
{
    while (!m_session->isOpen()) {
        const CatalogueError &error = m_session->lastError();
        const QString path = QDir::toNativeSeparators(m_session->attemptedPath());
        UserPrompt::Message message;
        message.icon = QMessageBox::Warning;
        message.title = tr("Catalogue");
        switch (error.kind) {
        case CatalogueError::Kind::Damaged:
            message.text = tr("The catalogue %1 is damaged.").arg(path);
            break;
        case CatalogueError::Kind::NotADatabase:
        case CatalogueError::Kind::Foreign:
            message.text = tr("%1 is not a GPU Compare catalogue.").arg(path);
            break;
        default:
            message.text = tr("The catalogue %1 could not be opened.").arg(path);
            break;
        }
        message.informativeText =
            error.message + u'\n' + tr("The file was not changed.") + u'\n' +
            tr("Open another catalogue, or start a new one from the bundled data in another file.");
        message.buttons = QMessageBox::Open | QMessageBox::Save | QMessageBox::Close;
        message.defaultButton = QMessageBox::Open;
        message.buttonTexts = {{QMessageBox::Open, tr("Open Another…")},
                               {QMessageBox::Save, tr("Start New…")}};
        const QMessageBox::StandardButton answer = m_prompt->show(message);
        QString chosen;
        if (answer == QMessageBox::Open) {
            chosen = choose(FileChoice::Existing);
            if (!chosen.isEmpty())
                open(chosen);
        } else if (answer == QMessageBox::Save) {
            chosen = choose(FileChoice::New);
            if (!chosen.isEmpty())
                startNew(chosen);
        } else {
            return; // the window stays empty; File > Open Catalogue… is still there
        }
    }
}

QString CatalogueOpener::choose(FileChoice choice) const
{
    if (m_chooser)
        return m_chooser(choice);
    if (choice == FileChoice::TeamUrl) {
        // The last team catalogue's address to start from (without its password: Catalogue::path()).
        const QString last =
            m_session->isTeamCatalogue() ? m_session->path() : QStringLiteral("postgresql://");
        return QInputDialog::getText(
            m_window, tr("Open Team Catalogue"),
            tr("Address of the team catalogue, postgresql://USER@HOST[:PORT]/DATABASE "
               "(the password is taken from PGPASSWORD or ~/.pgpass):"),
            QLineEdit::Normal, last);
    }
    const QString current = m_session->isOpen() ? m_session->path() : m_session->attemptedPath();
    const QString folder = current.isEmpty() || Catalogue::isServerLocation(current)
                               ? QDir::homePath()
                               : QFileInfo(current).absolutePath();
    const QString filter = tr("GPU Compare catalogues (*.db *.sqlite);;All files (*)");
    if (choice == FileChoice::Existing)
        return QFileDialog::getOpenFileName(m_window, tr("Open Catalogue"), folder, filter);
    if (choice == FileChoice::Backup) {
        // The dialog asks before replacing a file; the copy replaces it only once complete.
        const QString name = QFileInfo(current).completeBaseName() + QStringLiteral("-backup.db");
        return QFileDialog::getSaveFileName(m_window, tr("Back Up Catalogue"), QDir(folder).filePath(name),
                                            filter);
    }
    return QFileDialog::getSaveFileName(m_window, tr("New Catalogue"),
                                        QDir(folder).filePath(QStringLiteral("catalogue-new.db")), filter,
                                        nullptr, QFileDialog::DontConfirmOverwrite);
}

void CatalogueOpener::announceOpened(const QString &verb)
{
    emit opened();
    // An upgraded file says where its copy from before is, rather than only that it opened.
    if (!m_session->openedNote().isEmpty()) {
        emit statusMessage(m_session->openedNote());
        return;
    }
    const QString path = QDir::toNativeSeparators(m_session->path());
    emit statusMessage(m_session->isReadOnly()
                           ? tr("%1, read-only: %2").arg(verb.arg(path), m_session->readOnlyReason())
                           : verb.arg(path));
}
