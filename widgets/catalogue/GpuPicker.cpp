#include "widgets/catalogue/GpuPicker.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>

namespace {

// Gives a name its height at the name column's width: QTreeView asks its delegate for a row's height
// without the column's width, so a wrapped name would be cut to one line. Sizes are kept per text, font
// and width: the view asks for every row's size at each fit and layout pass, and each answer lays the
// name's text out twice (on one line and wrapped).
class WrappedNameDelegate : public QStyledItemDelegate
{
public:
    explicit WrappedNameDelegate(QTreeView *view)
        : QStyledItemDelegate(view)
        , m_view(view)
    {}

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (index.column() != GpuPicker::NameColumn)
            return QStyledItemDelegate::sizeHint(option, index);
        int depth = 1; // top-level items are indented too (root decoration)
        for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent())
            ++depth;
        // The item's width in its column; the style takes the check box out of it itself (taking it out
        // here too wrapped names that fit).
        const int wrapWidth =
            std::max(1, m_view->columnWidth(GpuPicker::NameColumn) - depth * m_view->indentation());
        QStyleOptionViewItem item = option;
        initStyleOption(&item, index);
        const QString key =
            item.text + u'\x1f' + item.font.key() + u'\x1f' + QString::number(item.features.toInt()) +
            u'\x1f' + QString::number(item.decorationSize.width()) + u'\x1f' + QString::number(wrapWidth);
        if (const auto known = m_sizes.constFind(key); known != m_sizes.cend())
            return *known;
        QStyleOptionViewItem wrapped = option;
        // A valid rectangle: the style wraps only within one (QCommonStyle's item size).
        wrapped.rect = QRect(0, 0, wrapWidth, 1);
        wrapped.features |= QStyleOptionViewItem::WrapText;
        // The width of the name on one line (what the column is fitted to), the height of its wrapped lines.
        const QSize size(QStyledItemDelegate::sizeHint(option, index).width(),
                         QStyledItemDelegate::sizeHint(wrapped, index).height());
        m_sizes.insert(key, size);
        return size;
    }

    void forgetSizes() { m_sizes.clear(); } // the style changed: its metrics may have

private:
    QTreeView *m_view;
    mutable QHash<QString, QSize> m_sizes;
};

} // namespace

