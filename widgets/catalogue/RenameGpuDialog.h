#pragma once

#include <QDialog>
#include <functional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

// Rename GPU…: the one way to change a GPU's id. The id names the GPU on the command line, in scenario
// files and in its measurements, so the dialog says what is wrong with a new id while it is typed (the
// catalogue's id rule, another GPU with it) and offers OK only for one that can be used.
class RenameGpuDialog : public QDialog
{
    Q_OBJECT
public:
    // check: why an id cannot be used ("" when it can), e.g. CatalogueEditor::checkRename for the row.
    RenameGpuDialog(const QString &currentId, const QString &gpuName,
                    std::function<QString(const QString &)> check, QWidget *parent = nullptr);

    QString newId() const;   // as typed, without surrounding spaces
    QString problem() const; // why OK is not offered; empty when it is
    QLineEdit *idEdit() const { return m_id; }
    bool canAccept() const;

private:
    void recheck();

    QString m_currentId;
    std::function<QString(const QString &)> m_check;
    QLineEdit *m_id;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
