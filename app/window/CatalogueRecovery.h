#pragma once

#include <QObject>
#include <QString>

class CatalogueSession;
class CatalogueTab;
class TerminationGuard;
class UserPrompt;

// Unsaved catalogue edits outlive a program ended without a close (SIGTERM, the session ending): they
// are written to this process's recovery file beside the catalogue (EditRecoveryFile), offered at the next
// start, every process's file in turn ("Unsaved edits from DATE were recovered": Restore / Discard),
// restored as unsaved, undoable edits. An offered file goes after Restore or Discard; the file this
// process wrote goes after a successful save. Another process's file is never removed otherwise.
class CatalogueRecovery : public QObject
{
    Q_OBJECT
public:
    // tab may be null (no window: text in an open cell editor is then not taken).
    CatalogueRecovery(CatalogueSession *session, CatalogueTab *tab, UserPrompt *prompt,
                      QObject *parent = nullptr);

    // This process's recovery file for the open catalogue; "" when no catalogue is open.
    QString path() const;
    // Writes the unsaved edits (text still in a cell editor included); false when there were some and
    // they could not be written. With none, a stale file is left alone.
    bool writeUnsaved();
    // For each recovery file the open catalogue has (other than this process's), asks whether to restore
    // it. True when one was restored.
    bool offer();
    // SIGTERM writes the edits and quits; the session ending writes them.
    void watch(TerminationGuard *guard);
    // The window closed as usual (every edit saved or discarded): a file this process wrote when the
    // session was ending, which then went on, is out of date and goes.
    void windowClosed();

private:
    bool offerFile(const QString &file);
    void removeFile();

    CatalogueSession *m_session;
    CatalogueTab *m_tab;
    UserPrompt *m_prompt;
    bool m_wrote = false;      // this process wrote the file
    bool m_terminated = false; // by SIGTERM: the file is for the next start
};