GpuPicker::GpuPicker(QWidget *parent)
    : QWidget(parent)
    , m_model(new QStandardItemModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTreeView(this))
    , m_pickMachine(new QPushButton(this))
    , m_summary(new QLabel(this))
{
    setAccessibleName(tr("GPU picker"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_filter->setPlaceholderText(tr("Filter GPUs: name, vendor, architecture"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter GPUs"));
    layout->addWidget(m_filter);

    m_model->setHorizontalHeaderLabels({tr("GPU"), tr("Details")});
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setAutoAcceptChildRows(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(NameColumn);
    m_proxy->setFilterRole(SearchRole);

    m_view->setModel(m_proxy);
    m_view->setAccessibleName(tr("GPUs to compare"));
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    // Names are never cut: the name column is as wide as the names, or as the view when that is
    // narrower, and a name longer than that wraps onto a second line (rows are then not uniform); the
    // details scroll into view (and are in the tooltip). The name column is fitted when rows appear or
    // the view resizes, not kept ResizeToContents: that measures every name again after each check-box
    // change and layout pass, several times before the first frame.
    m_view->setIndentation(14);
    m_view->setWordWrap(true);
    m_nameDelegate = new WrappedNameDelegate(m_view);
    m_view->setItemDelegate(m_nameDelegate);
    m_view->setTextElideMode(Qt::ElideNone);
    m_view->header()->setStretchLastSection(true);
    connect(m_view, &QTreeView::expanded, this, [this] {
        if (!m_expandingAll)
            fitColumns(); // a group the user opened may hold longer texts
    });
    layout->addWidget(m_view, 1);

    m_pickMachine->setText(tr("Pick this machine's GPUs"));
    m_pickMachine->setIcon(style()->standardIcon(QStyle::SP_ComputerIcon));
    m_pickMachine->setVisible(false);
    connect(m_pickMachine, &QPushButton::clicked, this, &GpuPicker::pickMachineGpus);
    layout->addWidget(m_pickMachine);

    m_summary->setAccessibleName(tr("Selected GPU count"));
    layout->addWidget(m_summary);

    connect(m_filter, &QLineEdit::textChanged, this, &GpuPicker::setFilterText);
    connect(m_model, &QStandardItemModel::itemChanged, this, &GpuPicker::onItemChanged);
    updateSummary();
}

GpuPicker::~GpuPicker() = default;

void GpuPicker::setGpus(const QVector<GpuPickerEntry> &gpus)
{
    const QStringList keep = checkedIds();
    m_updating = true;
    m_gpus = gpus;
    m_model->removeRows(0, m_model->rowCount());
    QHash<QString, QStandardItem *> vendors;
    QHash<QString, QStandardItem *> architectures;
    auto group = [](const QString &text) {
        auto *item = new QStandardItem(text);
        item->setCheckable(true);
        item->setData(text, SearchRole);
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
        return item;
    };
    for (const GpuPickerEntry &gpu : gpus) {
        const QString vendorName = gpu.vendor.isEmpty() ? tr("Other") : gpu.vendor;
        QStandardItem *vendor = vendors.value(vendorName);
        if (!vendor) {
            vendor = group(vendorName);
            m_model->appendRow({vendor, new QStandardItem});
            vendors.insert(vendorName, vendor);
        }
        const QString archName = gpu.architecture.isEmpty() ? tr("Other") : gpu.architecture;
        const QString archKey = vendorName + u'\x1f' + archName;
        QStandardItem *arch = architectures.value(archKey);
        if (!arch) {
            arch = group(archName);
            vendor->appendRow({arch, new QStandardItem});
            architectures.insert(archKey, arch);
        }
        auto *name = new QStandardItem(gpu.name);
        name->setCheckable(true);
        name->setCheckState(keep.contains(gpu.id) ? Qt::Checked : Qt::Unchecked);
        name->setData(gpu.id, IdRole);
        // Its vendor and architecture too, so that words from several levels find it ("amd mi300").
        name->setData(QStringList{gpu.name, gpu.id, gpu.detail, vendorName, archName}.join(u' '), SearchRole);
        name->setToolTip(gpu.detail.isEmpty() ? gpu.id : tr("%1\n%2").arg(gpu.id, gpu.detail));
        if (gpu.inThisMachine > 0) {
            // Marked in words, not by the icon alone; the filter finds them by "machine" too.
            const QString mark = tr("%1 in this machine").arg(gpu.inThisMachine);
            name->setText(QStringLiteral("%1 · %2").arg(gpu.name, mark));
            name->setIcon(style()->standardIcon(QStyle::SP_ComputerIcon));
            name->setData(QString(name->data(SearchRole).toString() + u' ' + mark), SearchRole);
            name->setToolTip(tr("%1 found in this machine").arg(gpu.inThisMachine) + u'\n' + name->toolTip());
        }
        auto *detail = new QStandardItem(gpu.detail);
        detail->setToolTip(gpu.detail);
        arch->appendRow({name, detail});
    }
    updateGroupStates();
    m_updating = false;
    const QStringList here = machineIds();
    m_pickMachine->setVisible(!here.isEmpty());
    m_pickMachine->setToolTip(here.isEmpty() ? QString()
                                             : tr("Checks the %n GPU model(s) found in this machine, keeping "
                                                  "the GPUs already checked",
                                                  nullptr, static_cast<int>(here.size())));
    expandAllAndFit();
    notifyIfChanged();
    updateSummary();
}

QStringList GpuPicker::machineIds() const
{
    QStringList ids;
    for (const GpuPickerEntry &gpu : m_gpus)
        if (gpu.inThisMachine > 0 && !ids.contains(gpu.id))
            ids << gpu.id;
    return ids;
}

void GpuPicker::pickMachineGpus()
{
    QStringList ids = checkedIds();
    for (const QString &id : machineIds())
        if (!ids.contains(id))
            ids << id;
    setChecked(ids);
}

void GpuPicker::expandAllAndFit()
{
    m_expandingAll = true; // expandAll() reports every group it opens; fit once, after them all
    m_view->expandAll();
    m_expandingAll = false;
    // A hidden picker (not shown yet, or its dock closed) is fitted when shown, at the width it is shown
    // at: fitting it now would measure every name at a width nobody sees.
    m_fitWhenShown = !isVisible();
    if (!m_fitWhenShown)
        fitColumns();
}

int GpuPicker::namesWidth() const
{
    // Measured here, not by the view: a view not yet shown has laid out no rows to measure. A GPU sits
    // three indentations in (vendor, architecture, root decoration), after its check box.
    const QStyle *style = m_view->style();
    const int check = style->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, m_view) +
                      style->pixelMetric(QStyle::PM_CheckBoxLabelSpacing, nullptr, m_view);
    const int margins = 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1) + 2;
    const QFontMetrics metrics(m_view->font());
    int widest = 0;
    for (const GpuPickerEntry &gpu : m_gpus)
        widest = std::max(widest, metrics.horizontalAdvance(gpu.name));
    return widest + 3 * m_view->indentation() + check + margins;
}

QSize GpuPicker::sizeHint() const
{
    const int frame = 2 * m_view->frameWidth();
    const int scrollBar = m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_view);
    return {std::max(namesWidth() + frame + scrollBar + 2, m_filter->sizeHint().width()),
            QWidget::sizeHint().height()};
}

void GpuPicker::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (isVisible())
        fitColumns();
    else
        m_fitWhenShown = true; // its size when shown is the one to fit
}

void GpuPicker::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_fitWhenShown) {
        m_fitWhenShown = false;
        fitColumns();
    }
}

