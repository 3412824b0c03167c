#pragma once

#include "db/SeedCatalogue.h"

#include <QDialog>
#include <QSet>

class QStandardItemModel;

// The checklist of offered seed GPUs and model presets, every row checked: Add adds the checked ones
// (the others are declined), Don't Add declines them all, Cancel (Esc) answers nothing.
class SeedOfferDialog : public QDialog
{
    Q_OBJECT
public:
    // uncheckedIds: rows offered but not checked at first (ones the user deleted or renamed after adding
    // them).
    SeedOfferDialog(const SeedCatalogue::SeedOffer &offer, const QString &intro, QWidget *parent = nullptr,
                    const QSet<QString> &uncheckedIds = {});

    QSet<QString> checkedGpuIds() const { return checked(QStringLiteral("gpu")); }
    QSet<QString> checkedModelIds() const { return checked(QStringLiteral("model")); }
    // Unchecks every row (Don't Add); also used by tests.
    void uncheckAll();
    int rowCount() const;

private:
    QSet<QString> checked(const QString &kind) const;

    QStandardItemModel *m_items;
};
