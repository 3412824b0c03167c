#include "widgets/workload/WorkloadForm.h"

#include "app/analysis/BenchmarkHarness.h"
#include "app/analysis/RequestMix.h"
#include "app/analysis/Workload.h"
#include "app/analysis/WorkloadDefaults.h"
#include "widgets/common/ThemeColors.h"
#include "widgets/workload/ComboBoxAccessible.h"
#include "widgets/workload/FieldHint.h"
#include "widgets/workload/ScaledSpinBox.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

namespace {

constexpr double kMaxTrainTokens = 1e15; // 1,000T: far beyond any run; the resolver judges the rest
constexpr int kMaxBatch = -1;            // the batch's "max": the request's batch 0 (--batch max)
const char *const kInvalidProperty = "invalid";
// Marks the model choice that stands for the config.json (its id is empty: request() gives no modelId).
constexpr int kCustomModelRole = Qt::UserRole + 1;

// The enumeration a choice stands for; none for the recipe's choice (its id is empty).
template <typename T> std::optional<T> chosen(const QComboBox *combo)
{
    const QString id = combo->currentData().toString();
    return id.isEmpty() ? std::nullopt : WorkloadFields::parseName<T>(id);
}

template <typename T> QString idOf(const std::optional<T> &value)
{
    return value ? WorkloadFields::nameOf(*value) : QString();
}

} // namespace

WorkloadForm::WorkloadForm(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("workloadForm"));
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(2);

    // One editor per row of the layout table, in its order (the Tab order).
    for (const WorkloadFormRow &row : WorkloadFormLayout::rows()) {
        const QString key = WorkloadFields::key(row.field);
        QWidget *editor = row.editor == FormEditor::Number ? makeNumberEditor(row) : makeOwnEditor(row.field);
        addField(key, tr(row.caption), editor, row.row, row.column);
        if (auto *whole = dynamic_cast<ScaledIntSpinBox *>(editor))
            watchText(key, whole->textEdit(), [whole] { return whole->problem(); });
        else if (auto *decimal = dynamic_cast<ScaledDoubleSpinBox *>(editor))
            watchText(key, decimal->textEdit(), [decimal] { return decimal->problem(); });
        Field &field = m_fields[key];
        field.trainingOnly = row.use == FormUse::Training;
        field.inferenceOnly = row.use == FormUse::Inference;
        field.hiddenWhenUnused = row.ownRow; // a whole row of its task: out of the way for the other
        if (row.help)
            setHelp(key, tr(row.help));
        if (row.field == WorkloadField::Model) { // the config.json button beside it, next in the Tab order
            m_customConfig = new QPushButton(tr("config.json…"));
            m_customConfig->setAccessibleName(tr("Load custom model config"));
            connect(m_customConfig, &QPushButton::clicked, this, &WorkloadForm::customConfigRequested);
            addField(QStringLiteral("customConfig"), tr("Custom model"), m_customConfig, 0, 1);
            setHelp(QStringLiteral("customConfig"),
                    tr("Load a custom model from a local Hugging Face config.json"));
        }
    }
    const auto numberEditor = [this](WorkloadField field) { return editor(WorkloadFields::key(field)); };
    m_concurrency = qobject_cast<QSpinBox *>(numberEditor(WorkloadField::Concurrency));
    m_requestRate = qobject_cast<QDoubleSpinBox *>(numberEditor(WorkloadField::RequestRate));
    m_expertParallel = qobject_cast<QSpinBox *>(numberEditor(WorkloadField::ExpertParallel));
    m_loraRank = qobject_cast<QSpinBox *>(numberEditor(WorkloadField::LoraRank));
    configureOwnEditors();

    for (int column = 0; column < grid->columnCount(); ++column)
        grid->setColumnStretch(column, 1);

    m_silent = true;
    setRequest(WorkloadRequest());
    m_silent = false;
}

QWidget *WorkloadForm::makeNumberEditor(const WorkloadFormRow &row)
{
    // The row's maximum, else the field table's (a row must give one where the table leaves it open).
    const double maximum = row.maximum != 0.0 ? row.maximum : WorkloadFields::range(row.field).maximum;
    const bool whole =
        std::holds_alternative<std::optional<int> WorkloadRequest::*>(WorkloadFields::spec(row.field).member);
    NumberEditor number{&row};
    QAbstractSpinBox *box = nullptr;
    if (whole) {
        auto *spin = new ScaledIntSpinBox;
        spin->setRange(int(row.minimum), int(std::min(maximum, double(std::numeric_limits<int>::max()))));
        spin->setAccelerated(true);
        number.whole = spin;
        box = spin;
    } else {
        auto *spin = new ScaledDoubleSpinBox;
        spin->setRange(row.minimum, std::isfinite(maximum) ? maximum : kMaxTrainTokens);
        spin->setDecimals(row.decimals);
        if (row.suffix)
            spin->setSuffix(tr(row.suffix));
        number.decimal = spin;
        box = spin;
    }
    box->setGroupSeparatorShown(true);
    if (row.unsetText)
        box->setSpecialValueText(tr(row.unsetText)); // at the minimum: the request leaves the field out
    // What a new form shows, also while the other task greys it out.
    const double initial = row.defaultValue.value_or(row.minimum);
    if (number.whole)
        number.whole->setValue(int(initial));
    else
        number.decimal->setValue(initial);
    m_numbers.append(number);
    return box;
}

