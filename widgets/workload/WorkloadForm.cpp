#include "widgets/workload/WorkloadForm.h"

#include "app/analysis/Workload.h"
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
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

namespace {

constexpr int kMaxTokens = 10'000'000;
constexpr double kMaxTrainTokens = 1e15; // 1,000T: far beyond any run; the resolver judges the rest
const char *const kInvalidProperty = "invalid";

// The most a field allows (the field table's), for an editor that stops there. Editors whose maximum lies
// beyond it (GPUs, users) let the resolver say the range instead.
int maximumOf(WorkloadField field)
{
    return int(WorkloadFields::range(field).maximum);
}
// Marks the model choice that stands for the config.json (its id is empty: values() gives no modelId).
constexpr int kCustomModelRole = Qt::UserRole + 1;

} // namespace

WorkloadForm::WorkloadForm(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("workloadForm"));
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(2);

    m_model = addComboBox(QStringLiteral("model"), tr("&Model"), 0, 0);
    m_model->setMinimumContentsLength(16);
    m_customConfig = new QPushButton(tr("config.json…"));
    m_customConfig->setAccessibleName(tr("Load custom model config"));
    connect(m_customConfig, &QPushButton::clicked, this, &WorkloadForm::customConfigRequested);
    addField(QStringLiteral("customConfig"), tr("Custom model"), m_customConfig, 0, 1);
    setHelp(QStringLiteral("customConfig"), tr("Load a custom model from a local Hugging Face config.json"));

    m_task = addComboBox(QStringLiteral("task"), tr("&Task"), 0, 2);
    setComboChoices(m_task, {{QStringLiteral("inference"), tr("Inference")},
                             {QStringLiteral("training"), tr("Full training")},
                             {QStringLiteral("lora"), tr("LoRA fine-tune")},
                             {QStringLiteral("qlora"), tr("QLoRA fine-tune")}});
    m_weightPrecision = addComboBox(QStringLiteral("weightPrecision"), tr("&Weights"), 0, 3);
    m_kvPrecision = addComboBox(QStringLiteral("kvPrecision"), tr("&KV cache"), 0, 4);
    m_fields[QStringLiteral("kvPrecision")].inferenceOnly = true;
    m_fields[QStringLiteral("kvPrecision")].hiddenWhenUnused =
        true; // training's math precision takes its place
    // -1 "max": as many requests as fit (the command line's --batch max); 0 "recipe": the task's default.
    m_batch = addSpinBox(QStringLiteral("batch"), tr("&Requests in flight"), -1, 1000000, 0, 5);
    static_cast<ScaledIntSpinBox *>(m_batch)->setNamedValue(WorkloadFormValues::kMaxBatch, tr("max"));
    static_cast<ScaledIntSpinBox *>(m_batch)->setNamedValue(0, tr("recipe"));
    m_inputTokens = addSpinBox(QStringLiteral("inputTokens"), tr("&Input tokens"), 1, kMaxTokens, 0, 6);
    m_fields[QStringLiteral("inputTokens")].inferenceOnly = true;
    m_outputTokens = addSpinBox(QStringLiteral("outputTokens"), tr("&Output tokens"), 1, kMaxTokens, 0, 7);
    m_fields[QStringLiteral("outputTokens")].inferenceOnly = true;
    m_sequenceLength =
        addSpinBox(QStringLiteral("sequenceLength"), tr("&Sequence length"), 1, kMaxTokens, 0, 8);
    m_fields[QStringLiteral("sequenceLength")].trainingOnly = true;

    m_gpus = addSpinBox(QStringLiteral("gpus"), tr("&GPUs"), 1, 100000, 1, 0);
    m_tensorParallel = addSpinBox(QStringLiteral("tensorParallel"), tr("Te&nsor parallel"), 0, 1024, 1, 1);
    m_pipelineParallel =
        addSpinBox(QStringLiteral("pipelineParallel"), tr("Pipe&line parallel"), 0, 1024, 1, 2);
    // 0 = let the estimator choose the split (the fewest GPUs that hold the model, NVLink first).
    for (QSpinBox *split : {m_tensorParallel, m_pipelineParallel}) {
        split->setSpecialValueText(tr("auto"));
        setHelp(split->objectName(),
                tr("\"auto\" lets the estimator split the model over the fewest GPUs that hold it"));
    }
    m_zeroStage = addComboBox(QStringLiteral("zeroStage"), tr("&ZeRO stage"), 1, 3);
    setComboChoices(m_zeroStage, withRecipeChoice(QStringLiteral("zeroStage"),
                                                  {{QStringLiteral("0"), tr("0 (none)")},
                                                   {QStringLiteral("1"), tr("1 (optimizer)")},
                                                   {QStringLiteral("2"), tr("2 (+ gradients)")},
                                                   {QStringLiteral("3"), tr("3 (+ weights)")}}));
    m_fields[QStringLiteral("zeroStage")].trainingOnly = true;
    m_recompute = addComboBox(QStringLiteral("recompute"), tr("&Recompute"), 1, 4);
    setComboChoices(m_recompute, withRecipeChoice(QStringLiteral("recompute"),
                                                  {{QStringLiteral("none"), tr("None")},
                                                   {QStringLiteral("selective"), tr("Selective")},
                                                   {QStringLiteral("full"), tr("Full")}}));
    m_fields[QStringLiteral("recompute")].trainingOnly = true;
    m_profile = addComboBox(QStringLiteral("profile"), tr("Efficiency &profile"), 1, 5);
    // Wide enough for "Default for the task" at any window width (the grid squeezes a combo box to its
    // minimum, which is this); longer profile names show whole in the open list.
    m_profile->setMinimumContentsLength(20);
    m_profile->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);

    m_usdPerGpuHour = new QDoubleSpinBox;
    m_usdPerGpuHour->setRange(0.0, 1000.0);
    m_usdPerGpuHour->setDecimals(2);
    m_usdPerGpuHour->setSingleStep(0.1);
    m_usdPerGpuHour->setPrefix(QStringLiteral("$"));
    m_usdPerGpuHour->setSpecialValueText(tr("catalogue")); // 0 = each GPU's own default price
    addField(QStringLiteral("usdPerGpuHour"), tr("$ / GP&U-hour"), m_usdPerGpuHour, 1, 6);
    setHelp(QStringLiteral("usdPerGpuHour"),
            tr("Rental price per GPU-hour; \"catalogue\" uses each GPU's default"));

    m_usdPerKwh = new QDoubleSpinBox;
    m_usdPerKwh->setRange(0.0, 10.0);
    m_usdPerKwh->setDecimals(3);
    m_usdPerKwh->setSingleStep(0.01);
    m_usdPerKwh->setPrefix(QStringLiteral("$"));
    addField(QStringLiteral("usdPerKwh"), tr("Electricit&y $ / kWh"), m_usdPerKwh, 1, 7);

    // In tokens, shown as "15B tokens": the same unit as the command line's --train-tokens, so "50M" typed
    // here means fifty million tokens, as it does everywhere else.
    auto *trainTokens = new ScaledDoubleSpinBox;
    trainTokens->setScaledDisplay(true);
    trainTokens->setDecimals(0);
    trainTokens->setRange(1.0, kMaxTrainTokens);
    trainTokens->setSingleStep(1e9);
    trainTokens->setGroupSeparatorShown(true);
    trainTokens->setSuffix(tr(" tokens"));
    m_trainTokens = trainTokens;
    addField(QStringLiteral("trainTokens"), tr("Training bu&dget"), m_trainTokens, 3, 8); // the training row
    watchText(QStringLiteral("trainTokens"), trainTokens);
    setHelp(QStringLiteral("trainTokens"), tr("Tokens to train on, for the days and GPU-hours of the run"));
    m_fields[QStringLiteral("trainTokens")].trainingOnly = true;
    m_fields[QStringLiteral("trainTokens")].hiddenWhenUnused = true;

    // 0: rent; the catalogue's rental price, and an owned cost only for a GPU without one.
    m_ownYears = new QDoubleSpinBox;
    m_ownYears->setRange(0.0, WorkloadFields::range(WorkloadField::OwnYears).maximum);
    m_ownYears->setDecimals(1);
    m_ownYears->setSingleStep(1.0);
    m_ownYears->setSuffix(tr(" years"));
    m_ownYears->setSpecialValueText(tr("rent"));
    addField(WorkloadFields::key(WorkloadField::OwnYears), tr("Own the cards"), m_ownYears, 1, 8);
    setHelp(m_ownYears->objectName(),
            tr("You own the cards: each GPU's launch price spread over these years of round-the-clock use, "
               "plus electricity at its estimated power. \"rent\": rental prices; a GPU without one is "
               "costed as owned over %1 years")
                .arg(WorkloadDefaults::kOwnYears));

    addLoadFields(2);
    addTrainingFields(3);

    for (int column = 0; column < grid->columnCount(); ++column)
        grid->setColumnStretch(column, 1);

    m_silent = true;
    setValues(WorkloadFormValues());
    m_silent = false;
}

