#pragma once

#include "widgets/plan/PlanViewData.h"

#include <QHash>
#include <QWidget>

class PlanPriceModel;
class QCheckBox;
class QDoubleSpinBox;
class QLayout;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTableView;

// The plan's own inputs, beside the workload form's: which GPUs to consider (the picked ones or the whole
// catalogue), the weight precisions allowed, the deadline and the most GPUs (training), and the
// $ / GPU-hour of each GPU type considered (editable). Emits inputsChanged() on every edit by the user.
class PlanInputs : public QWidget
{
    Q_OBJECT
public:
    explicit PlanInputs(QWidget *parent = nullptr);

    PlanInputValues values() const;
    void setValues(const PlanInputValues &values); // emits nothing

    // The precisions checked until the user chooses: the form's (or its recipe's).
    void setDefaultPrecisions(const QStringList &precisions);
    bool precisionsChosen() const { return m_precisionsChosen; }

    void setTraining(bool training); // the deadline applies to training only
    void setGpuCounts(int picked, int catalogue);
    void setPrices(const QVector<PlanPriceRow> &rows);

    PlanPriceModel *priceModel() const { return m_prices; }
    QTableView *priceTable() const { return m_priceTable; }
    QCheckBox *precisionBox(const QString &precision) const { return m_precisions.value(precision); }

    static QStringList offeredPrecisions(); // bf16, fp8, int8, int4
    int preferredWidth() const;             // the choices' width, not the price table's

signals:
    void inputsChanged();

private:
    void emitChanged();

    QRadioButton *m_picked;
    QRadioButton *m_catalogue;
    QHash<QString, QCheckBox *> m_precisions;
    QDoubleSpinBox *m_deadline;
    QSpinBox *m_maxGpus;
    PlanPriceModel *m_prices;
    QTableView *m_priceTable;
    QPushButton *m_resetPrices;
    QLayout *m_choices;
    bool m_precisionsChosen = false;
    bool m_silent = false;
};