QWidget *WorkloadForm::makeOwnEditor(WorkloadField field)
{
    const auto combo = [] {
        auto *box = new QComboBox;
        ComboBoxAccessible::markNamedByLabel(box);
        return box;
    };
    switch (field) {
    case WorkloadField::Model:
        m_model = combo();
        m_model->setMinimumContentsLength(16);
        return m_model;
    case WorkloadField::Task:
        return m_task = combo();
    case WorkloadField::WeightPrecision:
        return m_weightPrecision = combo();
    case WorkloadField::KvPrecision:
        return m_kvPrecision = combo();
    case WorkloadField::ActivationPrecision:
        return m_activationPrecision = combo();
    case WorkloadField::ZeroStage:
        return m_zeroStage = combo();
    case WorkloadField::Recompute:
        return m_recompute = combo();
    case WorkloadField::Optimizer:
        return m_optimizer = combo();
    case WorkloadField::MoeRouting:
        return m_moeRouting = combo();
    case WorkloadField::Fp8Recipe:
        return m_fp8Recipe = combo();
    case WorkloadField::Dataset:
        return m_dataset = combo();
    case WorkloadField::Harness:
        return m_harness = combo();
    case WorkloadField::System:
        m_system = combo();
        m_system->setMinimumContentsLength(14);
        m_system->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        return m_system;
    case WorkloadField::Profile:
        m_profile = combo();
        // Wide enough for "Default for the task" at any window width (the grid squeezes a combo box to its
        // minimum, which is this); longer profile names show whole in the open list.
        m_profile->setMinimumContentsLength(20);
        m_profile->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        return m_profile;
    case WorkloadField::Batch: {
        // -1 "max": as many as fit (the request's batch 0, the command line's --batch max); 0 "recipe": the
        // task's default, left out of the request.
        auto *batch = new ScaledIntSpinBox;
        batch->setRange(kMaxBatch, 1000000);
        batch->setGroupSeparatorShown(true);
        batch->setAccelerated(true);
        batch->setNamedValue(kMaxBatch, tr("max"));
        batch->setNamedValue(0, tr("recipe"));
        return m_batch = batch;
    }
    case WorkloadField::UsdPerGpuHour:
        m_usdPerGpuHour = new QDoubleSpinBox;
        m_usdPerGpuHour->setRange(0.0, 1000.0);
        m_usdPerGpuHour->setDecimals(2);
        m_usdPerGpuHour->setSingleStep(0.1);
        m_usdPerGpuHour->setPrefix(QStringLiteral("$"));
        m_usdPerGpuHour->setSpecialValueText(tr("catalogue")); // 0 = each GPU's own default price
        return m_usdPerGpuHour;
    case WorkloadField::UsdPerKwh:
        m_usdPerKwh = new QDoubleSpinBox;
        m_usdPerKwh->setRange(0.0, 10.0);
        m_usdPerKwh->setDecimals(3);
        m_usdPerKwh->setSingleStep(0.01);
        m_usdPerKwh->setPrefix(QStringLiteral("$"));
        return m_usdPerKwh;
    case WorkloadField::TrainTokens: {
        // In tokens, shown as "15B tokens": the same unit as the command line's --train-tokens, so "50M"
        // typed here means fifty million tokens, as it does everywhere else.
        auto *trainTokens = new ScaledDoubleSpinBox;
        trainTokens->setScaledDisplay(true);
        trainTokens->setDecimals(0);
        trainTokens->setRange(1.0, kMaxTrainTokens);
        trainTokens->setSingleStep(1e9);
        trainTokens->setGroupSeparatorShown(true);
        trainTokens->setSuffix(tr(" tokens"));
        trainTokens->setValue(WorkloadDefaults::kTrainTokens); // also while inference greys it out
        return m_trainTokens = trainTokens;
    }
    case WorkloadField::OwnYears:
        // 0: rent; the catalogue's rental price, and an owned cost only for a GPU without one.
        m_ownYears = new QDoubleSpinBox;
        m_ownYears->setRange(0.0, WorkloadFields::range(WorkloadField::OwnYears).maximum);
        m_ownYears->setDecimals(1);
        m_ownYears->setSingleStep(1.0);
        m_ownYears->setSuffix(tr(" years"));
        m_ownYears->setSpecialValueText(tr("rent"));
        return m_ownYears;
    case WorkloadField::NetworkGbps:
        m_network = combo();
        m_network->setEditable(true);
        m_network->setInsertPolicy(QComboBox::NoInsert);
        m_network->addItem(tr("400 Gb/s InfiniBand NDR"), QStringLiteral("400"));
        m_network->addItem(tr("200 Gb/s (HDR)"), QStringLiteral("200"));
        m_network->addItem(tr("100 GbE"), QStringLiteral("100"));
        m_network->addItem(tr("One node only"), QStringLiteral("0"));
        return m_network;
    default:
        Q_ASSERT_X(false, "WorkloadForm", "a FormEditor::Own row without its editor");
        return new QWidget;
    }
}

