#pragma once

#include "widgets/catalogue/GpuPickerEntry.h"

#include <QStringList>
#include <QVector>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QStyledItemDelegate;
class QTreeView;

// The GPU picker: a tree grouped by vendor, then architecture, with check boxes (groups show partial state
// and check or uncheck their visible GPUs), filtered as the user types. GPUs found in this machine are
// marked, and a button (shown only when there are some) checks them.
class GpuPicker : public QWidget
{
    Q_OBJECT
public:
    enum Role
    {
        IdRole = Qt::UserRole + 1, // QString: the GPU id on GPU rows; empty on groups
        SearchRole,                // QString: the text the filter matches
    };
    enum Column
    {
        NameColumn = 0,
        DetailColumn = 1
    };

    explicit GpuPicker(QWidget *parent = nullptr);
    ~GpuPicker() override;

    // Replaces the offered GPUs; ids that stay on offer stay checked.
    void setGpus(const QVector<GpuPickerEntry> &gpus);
    const QVector<GpuPickerEntry> &gpus() const { return m_gpus; }

    // Checks exactly these ids (unknown ids are ignored). Emits checkedIdsChanged() if the set changed.
    void setChecked(const QStringList &ids);
    // The checked ids, in the order the GPUs were given.
    QStringList checkedIds() const;

    // The ids of the GPUs found in this machine (inThisMachine > 0), in the order given.
    QStringList machineIds() const;
    // Checks this machine's GPUs, keeping the GPUs already checked (the "Pick this machine's GPUs" button).
    void pickMachineGpus();

    void setFilterText(const QString &text);
    QString filterText() const;

    // As wide as the longest GPU name, indented, with the scroll bar: the dock starts at it.
    QSize sizeHint() const override;

    QTreeView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }
    QPushButton *pickMachineButton() const { return m_pickMachine; }
    QSortFilterProxyModel *proxyModel() const { return m_proxy; }
    QStandardItemModel *sourceModel() const { return m_model; }

signals:
    // Once per change of the checked set: a click on a GPU or a group, or setChecked().
    void checkedIdsChanged(const QStringList &ids);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    int namesWidth() const; // the name column's width for the longest name on one line
    void expandAllAndFit();
    void fitColumns();
    void onItemChanged(QStandardItem *item);
    void updateGroupStates();
    void updateSummary();
    void notifyIfChanged();
    QList<QStandardItem *> leaves(QStandardItem *group) const;
    QList<QStandardItem *> allLeaves() const;

    QVector<GpuPickerEntry> m_gpus;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTreeView *m_view;
    QStyledItemDelegate *m_nameDelegate = nullptr; // a WrappedNameDelegate (GpuPicker.cpp)
    QPushButton *m_pickMachine;
    QLabel *m_summary;
    QStringList m_lastChecked;
    bool m_updating = false;
    bool m_expandingAll = false;
    bool m_fitWhenShown = false; // rows or size changed while hidden
};
