#pragma once

#include <QObject>
#include <functional>

class CatalogueSession;
class CatalogueTab;
class QMenu;
class QWidget;
class UserPrompt;

// File > Open Catalogue: another catalogue file in place of the open one (read-only when it cannot be
// written, as Catalogue decides). Unsaved edits are asked about first; a file that cannot be opened leaves
// the open catalogue, its edits and its undo history as they were, and says why. The comparison and the
// plan follow the session's snapshotChanged().
// Back Up Catalogue writes a copy of the open one. When the window starts without a catalogue (a damaged
// file), offerAnother() says so and offers to open another catalogue or to start a new one in another file.
class CatalogueOpener : public QObject
{
    Q_OBJECT
public:
    enum class FileChoice
    {
        Existing, // a catalogue to open
        New,      // where to start a new one
        Backup,   // where to write a copy of the open one
        TeamUrl,  // a team catalogue's address: postgresql://USER@HOST[:PORT]/DATABASE
    };
    // Asks for a file; "" when cancelled. A file dialog by default; a test answers instead.
    using PathChooser = std::function<QString(FileChoice)>;

    CatalogueOpener(CatalogueSession *session, CatalogueTab *tab, UserPrompt *prompt, QWidget *window,
                    QObject *parent = nullptr);

    bool open(const QString &path); // false when nothing was opened
    void openWithDialog();
    // File > Open Team Catalogue…: asks for the URL (libpq takes the password from PGPASSWORD or ~/.pgpass,
    // or the URL gives it) and opens it as open() does. Connecting gives up after connect_timeout (10 s
    // unless the URL says otherwise), so an unreachable server holds the window that long at most.
    void openTeamWithDialog();
    // File > Recent Team Catalogues: the last few team catalogues opened (AppSettings, no passwords); one
    // opens as open() does, its password from PGPASSWORD or ~/.pgpass.
    void fillRecentTeamMenu(QMenu *menu);
    // A new catalogue from the bundled seed at path, opened; an existing file is never overwritten.
    bool startNew(const QString &path);
    void startNewWithDialog();
    // File > Back Up Catalogue…: a consistent copy of the open catalogue (Catalogue::backUpTo), written
    // atomically; a failure is said in a message box, wherever the user is.
    bool backUp(const QString &path);
    void backUpWithDialog();
    // The session holds no catalogue: says why, that the file was left unchanged, and offers Open
    // Another… and Start New…, until one of them opens a catalogue or the user closes the message.
    void offerAnother();

    void setPathChooser(PathChooser chooser) { m_chooser = std::move(chooser); }

signals:
    void opened(); // the session holds the new file
    void recentTeamCataloguesChanged();
    void statusMessage(const QString &message);

private:
    QString choose(FileChoice choice) const;
    void announceOpened(const QString &verb);

    CatalogueSession *m_session;
    CatalogueTab *m_tab;
    UserPrompt *m_prompt;
    QWidget *m_window;
    PathChooser m_chooser;
};