void WorkloadForm::addLoadFields(int row)
{
    m_concurrency = addSpinBox(WorkloadFields::key(WorkloadField::Concurrency), tr("&Concurrent users"), 0,
                               1000000, row, 0);
    m_concurrency->setSpecialValueText(tr("none"));
    setHelp(m_concurrency->objectName(),
            tr("Users who each send their next request when the last one is answered; the "
               "serving engine batches them continuously. \"none\": one static batch only"));
    m_requestRate = addDoubleSpinBox(WorkloadFields::key(WorkloadField::RequestRate), tr("Re&quests / s"),
                                     100000.0, row, 1);
    setHelp(m_requestRate->objectName(), tr("Requests arriving at random at this average rate (instead of a "
                                            "number of users). \"none\": one static batch only"));
    m_ttftTarget =
        addDoubleSpinBox(WorkloadFields::key(WorkloadField::TtftP90), tr("TT&FT p90 target"), 1e7, row, 2);
    setHelp(m_ttftTarget->objectName(),
            tr("Time to first token that 90% of requests must meet under the load"));
    m_tpotTarget =
        addDoubleSpinBox(WorkloadFields::key(WorkloadField::TpotP90), tr("TPOT p90 tar&get"), 1e6, row, 3);
    setHelp(m_tpotTarget->objectName(),
            tr("Time per output token that 90% of requests must meet under the load"));
    for (QDoubleSpinBox *target : {m_ttftTarget, m_tpotTarget}) {
        target->setDecimals(0);
        target->setSuffix(tr(" ms"));
    }
    m_maxNumSeqs =
        addSpinBox(WorkloadFields::key(WorkloadField::MaxNumSeqs), tr("Ma&x running"), 0, 65536, row, 4);
    m_maxNumSeqs->setSpecialValueText(tr("profile"));
    setHelp(m_maxNumSeqs->objectName(), tr("The serving engine's most running sequences per replica; "
                                           "\"profile\" uses the efficiency profile's"));
    m_dataset = addComboBox(WorkloadFields::key(WorkloadField::Dataset), tr("Request &lengths"), row, 5);
    setComboChoices(m_dataset, {{QStringLiteral("fixed"), tr("fixed: input + output")},
                                {QStringLiteral("random:0.1"), tr("random, ±10%")},
                                {QStringLiteral("random:0.5"), tr("random, ±50%")},
                                {QStringLiteral("sharegpt"), tr("ShareGPT mix")}});
    setHelp(m_dataset->objectName(),
            tr("The requests' lengths, as vllm bench serve's datasets: every request the input and output "
               "tokens; random lengths around them; or the bundled ShareGPT table's (its own lengths)"));
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
    for (const QString &field :
         {WorkloadFields::key(WorkloadField::Concurrency), WorkloadFields::key(WorkloadField::RequestRate),
          WorkloadFields::key(WorkloadField::TtftP90), WorkloadFields::key(WorkloadField::TpotP90),
          WorkloadFields::key(WorkloadField::MaxNumSeqs), WorkloadFields::key(WorkloadField::Dataset)}) {
        m_fields[field].inferenceOnly = true;
        m_fields[field].hiddenWhenUnused = true;
    }
}