void WorkloadForm::configureOwnEditors()
{
    setComboChoices(m_task, {{QStringLiteral("inference"), tr("Inference")},
                             {QStringLiteral("training"), tr("Full training")},
                             {QStringLiteral("lora"), tr("LoRA fine-tune")},
                             {QStringLiteral("qlora"), tr("QLoRA fine-tune")}});
    setTabOrder(m_weightPrecision, m_activationPrecision); // Tab goes on from the weights, as it does to KV
    setHelp(m_activationPrecision->objectName(),
            tr("The precision of the math; it selects the tensor-core rate (the weights' by default)"));
    setComboChoices(m_zeroStage, withRecipeChoice(m_zeroStage->objectName(),
                                                  {{QStringLiteral("0"), tr("0 (none)")},
                                                   {QStringLiteral("1"), tr("1 (optimizer)")},
                                                   {QStringLiteral("2"), tr("2 (+ gradients)")},
                                                   {QStringLiteral("3"), tr("3 (+ weights)")}}));
    setComboChoices(m_recompute, withRecipeChoice(m_recompute->objectName(),
                                                  {{QStringLiteral("none"), tr("None")},
                                                   {QStringLiteral("selective"), tr("Selective")},
                                                   {QStringLiteral("full"), tr("Full")}}));
    setComboChoices(m_optimizer,
                    withRecipeChoice(m_optimizer->objectName(),
                                     {{Optimizers::name(Optimizer::Adam), tr("Adam")},
                                      {Optimizers::name(Optimizer::Adam8bit), tr("8-bit Adam")}}));
    setHelp(m_optimizer->objectName(),
            tr("Adam keeps two fp32 moments per trained parameter (12 bytes with "
               "the fp32 master weights); 8-bit Adam keeps them in 8 bits (6 bytes)"));
    static_cast<ScaledIntSpinBox *>(m_loraRank)->setNamedValue(0, recipeText(m_loraRank->objectName()));
    setComboChoices(m_moeRouting,
                    withRecipeChoice(m_moeRouting->objectName(),
                                     {{MoeRoutings::name(MoeRouting::Dropless), tr("Dropless")},
                                      {MoeRoutings::name(MoeRouting::Balanced), tr("Forced balance")}}));
    setHelp(m_moeRouting->objectName(),
            tr("Models with experts: dropless keeps the router's choice, so the busiest expert GPU sets the "
               "pace (Megatron-Core's default); forced balance gives every expert its even share, the upper "
               "bound benchmarks quote"));
    setComboChoices(m_fp8Recipe,
                    withRecipeChoice(m_fp8Recipe->objectName(),
                                     {{Fp8Recipes::name(Fp8Recipe::Tensorwise), tr("Tensorwise")},
                                      {Fp8Recipes::name(Fp8Recipe::Delayed), tr("Delayed")},
                                      {Fp8Recipes::name(Fp8Recipe::Mxfp8), tr("MXFP8")},
                                      {Fp8Recipes::name(Fp8Recipe::Blockwise), tr("Blockwise")},
                                      {Fp8Recipes::name(Fp8Recipe::Nvfp4), tr("NVFP4")}}));
    setHelp(m_fp8Recipe->objectName(),
            tr("FP8 math: how tensors are scaled to 8 bits (Megatron-LM's --fp8-recipe). Tensorwise reads "
               "each input once more to find its scale; MXFP8 needs B200, B300, GB200 or GB300"));

    setHelp(m_usdPerGpuHour->objectName(),
            tr("Rental price per GPU-hour; \"catalogue\" uses each GPU's default"));
    setHelp(m_trainTokens->objectName(), tr("Tokens to train on, for the days and GPU-hours of the run"));
    setHelp(m_ownYears->objectName(),
            tr("You own the cards: each GPU's launch price spread over these years of round-the-clock use, "
               "plus electricity at its estimated power. \"rent\": rental prices; a GPU without one is "
               "costed as owned over %1 years")
                .arg(WorkloadDefaults::kOwnYears));

    setComboChoices(m_dataset, {{QStringLiteral("fixed"), tr("fixed: input + output")},
                                {QStringLiteral("random:0.1"), tr("random, ±10%")},
                                {QStringLiteral("random:0.5"), tr("random, ±50%")},
                                {QStringLiteral("sharegpt"), tr("ShareGPT mix")}});
    setComboChoices(m_harness,
                    {{BenchmarkHarnesses::name(BenchmarkHarness::VllmBench), tr("vllm bench serve")},
                     {BenchmarkHarnesses::name(BenchmarkHarness::GenAiPerf), tr("GenAI-Perf")},
                     {BenchmarkHarnesses::name(BenchmarkHarness::AiPerf), tr("AIPerf")}});
    setHelp(m_harness->objectName(),
            tr("Which requests the figures count, as the benchmark tool you compare with does: vllm bench "
               "serve (and InferenceX) every request from a cold start; GenAI-Perf once the requests in "
               "flight are steady; AIPerf all but its warm-up requests"));
    setHelp(m_dataset->objectName(),
            tr("The requests' lengths, as vllm bench serve's datasets: every request the input and output "
               "tokens; random lengths around them; or the bundled ShareGPT table's (its own lengths)"));

    setHelp(m_network->objectName(),
            tr("The network between nodes, per GPU, each way; type another value in Gb/s"));
    connect(m_network, &QComboBox::editTextChanged, this, &WorkloadForm::emitChanged);
    watchText(m_network->objectName(), m_network->lineEdit(), [this]() -> QString {
        if (networkGbps(networkText()))
            return {};
        return tr("network '%1': give Gb/s per GPU (400 for InfiniBand NDR), or 0 for one node only")
            .arg(networkText());
    });
    connectLoad();
}

