#pragma once

#include <QDialog>

class QComboBox;
class QLabel;

// Edit ▸ Preferences: the interface language. Saved in AppSettings when accepted; the window reads
// it at start-up, so a change shows when GPU Compare restarts (the dialog says so).
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);

    // "" (system default), "en" or "zh_CN".
    QString language() const;
    void setLanguage(const QString &language);

    // Saves the choice; true if it differs from what was saved before.
    bool save() const;

private:
    QComboBox *m_language = nullptr;
    QLabel *m_restartNote = nullptr;
    QString m_initialLanguage;
};
