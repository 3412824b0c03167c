#include "CatalogueTab.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace {

// Filters on a few text columns only: matching every formatted number of 50 columns made a keystroke
// take 83 ms at 10,000 GPUs.
class SearchProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QList<int> columns;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override
    {
        if (columns.isEmpty())
            return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
        const QRegularExpression &pattern = filterRegularExpression();
        for (int column : columns) {
            const QString text = sourceModel()->index(sourceRow, column, sourceParent).data().toString();
            if (text.contains(pattern))
                return true;
        }
        return false;
    }
};

} // namespace

CatalogueTab::CatalogueTab(QWidget *parent)
    : QWidget(parent)
    , m_filter(new QLineEdit)
    , m_message(new QLabel)
    , m_view(new QTableView)
    , m_proxy(new SearchProxy(this))
{
    setObjectName(QStringLiteral("catalogueTab"));
    m_filter->setObjectName(QStringLiteral("catalogueFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, vendor, architecture…"));
    m_filter->setAccessibleName(tr("Filter the catalogue"));
    m_filter->setClearButtonEnabled(true);
    m_message->setObjectName(QStringLiteral("catalogueMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_message->hide();

    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // every column
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->horizontalHeader()->setSectionsMovable(true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->setAccessibleName(tr("GPU catalogue"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_filter);
    layout->addWidget(m_message);
    layout->addWidget(m_view, 1);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
}

void CatalogueTab::setModel(QAbstractItemModel *model, int sortRole, const QList<int> &searchColumns)
{
    static_cast<SearchProxy *>(m_proxy)->columns = searchColumns;
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(sortRole);
    // Sizing 50 columns from every cell costs more than the rest of start-up's table work; the tab is
    // behind the Compare tab at start, so it is sized when first shown.
    m_columnsSized = false;
    if (isVisible())
        sizeColumns();
}

void CatalogueTab::showEvent(QShowEvent *event)
{
    if (!m_columnsSized)
        sizeColumns();
    QWidget::showEvent(event);
}

void CatalogueTab::sizeColumns()
{
    m_view->resizeColumnsToContents();
    m_columnsSized = true;
}

void CatalogueTab::showMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}
