#pragma once

#include <QWidget>

class QAction;
class QCheckBox;
class QLineEdit;

// The row above the spec table: the edit actions as buttons, "Only GPUs I changed" and the filter.
class CatalogueToolBar : public QWidget
{
    Q_OBJECT
public:
    // findShortcut: named in the filter's placeholder.
    CatalogueToolBar(const QList<QAction *> &actions, const QKeySequence &findShortcut,
                     QWidget *parent = nullptr);

    QLineEdit *filter() const { return m_filter; }
    QCheckBox *changedOnly() const { return m_changedOnly; }

signals:
    void searchChanged(const QString &text, bool changedOnly);

private:
    QLineEdit *m_filter;
    QCheckBox *m_changedOnly;
};
