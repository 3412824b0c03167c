#include "widgets/plan/PlanInputs.h"

#include "widgets/plan/PlanPriceModel.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

PlanInputs::PlanInputs(QWidget *parent)
    : QWidget(parent)
    , m_picked(new QRadioButton(tr("The &picked GPUs")))
    , m_catalogue(new QRadioButton(tr("The whole cata&logue")))
    , m_deadline(new QDoubleSpinBox)
    , m_maxGpus(new QSpinBox)
    , m_prices(new PlanPriceModel(this))
    , m_priceTable(new QTableView)
    , m_resetPrices(new QPushButton(tr("Re&set prices")))
    , m_choices(nullptr)
{
    setObjectName(QStringLiteral("planInputs"));
    m_picked->setObjectName(QStringLiteral("planPickedGpus"));
    m_catalogue->setObjectName(QStringLiteral("planWholeCatalogue"));
    m_picked->setChecked(true);
    auto *scope = new QButtonGroup(this);
    scope->addButton(m_picked);
    scope->addButton(m_catalogue);

    auto *precisionRow = new QGridLayout;
    precisionRow->setHorizontalSpacing(10);
    precisionRow->setVerticalSpacing(2);
    for (const QString &name : offeredPrecisions()) {
        auto *box = new QCheckBox(name);
        box->setObjectName(QStringLiteral("planPrecision_") + name);
        box->setToolTip(tr("Let the plan store the weights in %1").arg(name));
        const int at = static_cast<int>(m_precisions.size());
        precisionRow->addWidget(box, at / 2, at % 2);
        m_precisions.insert(name, box);
        connect(box, &QCheckBox::toggled, this, [this] {
            if (m_silent)
                return;
            m_precisionsChosen = true;
            emitChanged();
        });
    }
    precisionRow->setColumnStretch(2, 1);

    m_deadline->setObjectName(QStringLiteral("planDeadline"));
    m_deadline->setRange(0.1, 3650.0);
    m_deadline->setDecimals(1);
    m_deadline->setValue(30.0);
    m_deadline->setSuffix(tr(" days"));
    m_deadline->setToolTip(tr("Training: the run must end within this time"));
    m_maxGpus->setObjectName(QStringLiteral("planMaxGpus"));
    m_maxGpus->setRange(0, 100000);
    m_maxGpus->setGroupSeparatorShown(true);
    m_maxGpus->setSpecialValueText(tr("no limit"));
    m_maxGpus->setToolTip(tr("The most GPUs of one type a configuration may use"));

    m_priceTable->setObjectName(QStringLiteral("planPrices"));
    m_priceTable->setModel(m_prices);
    m_priceTable->setAccessibleName(tr("Prices per GPU-hour"));
    m_priceTable->verticalHeader()->hide();
    m_priceTable->horizontalHeader()->setSectionResizeMode(PlanPriceModel::GpuColumn, QHeaderView::Stretch);
    m_priceTable->horizontalHeader()->setSectionResizeMode(PlanPriceModel::PriceColumn,
                                                           QHeaderView::ResizeToContents);
    m_priceTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_priceTable->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                  QAbstractItemView::AnyKeyPressed);
    m_priceTable->verticalHeader()->setDefaultSectionSize(m_priceTable->fontMetrics().height() + 6);
    m_resetPrices->setObjectName(QStringLiteral("planResetPrices"));
    m_resetPrices->setToolTip(tr("Use the catalogue's prices again"));
    m_resetPrices->setEnabled(false);

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapAllRows); // labels above their fields: a narrow column
    m_choices = form;
    auto *scopeBox = new QVBoxLayout;
    scopeBox->setSpacing(2);
    scopeBox->addWidget(m_picked);
    scopeBox->addWidget(m_catalogue);
    form->addRow(tr("Consider:"), scopeBox);
    form->addRow(tr("Weights:"), precisionRow);
    auto *deadlineLabel = new QLabel(tr("&Deadline:"));
    deadlineLabel->setBuddy(m_deadline);
    form->addRow(deadlineLabel, m_deadline);
    auto *maxLabel = new QLabel(tr("&Most GPUs:"));
    maxLabel->setBuddy(m_maxGpus);
    form->addRow(maxLabel, m_maxGpus);

    auto *pricesLabel = new QLabel(tr("P&rices ($ per GPU-hour):"));
    pricesLabel->setBuddy(m_priceTable);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addSpacing(4);
    layout->addWidget(pricesLabel);
    layout->addWidget(m_priceTable, 1);
    layout->addWidget(m_resetPrices, 0, Qt::AlignRight);

    connect(m_picked, &QRadioButton::toggled, this, &PlanInputs::emitChanged);
    connect(m_deadline, &QDoubleSpinBox::valueChanged, this, &PlanInputs::emitChanged);
    connect(m_maxGpus, &QSpinBox::valueChanged, this, &PlanInputs::emitChanged);
    connect(m_prices, &PlanPriceModel::pricesEdited, this, [this] {
        m_resetPrices->setEnabled(!m_prices->editedPrices().isEmpty());
        emitChanged();
    });
    connect(m_resetPrices, &QPushButton::clicked, m_prices, &PlanPriceModel::resetPrices);
}

QStringList PlanInputs::offeredPrecisions()
{
    return {QStringLiteral("bf16"), QStringLiteral("fp8"), QStringLiteral("int8"), QStringLiteral("int4")};
}

int PlanInputs::preferredWidth() const
{
    return std::max(m_choices->sizeHint().width(), 30 * fontMetrics().averageCharWidth()) + 8;
}

void PlanInputs::emitChanged()
{
    if (!m_silent)
        emit inputsChanged();
}

PlanInputValues PlanInputs::values() const
{
    PlanInputValues v;
    v.wholeCatalogue = m_catalogue->isChecked();
    for (const QString &name : offeredPrecisions())
        if (m_precisions.value(name)->isChecked())
            v.precisions << name;
    v.deadlineDays = m_deadline->value();
    v.maxGpus = m_maxGpus->value();
    v.prices = m_prices->editedPrices();
    return v;
}

void PlanInputs::setValues(const PlanInputValues &v)
{
    m_silent = true;
    (v.wholeCatalogue ? m_catalogue : m_picked)->setChecked(true);
    for (auto it = m_precisions.cbegin(); it != m_precisions.cend(); ++it)
        it.value()->setChecked(v.precisions.contains(it.key()));
    m_precisionsChosen = true;
    m_deadline->setValue(v.deadlineDays);
    m_maxGpus->setValue(v.maxGpus);
    m_prices->setEditedPrices(v.prices);
    m_resetPrices->setEnabled(!v.prices.isEmpty());
    m_silent = false;
}

void PlanInputs::setDefaultPrecisions(const QStringList &precisions)
{
    if (m_precisionsChosen)
        return;
    m_silent = true;
    for (auto it = m_precisions.cbegin(); it != m_precisions.cend(); ++it)
        it.value()->setChecked(precisions.contains(it.key()));
    m_silent = false;
}

void PlanInputs::setTraining(bool training)
{
    m_deadline->setEnabled(training);
}

void PlanInputs::setGpuCounts(int picked, int catalogue)
{
    m_picked->setText(tr("The &picked GPUs (%1)").arg(picked));
    m_catalogue->setText(tr("The whole cata&logue (%1)").arg(catalogue));
}

void PlanInputs::setPrices(const QVector<PlanPriceRow> &rows)
{
    m_prices->setRows(rows);
}