void WorkloadForm::connectLoad()
{
    // Users and a rate are two ways to describe one load: choosing one clears the other.
    connect(m_concurrency, &QSpinBox::valueChanged, this, [this](int users) {
        if (users > 0 && m_requestRate->value() > 0.0) {
            const QSignalBlocker blocker(m_requestRate);
            m_requestRate->setValue(0.0);
        }
    });
    connect(m_requestRate, &QDoubleSpinBox::valueChanged, this, [this](double rate) {
        if (rate > 0.0 && m_concurrency->value() > 0) {
            const QSignalBlocker blocker(m_concurrency);
            m_concurrency->setValue(0);
        }
    });
}

QString WorkloadForm::networkText() const
{
    // A preset's value, or what the user typed over it.
    const int index = m_network->currentIndex();
    if (index >= 0 && m_network->currentText() == m_network->itemText(index))
        return m_network->itemData(index).toString();
    return m_network->currentText().trimmed();
}

void WorkloadForm::setExpertModels(const QStringList &modelIds)
{
    m_expertModels = modelIds;
    updateTaskDependentFields();
}

void WorkloadForm::applyErrorColors(const Field &field) const
{
    // Palette rather than style sheets where possible: a style sheet makes its widget draw through
    // QStyleSheetStyle, which cost start-up time (docs/performance.md).
    const QColor red = ThemeColors::error(palette());
    QPalette errorPalette = field.error->palette();
    errorPalette.setColor(QPalette::WindowText, red);
    field.error->setPalette(errorPalette);
    // A red frame marks an invalid field; the reason is under it and in its tooltip. The style sheet is
    // set only while the field is invalid, so valid fields draw at native speed.
    const bool invalid = field.editor->property(kInvalidProperty).toBool();
    // The frame's style sheet draws the editor a few pixels shorter than the native style does: it keeps
    // its native height, so that nothing of the form moves when a field turns invalid (issue 39).
    if (invalid && field.editor->styleSheet().isEmpty())
        field.editor->setMinimumHeight(field.editor->sizeHint().height());
    else if (!invalid)
        field.editor->setMinimumHeight(0);
    field.editor->setStyleSheet(
        invalid ? QStringLiteral("#%1 { border: 1px solid %2; }").arg(field.editor->objectName(), red.name())
                : QString());
}

void WorkloadForm::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        for (const Field &field : std::as_const(m_fields))
            applyErrorColors(field);
}

void WorkloadForm::addField(const QString &field, const QString &caption, QWidget *editor, int row,
                            int column)
{
    auto *cell = new QWidget;
    auto *box = new QVBoxLayout(cell);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(1);
    auto *label = new QLabel(caption);
    label->setBuddy(editor);
    box->addWidget(label);
    box->addWidget(editor);
    box->addStretch(1);
    // The reason a value is refused: a balloon under the field, over the row below, so rows never move.
    auto *error = new FieldHint(editor);
    error->setObjectName(field + QStringLiteral("Error"));
    QFont errorFont = error->font();
    errorFont.setPointSizeF(errorFont.pointSizeF() * 0.85);
    error->setFont(errorFont);

    editor->setObjectName(field);
    if (editor->accessibleName().isEmpty())
        editor->setAccessibleName(QString(caption).remove(u'&'));
    static_cast<QGridLayout *>(layout())->addWidget(cell, row, column);
    m_fields.insert(field, Field{editor, label, error, cell});
    applyErrorColors(m_fields.value(field));
    connectEditor(editor);
}

void WorkloadForm::connectEditor(QWidget *editor)
{
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        connect(combo, &QComboBox::currentIndexChanged, this, &WorkloadForm::emitChanged);
    else if (auto *spin = qobject_cast<QSpinBox *>(editor))
        connect(spin, &QSpinBox::valueChanged, this, &WorkloadForm::emitChanged);
    else if (auto *doubleSpin = qobject_cast<QDoubleSpinBox *>(editor))
        connect(doubleSpin, &QDoubleSpinBox::valueChanged, this, &WorkloadForm::emitChanged);
}

void WorkloadForm::emitChanged()
{
    // A task the user switches to starts from its own recipe's precisions: fp8 picked for serving does not
    // carry silently into full training (the "recipe: ..." choice shows the value it takes).
    const QString task = m_task->currentData().toString();
    if (task != m_lastTask && !m_silent)
        for (QComboBox *precision : {m_weightPrecision, m_kvPrecision, m_activationPrecision}) {
            if (!precision)
                continue; // still being built
            const QSignalBlocker blocker(precision);
            precision->setCurrentIndex(0);
        }
    m_lastTask = task;
    updateTaskDependentFields();
    if (!m_silent)
        emit valuesChanged();
}