void WorkloadForm::addTrainingFields(int row)
{
    m_microBatch =
        addSpinBox(WorkloadFields::key(WorkloadField::MicroBatch), tr("Micro-b&atch"), 0, 65536, row, 0);
    m_microBatch->setSpecialValueText(tr("recipe: auto"));
    setHelp(m_microBatch->objectName(),
            tr("Sequences per replica per forward and backward pass; the global "
               "batch runs in as many of them as it takes (gradient accumulation)"));
    m_virtualStages =
        addSpinBox(WorkloadFields::key(WorkloadField::VirtualStages), tr("&Virtual stages"), 1, 128, row, 1);
    setHelp(m_virtualStages->objectName(),
            tr("Interleaved pipeline: model chunks per pipeline stage (needs "
               "pipeline parallel 2 or more); the bubble shrinks by this factor"));
    m_contextParallel =
        addSpinBox(WorkloadFields::key(WorkloadField::ContextParallel), tr("Conte&xt parallel"), 1,
                   maximumOf(WorkloadField::ContextParallel), row, 2);
    setHelp(m_contextParallel->objectName(),
            tr("GPUs each sequence is split over (ring attention), for long sequences"));
    m_expertParallel = addSpinBox(WorkloadFields::key(WorkloadField::ExpertParallel), tr("Expert parallel"),
                                  1, maximumOf(WorkloadField::ExpertParallel), row, 3);
    m_gpusPerNode = addSpinBox(WorkloadFields::key(WorkloadField::GpusPerNode), tr("GPUs per node (&j)"), 0,
                               maximumOf(WorkloadField::GpusPerNode), row, 4);
    m_gpusPerNode->setSpecialValueText(tr("catalogue"));
    setHelp(m_gpusPerNode->objectName(), tr("GPUs sharing one server's NVLink or PCIe; \"catalogue\" uses "
                                            "each GPU's own (8 on HGX boards)"));

    m_network = new QComboBox;
    ComboBoxAccessible::markNamedByLabel(m_network);
    m_network->setEditable(true);
    m_network->setInsertPolicy(QComboBox::NoInsert);
    m_network->addItem(tr("400 Gb/s InfiniBand NDR"), QStringLiteral("400"));
    m_network->addItem(tr("200 Gb/s (HDR)"), QStringLiteral("200"));
    m_network->addItem(tr("100 GbE"), QStringLiteral("100"));
    m_network->addItem(tr("One node only"), QStringLiteral("0"));
    addField(WorkloadFields::key(WorkloadField::NetworkGbps), tr("Net&work between nodes"), m_network, row,
             5);
    setHelp(m_network->objectName(),
            tr("The network between nodes, per GPU, each way; type another value in Gb/s"));
    connect(m_network, &QComboBox::editTextChanged, this, &WorkloadForm::emitChanged);
    addTrainingRecipeFields(row);

    // Expert parallelism is also serving's (vLLM --enable-expert-parallel): its cell stays for inference.
    for (WorkloadField field :
         {WorkloadField::MicroBatch, WorkloadField::VirtualStages, WorkloadField::ContextParallel,
          WorkloadField::GpusPerNode, WorkloadField::NetworkGbps}) {
        Field &f = m_fields[WorkloadFields::key(field)];
        f.trainingOnly = true;
        f.hiddenWhenUnused = true;
    }
}

