#pragma once

#include <QObject>
#include <QString>

class CatalogueSession;
class CatalogueTab;
class TerminationGuard;
class UserPrompt;

// Unsaved catalogue edits outlive a program ended without a close (SIGTERM, the session ending): they
// are written to a recovery file beside the catalogue (EditRecoveryFile), offered at the next start
// ("Unsaved edits from DATE were recovered": Restore / Discard), restored as unsaved, undoable edits.
// The file goes after Restore, Discard or a successful save.
class CatalogueRecovery : public QObject
{
    Q_OBJECT
public:
    // tab may be null (no window: text in an open cell editor is then not taken).
    CatalogueRecovery(CatalogueSession *session, CatalogueTab *tab, UserPrompt *prompt,
                      QObject *parent = nullptr);

    // The open catalogue's recovery file; "" when no catalogue is open.
    QString path() const;
    // Writes the unsaved edits (text still in a cell editor included); false when there were some and
    // they could not be written. With none, a stale file is left alone.
    bool writeUnsaved();
    // When the open catalogue has a recovery file, asks whether to restore it. True when restored.
    bool offer();
    // SIGTERM writes the edits and quits; the session ending writes them.
    void watch(TerminationGuard *guard);
    // The window closed as usual (every edit saved or discarded): a file this process wrote when the
    // session was ending, which then went on, is out of date and goes.
    void windowClosed();

private:
    void removeFile();

    CatalogueSession *m_session;
    CatalogueTab *m_tab;
    UserPrompt *m_prompt;
    bool m_wrote = false;      // this process wrote the file
    bool m_terminated = false; // by SIGTERM: the file is for the next start
};