void WorkloadForm::updateTaskDependentFields()
{
    const bool training = m_task->currentData().toString() != QStringLiteral("inference");
    // One number, named for what it counts under each task.
    m_fields.value(QStringLiteral("batch"))
        .caption->setText(training ? tr("Global &batch (sequences)") : tr("&Requests in flight"));
    setHelp(m_batch->objectName(), training ? tr("Sequences per optimizer step over all the GPUs together")
                                            : tr("Requests served at once by all the GPUs together, split "
                                                 "evenly over the model's replicas; \"max\" for as many "
                                                 "as fit"));
    for (const Field &field : std::as_const(m_fields)) {
        const bool enabled = !(field.trainingOnly && !training) && !(field.inferenceOnly && training);
        field.editor->setEnabled(enabled);
        field.caption->setEnabled(enabled);
        if (field.hiddenWhenUnused)
            field.cell->setVisible(enabled); // a whole row of its own task: out of the way for the other
    }
    if (m_loraRank) { // the adapters' rank: LoRA and QLoRA only
        const QString task = m_task->currentData().toString();
        const bool adapters = task == QLatin1String("lora") || task == QLatin1String("qlora");
        m_loraRank->setEnabled(adapters);
        m_fields.value(m_loraRank->objectName()).caption->setEnabled(adapters);
    }
    if (m_expertParallel) {
        // Experts to split: a preset with experts, or a custom config.json (the resolver checks it).
        const QString model = m_model->currentData().toString();
        const bool experts = model.isEmpty() || m_expertModels.contains(model);
        m_expertParallel->setEnabled(experts);
        const Field expertField = m_fields.value(WorkloadFields::key(WorkloadField::ExpertParallel));
        expertField.caption->setEnabled(experts);
        // Serving a dense model has no use for it: out of the way, as training's row is.
        expertField.cell->setVisible(training || experts);
        setHelp(m_expertParallel->objectName(),
                !experts   ? tr("For mixture-of-experts models: this one has no experts")
                : training ? tr("GPUs the experts of a mixture-of-experts model are split over; "
                                "\"auto\" searches none and 8 to 64, as the recipe")
                           : tr("Serving: split the experts over the tensor-parallel GPUs (vLLM "
                                "--enable-expert-parallel); equal to tensor parallel. \"auto\": none"));
    }
    // Targets judge latency under a load: without one there is nothing to judge.
    if (!m_concurrency)
        return; // still being built
    const bool load = m_concurrency->value() > 0 || m_requestRate->value() > 0.0;
    for (const QString &field :
         {WorkloadFields::key(WorkloadField::TtftP90), WorkloadFields::key(WorkloadField::TpotP90),
          WorkloadFields::key(WorkloadField::MaxNumSeqs), WorkloadFields::key(WorkloadField::Dataset),
          WorkloadFields::key(WorkloadField::Harness)}) {
        const Field target = m_fields.value(field);
        target.editor->setEnabled(!training && load);
        target.caption->setEnabled(!training && load);
    }
    // The ShareGPT table sets every request's lengths: the token fields would not be used.
    const bool tableLengths =
        load && m_dataset && m_dataset->currentData().toString() == QLatin1String("sharegpt");
    for (const char *key : {"inputTokens", "outputTokens"}) {
        const Field tokens = m_fields.value(QLatin1String(key));
        tokens.editor->setEnabled(!training && !tableLengths);
        tokens.caption->setEnabled(!training && !tableLengths);
    }
}

void WorkloadForm::setComboChoices(QComboBox *combo, const QVector<Choice> &choices)
{
    const QString current = combo->currentData().toString();
    const QSignalBlocker blocker(combo);
    combo->clear();
    for (const Choice &choice : choices)
        combo->addItem(choice.second, choice.first);
    selectData(combo, current);
}