void WorkloadForm::addTrainingRecipeFields(int row)
{
    // In the KV cache's cell, which training has no use for: one of the two is shown.
    m_activationPrecision =
        addComboBox(WorkloadFields::key(WorkloadField::ActivationPrecision), tr("Mat&h precision"), 0, 4);
    setTabOrder(m_weightPrecision, m_activationPrecision); // Tab goes on from the weights, as it does to KV
    const int column = 6;
    setHelp(m_activationPrecision->objectName(),
            tr("The precision of the math; it selects the tensor-core rate (the weights' by default)"));
    m_optimizer = addComboBox(WorkloadFields::key(WorkloadField::Optimizer), tr("Optimiz&er"), row, column);
    setComboChoices(m_optimizer,
                    withRecipeChoice(m_optimizer->objectName(),
                                     {{Optimizers::name(Optimizer::Adam), tr("Adam")},
                                      {Optimizers::name(Optimizer::Adam8bit), tr("8-bit Adam")}}));
    setHelp(m_optimizer->objectName(),
            tr("Adam keeps two fp32 moments per trained parameter (12 bytes with "
               "the fp32 master weights); 8-bit Adam keeps them in 8 bits (6 bytes)"));
    m_loraRank =
        addSpinBox(WorkloadFields::key(WorkloadField::LoraRank), tr("LoRA rank"), 0, 4096, row, column + 1);
    static_cast<ScaledIntSpinBox *>(m_loraRank)->setNamedValue(0, recipeText(m_loraRank->objectName()));
    setHelp(m_loraRank->objectName(), tr("LoRA and QLoRA: the adapters' rank"));
    for (WorkloadField field :
         {WorkloadField::ActivationPrecision, WorkloadField::Optimizer, WorkloadField::LoraRank}) {
        Field &f = m_fields[WorkloadFields::key(field)];
        f.trainingOnly = true;
        f.hiddenWhenUnused = true;
    }
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

QDoubleSpinBox *WorkloadForm::addDoubleSpinBox(const QString &field, const QString &caption, double maximum,
                                               int row, int column)
{
    auto *spin = new ScaledDoubleSpinBox;
    spin->setRange(0.0, maximum);
    spin->setDecimals(2);
    spin->setGroupSeparatorShown(true);
    spin->setSpecialValueText(tr("none")); // 0: not set
    addField(field, caption, spin, row, column);
    watchText(field, spin);
    return spin;
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

QSpinBox *WorkloadForm::addSpinBox(const QString &field, const QString &caption, int minimum, int maximum,
                                   int row, int column)
{
    auto *spin = new ScaledIntSpinBox;
    spin->setRange(minimum, maximum);
    spin->setGroupSeparatorShown(true);
    spin->setAccelerated(true);
    addField(field, caption, spin, row, column);
    watchText(field, spin);
    return spin;
}

QComboBox *WorkloadForm::addComboBox(const QString &field, const QString &caption, int row, int column)
{
    auto *combo = new QComboBox;
    ComboBoxAccessible::markNamedByLabel(combo);
    addField(field, caption, combo, row, column);
    return combo;
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
                : training ? tr("GPUs the experts of a mixture-of-experts model are split over")
                           : tr("Serving: split the experts over the tensor-parallel GPUs (vLLM "
                                "--enable-expert-parallel); equal to tensor parallel"));
    }
    // Targets judge latency under a load: without one there is nothing to judge.
    if (!m_concurrency)
        return; // still being built
    const bool load = m_concurrency->value() > 0 || m_requestRate->value() > 0.0;
    for (const QString &field :
         {WorkloadFields::key(WorkloadField::TtftP90), WorkloadFields::key(WorkloadField::TpotP90),
          WorkloadFields::key(WorkloadField::MaxNumSeqs), WorkloadFields::key(WorkloadField::Dataset)}) {
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
    for (QComboBox *combo :
         {m_weightPrecision, m_kvPrecision, m_zeroStage, m_recompute, m_activationPrecision, m_optimizer})
        if (combo->count() > 0 && combo->itemData(0).toString().isEmpty())
            combo->setItemText(0, recipeText(combo->objectName()));
    static_cast<ScaledIntSpinBox *>(m_batch)->setNamedValue(0, recipeText(QStringLiteral("batch")));
    static_cast<ScaledIntSpinBox *>(m_loraRank)->setNamedValue(0, recipeText(m_loraRank->objectName()));
    updateTaskDependentFields();
}

WorkloadFormValues WorkloadForm::values() const
{
    WorkloadFormValues v;
    v.modelId = m_model->currentData().toString();
    v.customConfigPath = m_customConfigPath;
    v.task = m_task->currentData().toString();
    v.weightPrecision = m_weightPrecision->currentData().toString();
    v.kvPrecision = m_kvPrecision->currentData().toString();
    v.batch = m_batch->value();
    v.inputTokens = m_inputTokens->value();
    v.outputTokens = m_outputTokens->value();
    v.sequenceLength = m_sequenceLength->value();
    v.gpus = m_gpus->value();
    v.tensorParallel = m_tensorParallel->value();
    v.pipelineParallel = m_pipelineParallel->value();
    if (const QString zero = m_zeroStage->currentData().toString(); !zero.isEmpty())
        v.zeroStage = zero.toInt();
    v.recompute = m_recompute->currentData().toString();
    v.profileId = m_profile->currentData().toString();
    if (m_usdPerGpuHour->value() > 0.0)
        v.usdPerGpuHour = m_usdPerGpuHour->value();
    v.usdPerKwh = m_usdPerKwh->value();
    v.trainTokensBillions = m_trainTokens->value() / 1e9;
    v.concurrency = m_concurrency->value();
    v.requestRate = m_requestRate->value();
    v.ttftP90TargetMs = m_ttftTarget->value();
    v.tpotP90TargetMs = m_tpotTarget->value();
    v.maxNumSeqs = m_maxNumSeqs->value();
    const QStringList dataset = m_dataset->currentData().toString().split(u':');
    v.dataset = dataset.value(0) == QLatin1String("fixed") ? QString() : dataset.value(0);
    v.randomRangeRatio = dataset.value(1).toDouble();
    v.microBatch = m_microBatch->value();
    v.virtualStages = m_virtualStages->value();
    v.contextParallel = m_contextParallel->value();
    v.expertParallel = m_expertParallel->value();
    v.gpusPerNode = m_gpusPerNode->value();
    v.networkGbps = networkText();
    v.activationPrecision = m_activationPrecision->currentData().toString();
    v.optimizer = m_optimizer->currentData().toString();
    v.loraRank = m_loraRank->value();
    v.ownYears = m_ownYears->value();
    return v;
}

void WorkloadForm::setValues(const WorkloadFormValues &v)
{
    const bool wasSilent = m_silent;
    m_silent = true;
    m_customConfigPath = v.customConfigPath;
    showCustomModel(v.modelId.isEmpty());
    if (!v.modelId.isEmpty())
        selectData(m_model, v.modelId);
    selectData(m_task, v.task);
    selectData(m_weightPrecision, v.weightPrecision);
    selectData(m_kvPrecision, v.kvPrecision);
    m_batch->setValue(v.batch);
    m_inputTokens->setValue(v.inputTokens);
    m_outputTokens->setValue(v.outputTokens);
    m_sequenceLength->setValue(v.sequenceLength);
    m_gpus->setValue(v.gpus);
    m_tensorParallel->setValue(v.tensorParallel);
    m_pipelineParallel->setValue(v.pipelineParallel);
    selectData(m_zeroStage, v.zeroStage ? QString::number(*v.zeroStage) : QString());
    selectData(m_recompute, v.recompute);
    selectData(m_profile, v.profileId);
    m_usdPerGpuHour->setValue(v.usdPerGpuHour.value_or(0.0));
    m_usdPerKwh->setValue(v.usdPerKwh);
    m_trainTokens->setValue(v.trainTokensBillions * 1e9);
    {
        // Both at once, without clearing each other on the way.
        const QSignalBlocker usersBlocker(m_concurrency);
        const QSignalBlocker rateBlocker(m_requestRate);
        m_concurrency->setValue(v.concurrency);
        m_requestRate->setValue(v.requestRate);
    }
    m_ttftTarget->setValue(v.ttftP90TargetMs);
    m_tpotTarget->setValue(v.tpotP90TargetMs);
    m_maxNumSeqs->setValue(v.maxNumSeqs);
    QString dataset = v.dataset.isEmpty() ? QStringLiteral("fixed") : v.dataset;
    if (dataset == QLatin1String("random"))
        dataset += u':' + QString::number(v.randomRangeRatio);
    if (m_dataset->findData(dataset) < 0) // a ratio or a file a scenario set: shown as it is
        m_dataset->addItem(dataset, dataset);
    selectData(m_dataset, dataset);
    m_microBatch->setValue(v.microBatch);
    m_virtualStages->setValue(v.virtualStages);
    m_contextParallel->setValue(v.contextParallel);
    m_expertParallel->setValue(v.expertParallel);
    selectData(m_activationPrecision, v.activationPrecision);
    selectData(m_optimizer, v.optimizer);
    m_loraRank->setValue(v.loraRank);
    m_ownYears->setValue(v.ownYears);
    m_lastTask = m_task->currentData().toString(); // its precisions are the ones given, not reset
    m_gpusPerNode->setValue(v.gpusPerNode);
    if (const int preset = m_network->findData(v.networkGbps); preset >= 0)
        m_network->setCurrentIndex(preset);
    else
        m_network->setEditText(v.networkGbps);
    m_silent = wasSilent;
    emitChanged();
}

template <typename Spin> void WorkloadForm::watchText(const QString &field, Spin *spin)
{
    m_fields[field].inputProblem = [spin] { return spin->problem(); };
    // A text the field cannot read changes no value: say so at once, and let the window mark its result.
    connect(spin->textEdit(), &QLineEdit::textChanged, this, [this, field] {
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
    if (field.inputProblem)
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
