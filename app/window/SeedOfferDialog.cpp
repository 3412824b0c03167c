#include "app/window/SeedOfferDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace {

constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;

QStandardItem *checkedItem(const QString &text, const QString &kind, const QString &id, const QString &tip,
                           bool checked = true)
{
    auto *item = new QStandardItem(text);
    item->setCheckable(true);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    item->setEditable(false);
    item->setData(kind, kKindRole);
    item->setData(id, kIdRole);
    item->setToolTip(tip);
    return item;
}

} // namespace

SeedOfferDialog::SeedOfferDialog(const SeedCatalogue::SeedOffer &offer, const QString &intro, QWidget *parent,
                                 const QSet<QString> &uncheckedIds)
    : QDialog(parent)
    , m_items(new QStandardItemModel(this))
{
    setObjectName(QStringLiteral("seedOfferDialog"));
    setWindowTitle(tr("Add GPUs and Models from This Version"));
    for (const GpuSpec &gpu : offer.gpus)
        m_items->appendRow(checkedItem(tr("GPU: %1 (%2)").arg(gpu.displayName(), gpu.gpuId),
                                       QStringLiteral("gpu"), gpu.gpuId, gpu.sources,
                                       !uncheckedIds.contains(gpu.gpuId)));
    for (const ModelSpec &model : offer.models)
        m_items->appendRow(checkedItem(tr("Model: %1 (%2)").arg(model.name, model.modelId),
                                       QStringLiteral("model"), model.modelId, model.source,
                                       !uncheckedIds.contains(model.modelId)));
    auto *label = new QLabel(intro, this);
    label->setWordWrap(true);
    auto *list = new QListView(this);
    list->setObjectName(QStringLiteral("seedOfferList"));
    list->setModel(m_items);
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *add = buttons->addButton(tr("Add"), QDialogButtonBox::AcceptRole);
    add->setObjectName(QStringLiteral("seedOfferAdd"));
    QPushButton *dontAdd = buttons->addButton(tr("Don't Add"), QDialogButtonBox::DestructiveRole);
    dontAdd->setObjectName(QStringLiteral("seedOfferDontAdd"));
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(add, &QPushButton::clicked, this, &QDialog::accept);
    connect(dontAdd, &QPushButton::clicked, this, [this] {
        uncheckAll();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addWidget(list, 1);
    layout->addWidget(buttons);
    resize(560, 420);
}

void SeedOfferDialog::uncheckAll()
{
    for (int row = 0; row < m_items->rowCount(); ++row)
        m_items->item(row)->setCheckState(Qt::Unchecked);
}

int SeedOfferDialog::rowCount() const
{
    return m_items->rowCount();
}

QSet<QString> SeedOfferDialog::checked(const QString &kind) const
{
    QSet<QString> ids;
    for (int row = 0; row < m_items->rowCount(); ++row) {
        const QStandardItem *item = m_items->item(row);
        if (item->checkState() == Qt::Checked && item->data(kKindRole).toString() == kind)
            ids.insert(item->data(kIdRole).toString());
    }
    return ids;
}