void GpuPicker::fitColumns()
{
    m_view->resizeColumnToContents(NameColumn);
    // The view's own width less its frame and scroll bar: its viewport may not have its new size yet.
    const int room = m_view->width() - 2 * m_view->frameWidth() -
                     m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_view);
    if (room > 0 && m_view->columnWidth(NameColumn) > room)
        m_view->setColumnWidth(NameColumn, room); // the longest names wrap (setWordWrap above)
    m_view->doItemsLayout();                      // the rows' heights for the new width
    // The details column stretches into a wide dock; in a narrow one it is as wide as its texts, which
    // scroll into view.
    m_view->resizeColumnToContents(DetailColumn);
}

void GpuPicker::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        static_cast<WrappedNameDelegate *>(m_nameDelegate)->forgetSizes();
        fitColumns();
    }
}

QList<QStandardItem *> GpuPicker::leaves(QStandardItem *group) const
{
    QList<QStandardItem *> result;
    for (int r = 0; r < group->rowCount(); ++r) {
        QStandardItem *child = group->child(r, NameColumn);
        if (child->hasChildren())
            result += leaves(child);
        else if (!child->data(IdRole).toString().isEmpty())
            result << child;
    }
    return result;
}

QList<QStandardItem *> GpuPicker::allLeaves() const
{
    return leaves(m_model->invisibleRootItem());
}

QStringList GpuPicker::checkedIds() const
{
    QSet<QString> checked;
    for (QStandardItem *leaf : allLeaves())
        if (leaf->checkState() == Qt::Checked)
            checked.insert(leaf->data(IdRole).toString());
    QStringList ids;
    for (const GpuPickerEntry &gpu : m_gpus)
        if (checked.contains(gpu.id) && !ids.contains(gpu.id))
            ids << gpu.id;
    return ids;
}

void GpuPicker::setChecked(const QStringList &ids)
{
    m_updating = true;
    for (QStandardItem *leaf : allLeaves())
        leaf->setCheckState(ids.contains(leaf->data(IdRole).toString()) ? Qt::Checked : Qt::Unchecked);
    updateGroupStates();
    m_updating = false;
    notifyIfChanged();
}

void GpuPicker::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // comes back here through textChanged
    // Every word, in any order ("H100 SXM" finds "H100 SXM5 80GB"; "sxm h100" too).
    QString pattern;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts))
        pattern += QStringLiteral("(?=.*") + QRegularExpression::escape(word) + u')';
    m_proxy->setFilterRegularExpression(QRegularExpression(
        pattern, QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption));
    expandAllAndFit(); // rows the filter hid when the column was fitted may be back
}

QString GpuPicker::filterText() const
{
    return m_filter->text();
}

void GpuPicker::onItemChanged(QStandardItem *item)
{
    if (m_updating || !item->isCheckable())
        return;
    m_updating = true;
    if (item->hasChildren()) {
        // A group was clicked: apply its new state to the GPUs under it that the filter shows.
        const Qt::CheckState state = item->checkState() == Qt::Unchecked ? Qt::Unchecked : Qt::Checked;
        for (QStandardItem *leaf : leaves(item))
            if (m_proxy->mapFromSource(leaf->index()).isValid())
                leaf->setCheckState(state);
    }
    updateGroupStates();
    m_updating = false;
    notifyIfChanged();
}

void GpuPicker::updateGroupStates()
{
    // Bottom-up: a group is checked when all its GPUs are, unchecked when none are, partial otherwise.
    std::function<Qt::CheckState(QStandardItem *)> update = [&](QStandardItem *group) {
        int checked = 0;
        int unchecked = 0;
        for (int r = 0; r < group->rowCount(); ++r) {
            QStandardItem *child = group->child(r, NameColumn);
            const Qt::CheckState state = child->hasChildren() ? update(child) : child->checkState();
            checked += state == Qt::Checked ? 1 : 0;
            unchecked += state == Qt::Unchecked ? 1 : 0;
        }
        const Qt::CheckState state = unchecked == group->rowCount() ? Qt::Unchecked
                                     : checked == group->rowCount() ? Qt::Checked
                                                                    : Qt::PartiallyChecked;
        if (group != m_model->invisibleRootItem() && group->checkState() != state)
            group->setCheckState(state);
        return state;
    };
    update(m_model->invisibleRootItem());
}

void GpuPicker::updateSummary()
{
    const int checked = static_cast<int>(m_lastChecked.size());
    m_summary->setText(tr("%1 of %2 GPUs selected").arg(checked).arg(m_gpus.size()));
}

void GpuPicker::notifyIfChanged()
{
    const QStringList ids = checkedIds();
    if (ids == m_lastChecked)
        return;
    m_lastChecked = ids;
    updateSummary();
    emit checkedIdsChanged(ids);
}