void WorkloadForm::selectData(QComboBox *combo, const QString &id)
{
    const int index = combo->findData(id);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

void WorkloadForm::setModelChoices(const QVector<Choice> &models)
{
    const bool custom = customModelIndex() >= 0 && m_model->currentIndex() == customModelIndex();
    setComboChoices(m_model, models);
    showCustomModel(custom);
}

int WorkloadForm::customModelIndex() const
{
    return m_model->findData(true, kCustomModelRole);
}

std::optional<double> WorkloadForm::networkGbps(const QString &text)
{
    QString number = text.trimmed();
    if (number.endsWith(QStringLiteral("gb/s"), Qt::CaseInsensitive))
        number.chop(4);
    number = number.trimmed();
    bool ok = false;
    double value = QLocale().toDouble(number, &ok);
    if (!ok)
        value = number.toDouble(&ok);
    return ok ? std::optional<double>(value) : std::nullopt;
}

QString WorkloadForm::customModelName(const QString &configPath)
{
    const QFileInfo file(configPath);
    const QString folder = file.absoluteDir().dirName();
    if (file.fileName().compare(QLatin1String("config.json"), Qt::CaseInsensitive) == 0 && !folder.isEmpty())
        return folder;
    return file.completeBaseName();
}

void WorkloadForm::showCustomModel(bool select)
{
    const QSignalBlocker blocker(m_model);
    int index = customModelIndex();
    if (m_customConfigPath.isEmpty()) {
        if (index >= 0)
            m_model->removeItem(index);
        return;
    }
    // The model's own name in the box, marked as a file by its icon: "qwen3-14b (config.json)" did not fit
    // the box's 16 characters. The path is in the tooltip.
    const QString text = customModelName(m_customConfigPath);
    if (index < 0) {
        m_model->addItem(text, QString());
        index = m_model->count() - 1;
        m_model->setItemData(index, true, kCustomModelRole);
    } else {
        m_model->setItemText(index, text);
    }
    m_model->setItemIcon(index, m_model->style()->standardIcon(QStyle::SP_FileIcon));
    m_model->setItemData(index,
                         tr("A custom model from %1").arg(QDir::toNativeSeparators(m_customConfigPath)),
                         Qt::ToolTipRole);
    if (select)
        m_model->setCurrentIndex(index);
}

void WorkloadForm::useModelConfig(const QString &path)
{
    m_customConfigPath = path;
    showCustomModel(true);
    emitChanged();
}

void WorkloadForm::setSystemChoices(const QVector<Choice> &systems)
{
    QVector<Choice> choices{{QString(), tr("none: the GPUs picked")}};
    choices += systems;
    setComboChoices(m_system, choices);
    setHelp(m_system->objectName(),
            tr("A server or rack as it is sold and rented: its GPU is compared (in place of the GPUs "
               "picked), with its GPUs per node, network, NVLink domain and prices"));
}

void WorkloadForm::setProfileChoices(const QVector<Choice> &profiles)
{
    QVector<Choice> choices{{QString(), tr("Default for the task")}};
    choices += profiles;
    setComboChoices(m_profile, choices);
}

void WorkloadForm::setPrecisionChoices(const QStringList &weightPrecisions, const QStringList &kvPrecisions,
                                       const QStringList &mathPrecisions)
{
    auto toChoices = [](const QStringList &names) {
        QVector<Choice> choices;
        for (const QString &name : names)
            choices.append({name, name});
        return choices;
    };
    setComboChoices(m_weightPrecision,
                    withRecipeChoice(QStringLiteral("weightPrecision"), toChoices(weightPrecisions)));
    setComboChoices(m_kvPrecision, withRecipeChoice(QStringLiteral("kvPrecision"), toChoices(kvPrecisions)));
    setComboChoices(m_activationPrecision,
                    withRecipeChoice(m_activationPrecision->objectName(),
                                     toChoices(mathPrecisions.isEmpty() ? kvPrecisions : mathPrecisions)));
}

QString WorkloadForm::recipeText(const QString &field) const
{
    const QString value = m_recipeDefaults.value(field);
    return value.isEmpty() ? tr("recipe") : tr("recipe: %1").arg(value);
}

QVector<WorkloadForm::Choice> WorkloadForm::withRecipeChoice(const QString &field,
                                                             const QVector<Choice> &choices) const
{
    // The empty id leaves the value to the task's recipe; its text says which value that is.
    return QVector<Choice>{{QString(), recipeText(field)}} + choices;
}

void WorkloadForm::setRecipeDefaults(const QHash<QString, QString> &defaults)
{
    if (defaults == m_recipeDefaults)
        return;
    m_recipeDefaults = defaults;
    for (QComboBox *combo : {m_weightPrecision, m_kvPrecision, m_zeroStage, m_recompute,
                             m_activationPrecision, m_optimizer, m_moeRouting, m_fp8Recipe})
        if (combo->count() > 0 && combo->itemData(0).toString().isEmpty())
            combo->setItemText(0, recipeText(combo->objectName()));
    static_cast<ScaledIntSpinBox *>(m_batch)->setNamedValue(0, recipeText(QStringLiteral("batch")));
    static_cast<ScaledIntSpinBox *>(m_loraRank)->setNamedValue(0, recipeText(m_loraRank->objectName()));
    updateTaskDependentFields();
}

WorkloadRequest WorkloadForm::request() const
{
    WorkloadRequest r = WorkloadFormLayout::sent(heldRequest());
    // A model without experts has none to split: its expert parallel, greyed out, is kept but not sent.
    if (m_expertParallel && !m_expertParallel->isEnabled())
        r.expertParallel.reset();
    return r;
}

WorkloadRequest WorkloadForm::heldRequest() const
{
    WorkloadRequest r;
    if (const QString model = m_model->currentData().toString(); !model.isEmpty())
        r.modelId = model;
    if (!m_customConfigPath.isEmpty())
        r.modelConfigPath = m_customConfigPath;
    r.task = chosen<Task>(m_task);
    r.weightPrecision = chosen<Precision>(m_weightPrecision);
    r.kvPrecision = chosen<Precision>(m_kvPrecision);
    r.activationPrecision = chosen<Precision>(m_activationPrecision);
    if (m_batch->value() == kMaxBatch)
        r.batch = 0;
    else if (m_batch->value() != 0)
        r.batch = m_batch->value();
    for (const NumberEditor &number : m_numbers) {
        const double value = number.whole ? number.whole->value() : number.decimal->value();
        const bool unset = !number.row->defaultValue && value == number.row->minimum;
        WorkloadFormLayout::setNumber(r, number.row->field, unset ? std::nullopt : std::optional(value));
    }
    if (const QString zero = m_zeroStage->currentData().toString(); !zero.isEmpty())
        r.zeroStage = zero.toInt();
    r.recompute = chosen<Recompute>(m_recompute);
    r.optimizer = chosen<Optimizer>(m_optimizer);
    r.moeRouting = chosen<MoeRouting>(m_moeRouting);
    r.fp8Recipe = chosen<Fp8Recipe>(m_fp8Recipe);
    if (const QString profile = m_profile->currentData().toString(); !profile.isEmpty())
        r.profileId = profile;
    if (const QString system = m_system->currentData().toString(); !system.isEmpty())
        r.systemId = system;
    if (m_usdPerGpuHour->value() > 0.0)
        r.usdPerGpuHour = m_usdPerGpuHour->value();
    r.usdPerKwh = m_usdPerKwh->value();
    if (m_ownYears->value() > 0.0)
        r.ownYears = m_ownYears->value();
    r.trainTokens = m_trainTokens->value();
    // "fixed" (the token counts), "random:0.1" (the dataset and its ratio), "sharegpt" or a file.
    const QString dataset = m_dataset->currentData().toString();
    const QString random = LengthDatasets::name(LengthDataset::Random);
    if (dataset.startsWith(random + u':')) {
        r.dataset = random;
        if (const double ratio = dataset.mid(random.size() + 1).toDouble(); ratio != 0.0)
            r.randomRangeRatio = ratio;
    } else if (dataset != LengthDatasets::name(LengthDataset::Fixed)) {
        r.dataset = dataset;
    }
    r.harness = m_harness->currentData().toString();
    r.networkGbps = networkGbps(networkText()); // none when it is not a number (inputErrors() says so)
    return r;
}

void WorkloadForm::setRequest(const WorkloadRequest &r)
{
    const bool wasSilent = m_silent;
    m_silent = true;
    const Task task = r.task.value_or(Task::Inference);
    // A field the request sets is shown; one it leaves out goes back to its recipe or default when the task
    // uses it, and keeps its value (greyed out) when the task does not.
    const auto shown = [task](WorkloadField field, bool given) {
        return given || WorkloadFormLayout::uses(task, field);
    };

    if (r.modelConfigPath)
        m_customConfigPath = *r.modelConfigPath;
    else if (!r.modelId)
        m_customConfigPath.clear();
    showCustomModel(!r.modelId);
    if (r.modelId)
        selectData(m_model, *r.modelId);
    else if (m_customConfigPath.isEmpty())
        selectData(m_model, QString::fromUtf16(WorkloadDefaults::kModel));
    selectData(m_task, Tasks::name(task));
    const auto choose = [&](QComboBox *combo, WorkloadField field, bool given, const QString &id) {
        if (shown(field, given))
            selectData(combo, id);
    };
    choose(m_weightPrecision, WorkloadField::WeightPrecision, r.weightPrecision.has_value(),
           idOf(r.weightPrecision));
    choose(m_kvPrecision, WorkloadField::KvPrecision, r.kvPrecision.has_value(), idOf(r.kvPrecision));
    choose(m_activationPrecision, WorkloadField::ActivationPrecision, r.activationPrecision.has_value(),
           idOf(r.activationPrecision));
    choose(m_zeroStage, WorkloadField::ZeroStage, r.zeroStage.has_value(),
           r.zeroStage ? QString::number(*r.zeroStage) : QString());
    choose(m_recompute, WorkloadField::Recompute, r.recompute.has_value(), idOf(r.recompute));
    choose(m_optimizer, WorkloadField::Optimizer, r.optimizer.has_value(), idOf(r.optimizer));
    choose(m_moeRouting, WorkloadField::MoeRouting, r.moeRouting.has_value(), idOf(r.moeRouting));
    choose(m_fp8Recipe, WorkloadField::Fp8Recipe, r.fp8Recipe.has_value(), idOf(r.fp8Recipe));
    selectData(m_profile, r.profileId.value_or(QString()));
    selectData(m_system, r.systemId.value_or(QString()));
    m_batch->setValue(!r.batch ? 0 : *r.batch == 0 ? kMaxBatch : *r.batch);
    {
        // Users and a rate at once, without clearing each other on the way.
        const QSignalBlocker usersBlocker(m_concurrency);
        const QSignalBlocker rateBlocker(m_requestRate);
        for (const NumberEditor &number : std::as_const(m_numbers)) {
            const WorkloadFormRow &row = *number.row;
            const std::optional<double> value = WorkloadFormLayout::number(r, row.field);
            if (!shown(row.field, value.has_value()))
                continue;
            const double show = value.value_or(row.defaultValue.value_or(row.minimum));
            if (number.whole)
                number.whole->setValue(int(std::lround(show)));
            else
                number.decimal->setValue(show);
        }
    }
    m_usdPerGpuHour->setValue(r.usdPerGpuHour.value_or(0.0));
    m_usdPerKwh->setValue(r.usdPerKwh.value_or(WorkloadDefaults::kUsdPerKwh));
    m_ownYears->setValue(r.ownYears.value_or(0.0));
    if (shown(WorkloadField::TrainTokens, r.trainTokens.has_value()))
        m_trainTokens->setValue(r.trainTokens.value_or(WorkloadDefaults::kTrainTokens));
    if (shown(WorkloadField::Dataset, r.dataset.has_value())) {
        QString dataset = r.dataset.value_or(LengthDatasets::name(LengthDataset::Fixed));
        if (dataset == LengthDatasets::name(LengthDataset::Random) && r.randomRangeRatio)
            dataset += u':' + QString::number(*r.randomRangeRatio);
        if (m_dataset->findData(dataset) < 0) // a ratio or a file a scenario set: shown as it is
            m_dataset->addItem(dataset, dataset);
        selectData(m_dataset, dataset);
    }
    if (shown(WorkloadField::Harness, r.harness.has_value()))
        selectData(m_harness, r.harness.value_or(BenchmarkHarnesses::name(BenchmarkHarness::VllmBench)));
    // Absent: the default network, or the one the form already shows when that is the default too.
    const QString defaultNetwork = QString::number(WorkloadDefaults::kNetworkGbps);
    if (r.networkGbps) {
        const QString network = QString::number(*r.networkGbps);
        if (const int preset = m_network->findData(network); preset >= 0)
            m_network->setCurrentIndex(preset);
        else
            m_network->setEditText(network);
    } else if (shown(WorkloadField::NetworkGbps, false) &&
               networkGbps(networkText()) != WorkloadDefaults::kNetworkGbps) {
        m_network->setCurrentIndex(m_network->findData(defaultNetwork));
    }
    m_lastTask = m_task->currentData().toString(); // its precisions are the ones given, not reset
    m_silent = wasSilent;
    emitChanged();
}

void WorkloadForm::watchText(const QString &field, QLineEdit *text, const std::function<QString()> &problemOf)
{
    m_fields[field].inputProblem = problemOf;
    // A text the field cannot read changes no value: say so at once, and let the window mark its result.
    connect(text, &QLineEdit::textChanged, this, [this, field] {
        const QString problem = m_fields.value(field).inputProblem();
        if (problem == m_shownInputProblems.value(field))
            return;
        m_shownInputProblems.insert(field, problem);
        showErrors();
        emitChanged();
    });
}

void WorkloadForm::setHelp(const QString &field, const QString &help)
{
    const auto it = m_fields.find(field);
    if (it == m_fields.end())
        return;
    it->help = help;
    showTip(*it, fieldError(field));
}

QString WorkloadForm::help(const QString &field) const
{
    return m_fields.value(field).help;
}

void WorkloadForm::showTip(const Field &field, const QString &reason) const
{
    // The reason first while the field is invalid, and the help always: it is what says what to type.
    QStringList lines;
    if (!reason.isEmpty())
        lines << reason;
    if (!field.help.isEmpty())
        lines << field.help;
    if (field.inputProblem && qobject_cast<QAbstractSpinBox *>(field.editor)) // a number: its suffixes
        lines << tr("Takes %1.").arg(ScaledNumber::suffixHelp());
    field.editor->setToolTip(lines.join(u'\n'));
}

QVector<WorkloadFieldError> WorkloadForm::inputErrors() const
{
    QVector<WorkloadFieldError> errors;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        // A disabled field (not asked for this task) cannot be fixed, and its text is not read.
        if (!it->inputProblem || !it->editor->isEnabled())
            continue;
        const QString problem = it->inputProblem();
        const std::optional<WorkloadField> field = WorkloadFields::fromKey(it.key());
        if (!problem.isEmpty() && field)
            errors.append({*field, problem});
    }
    return errors;
}

