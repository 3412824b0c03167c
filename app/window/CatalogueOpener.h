#pragma once

#include <QObject>

class CatalogueSession;
class CatalogueTab;
class QWidget;
class UserPrompt;

// File > Open Catalogue: another catalogue file in place of the open one (read-only when it cannot be
// written, as Catalogue decides). Unsaved edits are asked about first; a file that cannot be opened leaves
// the open catalogue, its edits and its undo history as they were, and says why. The comparison and the
// plan follow the session's snapshotChanged().
class CatalogueOpener : public QObject
{
    Q_OBJECT
public:
    CatalogueOpener(CatalogueSession *session, CatalogueTab *tab, UserPrompt *prompt, QWidget *window,
                    QObject *parent = nullptr);

    bool open(const QString &path); // false when nothing was opened
    void openWithDialog();

signals:
    void opened(); // the session holds the new file
    void statusMessage(const QString &message);

private:
    CatalogueSession *m_session;
    CatalogueTab *m_tab;
    UserPrompt *m_prompt;
    QWidget *m_window;
};
