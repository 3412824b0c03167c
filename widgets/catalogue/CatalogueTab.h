#pragma once

#include <QWidget>

class QAbstractItemModel;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

// The Catalogue tab: the spec table, sortable by raw values (not by the text with units), filtered by
// a search field over every column, with a line that says why the last edit was refused.
class CatalogueTab : public QWidget
{
    Q_OBJECT
public:
    explicit CatalogueTab(QWidget *parent = nullptr);

    // sortRole: the model's role holding raw values (numbers sort as numbers, missing values first).
    // searchColumns: the columns the filter looks at (names, vendor, architecture); empty = all.
    void setModel(QAbstractItemModel *model, int sortRole, const QList<int> &searchColumns = {});
    void showMessage(const QString &message); // e.g. why an edit was refused; empty hides it

    QTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void sizeColumns();

    bool m_columnsSized = false;
    QLineEdit *m_filter;
    QLabel *m_message;
    QTableView *m_view;
    QSortFilterProxyModel *m_proxy;
};