QString WorkloadForm::caption(const QString &field) const
{
    const Field found = m_fields.value(field);
    return found.caption ? found.caption->text().remove(u'&') : QString();
}

void WorkloadForm::setFieldErrors(const QVector<WorkloadFieldError> &errors)
{
    m_reportedErrors = errors;
    showErrors();
}

void WorkloadForm::showErrors()
{
    // What the field cannot read comes first: the reported errors were found for the value it still holds.
    const QVector<WorkloadFieldError> errors = inputErrors() + m_reportedErrors;
    for (auto it = m_fields.begin(); it != m_fields.end(); ++it) {
        QString reason;
        for (const WorkloadFieldError &error : errors)
            if (reason.isEmpty() && WorkloadFields::key(error.field) == it.key())
                reason = error.reason;
        Field &field = it.value();
        const bool invalid = !reason.isEmpty();
        field.error->setText(reason);
        field.error->setVisible(invalid);
        showTip(field, reason);
        field.editor->setAccessibleDescription(reason);
        if (field.editor->property(kInvalidProperty).toBool() != invalid) {
            field.editor->setProperty(kInvalidProperty, invalid);
            applyErrorColors(field);
        }
    }
}

QString WorkloadForm::fieldError(const QString &field) const
{
    const auto it = m_fields.constFind(field);
    return it == m_fields.cend() ? QString() : it->error->text(); // the reason, "" while valid
}

QWidget *WorkloadForm::editor(const QString &field) const
{
    return m_fields.value(field).editor;
}
